import { randomInt } from 'node:crypto';
import type { RemoteOj } from '@verdict/shared';
import type { HttpSession } from '@verdict/shared/node';

/**
 * The per-site adapter of the remote-judge role (reference §10.2). One file per site under
 * `sites/`, registered in `sites/index.ts`; the worker (remote-worker.ts) does the rest: leases,
 * progress, the poll bounds of §10.1, results, and releasing the account on every path.
 */

/** One poll of a remote run: an intermediate state, or the final verdict. */
export interface RemotePoll {
  /** a JudgeStatus: 5/6/7 while the site works, else the verdict */
  status: number;
  final: boolean;
  /** ms, KB (final only) */
  time?: number;
  memory?: number;
  /** compile error text of the site (CE) */
  errorMessage?: string;
  /** per-test rows, where the site gives them (Codeforces); seq from 1 */
  cases?: { seq: number; status: number; time: number; memory: number; message: string | null }[];
}

/** The account of a task, leased by the gateway for this submission alone. */
export interface RemoteAccount {
  username: string;
  password: string;
}

/** What the site said when it refused: the submission ends Submitted Failed with this text. */
export class RemoteRefused extends Error {
  override name = 'RemoteRefused';
}

/** A logged-in (or logging-in) conversation with one site, for one account. */
export interface SiteSession {
  /** Logs in; throws RemoteRefused with the reference's text when the site refuses the account. */
  login(): Promise<void>;
  /** Submits and answers the site's run id; RemoteRefused when the site refuses the code. */
  submit(problemId: string, language: string, code: string): Promise<string>;
  /** One look at a run (rejudge: also after a restart, with a fresh session). */
  poll(problemId: string, runId: string): Promise<RemotePoll>;
}

export interface RemoteSite {
  /** the OJ prefix of the problem ids this adapter judges (GYM shares CF's adapter file) */
  oj: RemoteOj;
  open(http: HttpSession, account: RemoteAccount): SiteSession;
}

/**
 * reference §10.1: HDU, POJ and CF append a newline and a random run of spaces and tabs to the code,
 * so that resubmitting the same code is not refused as a duplicate.
 */
export function antiDuplicateTail(code: string): string {
  let tail = '\n';
  const n = 8 + randomInt(24);
  for (let i = 0; i < n; i++) tail += randomInt(2) ? ' ' : '\t';
  return code + tail;
}

/** The first capture of `pattern` in `text`, or undefined. */
export function capture(text: string, pattern: RegExp): string | undefined {
  return pattern.exec(text)?.[1];
}
