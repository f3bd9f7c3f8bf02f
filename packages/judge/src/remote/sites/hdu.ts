import { setTimeout as sleep } from 'node:timers/promises';
import { JudgeStatus } from '@verdict/shared';
import { unescapeHtml, type HttpSession } from '@verdict/shared/node';
import {
  antiDuplicateTail,
  capture,
  RemoteRefused,
  type RemoteAccount,
  type RemotePoll,
  type RemoteSite,
  type SiteSession,
} from '../site.ts';

/** reference §10.2 HDU: the language name users pick → the submit form's `language`. */
export const HDU_LANGUAGES: Record<string, string> = {
  'G++': '0',
  GCC: '1',
  'C++': '2',
  C: '3',
  Pascal: '4',
  Java: '5',
  'C#': '6',
};

/** reference §10.2 HDU status map (any "Runtime Error…" text is a runtime error; unknown → Pending). */
export const HDU_VERDICTS: Record<string, number> = {
  Submitted: JudgeStatus.PENDING,
  Queuing: JudgeStatus.PENDING,
  Compiling: JudgeStatus.COMPILING,
  Running: JudgeStatus.JUDGING,
  Accepted: JudgeStatus.ACCEPTED,
  'Wrong Answer': JudgeStatus.WRONG_ANSWER,
  'Compilation Error': JudgeStatus.COMPILE_ERROR,
  'Runtime Error': JudgeStatus.RUNTIME_ERROR,
  'Time Limit Exceeded': JudgeStatus.TIME_LIMIT_EXCEEDED,
  'Memory Limit Exceeded': JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  'Output Limit Exceeded': JudgeStatus.RUNTIME_ERROR,
  'Presentation Error': JudgeStatus.PRESENTATION_ERROR,
};

const UNFINISHED: readonly number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING];

export function hduStatusOf(text: string): number {
  if (text.startsWith('Runtime Error')) return JudgeStatus.RUNTIME_ERROR;
  return HDU_VERDICTS[text] ?? JudgeStatus.PENDING;
}

/** Waits of the protocol; tests shorten them (in process, or VERDICT_REMOTE_FAST=1 for a worker process). */
export const HDU_TIMING = {
  /** "Please don't re-submit": HDU limits the submit rate */
  resubmitMs: process.env.VERDICT_REMOTE_FAST === '1' ? 50 : 5_000,
  runIdRetryMs: process.env.VERDICT_REMOTE_FAST === '1' ? 50 : 2_000,
};

/** The text of a table cell (HDU colours verdicts and links CE to its message). */
const cellText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

class HduSession implements SiteSession {
  constructor(
    private readonly http: HttpSession,
    private readonly account: RemoteAccount,
  ) {}

  async login(): Promise<void> {
    this.http.clearCookies();
    const res = await this.http.postForm('/userloginex.php?action=login', {
      username: this.account.username,
      userpass: this.account.password,
      login: 'Sign In',
    });
    if (res.status !== 302)
      throw new RemoteRefused(
        `[HDU] Failed to login with account ${this.account.username}: the site answered HTTP ${res.status}` +
          (res.body.includes('No such user or wrong password') ? ' (no such user or wrong password)' : ''),
      );
  }

  async submit(problemId: string, language: string, code: string): Promise<string> {
    const languageId = HDU_LANGUAGES[language];
    if (languageId === undefined) throw new RemoteRefused(`[HDU] Unknown language: ${language}`);
    // HDU's submit page sends the code URL-encoded, then Base64 (the page's own script does so)
    const form = {
      check: '0',
      language: languageId,
      problemid: problemId,
      _usercode: Buffer.from(encodeURIComponent(antiDuplicateTail(code))).toString('base64'),
    };
    let res = await this.http.postForm('/submit.php?action=submit', form);
    if (res.status === 200 && res.body.includes("Please don't re-submit")) {
      await sleep(HDU_TIMING.resubmitMs);
      res = await this.http.postForm('/submit.php?action=submit', form);
    }
    // a redirect to the login page is not a submit
    if (res.status !== 302 || res.location?.includes('userloginex')) {
      const why = capture(res.body, /<li>([^<]+)<\/li>/) ?? `the site answered HTTP ${res.status}`;
      throw new RemoteRefused(`[HDU] [${problemId}] Failed to submit code: ${why.trim()}`);
    }
    const path = `/status.php?user=${encodeURIComponent(this.account.username)}&pid=${problemId}`;
    for (let attempt = 1; ; attempt++) {
      const id = capture((await this.http.get(path)).body, /<td height=22px>(\d+)/);
      if (id) return id;
      if (attempt === 2) throw new Error('no run of this account in the status list');
      await sleep(HDU_TIMING.runIdRetryMs);
    }
  }

  async poll(_problemId: string, runId: string): Promise<RemotePoll> {
    const res = await this.http.get(`/status.php?first=${runId}`);
    // the run's row: id, submit time, status, problem, time, memory, length, language, author
    const row = new RegExp(
      `>${runId}</td><td>[\\s\\S]*?</td><td>([\\s\\S]*?)</td><td>[\\s\\S]*?</td><td>(\\d*)MS</td><td>(\\d*)K</td>`,
    ).exec(res.body);
    if (!row) throw new Error(`[HDU] run ${runId} is not in the status page`);
    const status = hduStatusOf(cellText(row[1]!));
    if (UNFINISHED.includes(status)) return { status, final: false };
    const poll: RemotePoll = { status, final: true, time: Number(row[2] || 0), memory: Number(row[3] || 0) };
    if (status === JudgeStatus.COMPILE_ERROR) {
      const error = await this.http.get(`/viewerror.php?rid=${runId}`);
      poll.errorMessage = unescapeHtml(capture(error.body, /<pre>([\s\S]*?)<\/pre>/) ?? '');
    }
    return poll;
  }
}

export const hdu: RemoteSite = {
  oj: 'HDU',
  open: (http, account) => new HduSession(http, account),
};
