import { setTimeout as sleep } from 'node:timers/promises';
import { JudgeStatus, LIBREOJ_LANGUAGES } from '@verdict/shared';
import type { HttpSession, SiteResponse } from '@verdict/shared/node';
import {
  RemoteRefused,
  type RemoteAccount,
  type RemotePoll,
  type RemoteSite,
  type SiteSession,
} from '../site.ts';

/** reference §10.2 LibreOJ status map (`meta.status`). */
export const LIBRE_VERDICTS: Record<string, number> = {
  Pending: JudgeStatus.PENDING,
  Accepted: JudgeStatus.ACCEPTED,
  PartiallyCorrect: JudgeStatus.PARTIAL_ACCEPTED,
  WrongAnswer: JudgeStatus.WRONG_ANSWER,
  CompilationError: JudgeStatus.COMPILE_ERROR,
  RuntimeError: JudgeStatus.RUNTIME_ERROR,
  OutputLimitExceeded: JudgeStatus.RUNTIME_ERROR,
  FileError: JudgeStatus.RUNTIME_ERROR,
  JudgementFailed: JudgeStatus.RUNTIME_ERROR,
  ConfigurationError: JudgeStatus.RUNTIME_ERROR,
  TimeLimitExceeded: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MemoryLimitExceeded: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  SystemError: JudgeStatus.SYSTEM_ERROR,
};

const LANGUAGES = new Map(
  LIBREOJ_LANGUAGES.map(([name, language, options]) => [name, { language, options }]),
);

/**
 * reference §10.2: `LIBRE-<display>` or `LIBRE-<display>(<internal>)`; submissions use the
 * internal id, which the adapter asks the API for when the stored id has none.
 */
export function parseLibreId(id: string): { displayId: number; internalId?: number } {
  const m = /^(\d+)(?:\((\d+)\))?$/.exec(id);
  if (!m) throw new RemoteRefused(`[LibreOJ] Unknown problem id: ${id}`);
  return { displayId: Number(m[1]), ...(m[2] ? { internalId: Number(m[2]) } : {}) };
}

/** Waits of the protocol; tests shorten them (in process, or VERDICT_REMOTE_FAST=1 for a worker process). */
export const LIBREOJ_TIMING = {
  /** before the one retry of a failed login (2 s) or submit (3 s) */
  retryMs: process.env.VERDICT_REMOTE_FAST === '1' ? 20 : 2_500,
};

/** The site's compile output carries terminal colours. */
// eslint-disable-next-line no-control-regex -- the escape character is what is removed
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;]*[a-zA-Z]/g, '');

function json(res: SiteResponse, what: string): Record<string, unknown> {
  try {
    return JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    throw new Error(`[LibreOJ] ${what} answered HTTP ${res.status} without JSON`);
  }
}

class LibreSession implements SiteSession {
  private token = '';

  constructor(
    private readonly http: HttpSession,
    private readonly account: RemoteAccount,
  ) {}

  private post(path: string, body: unknown): Promise<SiteResponse> {
    return this.http.postJson(
      `/api${path}`,
      body,
      this.token ? { authorization: `Bearer ${this.token}` } : {},
    );
  }

  async login(): Promise<void> {
    const credentials = { username: this.account.username, password: this.account.password };
    let res: SiteResponse;
    try {
      res = await this.post('/auth/login', credentials);
    } catch {
      // reference §10.2: one retry after an I/O error
      await sleep(LIBREOJ_TIMING.retryMs);
      res = await this.post('/auth/login', credentials);
    }
    const answer = json(res, 'login');
    if (typeof answer.token !== 'string' || answer.error)
      throw new RemoteRefused(
        `[LibreOJ] Failed to login! The site answered ${String(answer.error ?? res.status)}`,
      );
    this.token = answer.token;
  }

  /** The id submissions use: the internal one, asked of the API when the stored id has none. */
  private async internalId(problemId: string): Promise<number> {
    const { displayId, internalId } = parseLibreId(problemId);
    if (internalId !== undefined) return internalId;
    const answer = json(await this.post('/problem/getProblem', { displayId }), 'getProblem');
    const id = (answer.meta as { id?: number } | undefined)?.id;
    if (typeof id !== 'number') throw new RemoteRefused(`[LibreOJ] No such problem: ${displayId}`);
    return id;
  }

  async submit(problemId: string, language: string, code: string): Promise<string> {
    const choice = LANGUAGES.get(language);
    if (!choice) throw new RemoteRefused(`[LibreOJ] Unknown language: ${language}`);
    const body = {
      problemId: await this.internalId(problemId),
      content: { code, language: choice.language, compileAndRunOptions: choice.options },
      uploadInfo: null,
    };
    let answer = json(await this.post('/submission/submit', body), 'submit');
    if (answer.submissionId === undefined && answer.error === undefined) {
      // reference §10.2: one retry after 3 s when the answer has no id
      await sleep(LIBREOJ_TIMING.retryMs);
      answer = json(await this.post('/submission/submit', body), 'submit');
    }
    if (answer.submissionId === undefined)
      throw new RemoteRefused(`[LibreOJ] Failed to submit! ${String(answer.error ?? '')}`.trim());
    return String(answer.submissionId);
  }

  async poll(_problemId: string, runId: string): Promise<RemotePoll> {
    const answer = json(
      await this.post('/submission/getSubmissionDetail', { submissionId: runId, locale: 'zh_CN' }),
      'getSubmissionDetail',
    );
    if (answer.error) throw new Error(`[LibreOJ] Failed to getSubmitDetail! ${String(answer.error)}`);
    const meta = answer.meta as { status: string; timeUsed?: number | null; memoryUsed?: number | null };
    const progress = answer.progress as
      { progressType?: string; compile?: { message?: string } } | null | undefined;
    const status = LIBRE_VERDICTS[meta.status];
    if (status === undefined || status === JudgeStatus.PENDING) {
      // still in the queue, compiling or running (unknown states are waited on, as HOJ does)
      const step = progress?.progressType;
      return {
        status:
          step === 'Compiling'
            ? JudgeStatus.COMPILING
            : step === 'Running'
              ? JudgeStatus.JUDGING
              : JudgeStatus.PENDING,
        final: false,
      };
    }
    const poll: RemotePoll = { status, final: true, time: meta.timeUsed ?? 0, memory: meta.memoryUsed ?? 0 };
    if (status === JudgeStatus.COMPILE_ERROR) poll.errorMessage = stripAnsi(progress?.compile?.message ?? '');
    return poll;
  }
}

export const libreoj: RemoteSite = {
  oj: 'LIBRE',
  open: (http, account) => new LibreSession(http, account),
};
