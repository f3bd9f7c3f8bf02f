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

/** reference §10.2 POJ: the language name users pick → the submit form's `language`. */
export const POJ_LANGUAGES: Record<string, string> = {
  'G++': '0',
  GCC: '1',
  Java: '2',
  Pascal: '3',
  'C++': '4',
  C: '5',
  Fortran: '6',
};

/** reference §10.2 POJ status map; any other text (Waiting…) is still pending. */
export const POJ_VERDICTS: Record<string, number> = {
  Compiling: JudgeStatus.COMPILING,
  'Running & Judging': JudgeStatus.JUDGING,
  Accepted: JudgeStatus.ACCEPTED,
  'Presentation Error': JudgeStatus.PRESENTATION_ERROR,
  'Time Limit Exceeded': JudgeStatus.TIME_LIMIT_EXCEEDED,
  'Memory Limit Exceeded': JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  'Wrong Answer': JudgeStatus.WRONG_ANSWER,
  'Runtime Error': JudgeStatus.RUNTIME_ERROR,
  'Output Limit Exceeded': JudgeStatus.RUNTIME_ERROR,
  'Compile Error': JudgeStatus.COMPILE_ERROR,
};

const UNFINISHED: readonly number[] = [JudgeStatus.PENDING, JudgeStatus.COMPILING, JudgeStatus.JUDGING];

/** Waits of the protocol; tests shorten them (in process, or VERDICT_REMOTE_FAST=1 for a worker process). */
export const POJ_TIMING = {
  runIdRetryMs: process.env.VERDICT_REMOTE_FAST === '1' ? 50 : 2_000,
};

const number = (text: string | undefined) => (text && /^\d+$/.test(text) ? Number(text) : 0);

/**
 * POJ shows a run (its result page) only to the account that submitted it: the server hands a
 * rejudge the same account (claim-remote.ts), and poll() logs in again when the session is gone.
 */
class PojSession implements SiteSession {
  private loggedIn = false;

  constructor(
    private readonly http: HttpSession,
    private readonly account: RemoteAccount,
  ) {}

  async login(): Promise<void> {
    this.http.clearCookies();
    const res = await this.http.postForm('/login', {
      user_id1: this.account.username,
      password1: this.account.password,
      B1: 'login',
      url: '.',
    });
    // POJ answers 302 either way; only the home page tells whether the password was right
    const home = res.status === 302 ? await this.http.get('/') : undefined;
    if (!home?.body.includes(this.account.username) || !home.body.includes('Log Out'))
      throw new RemoteRefused(
        `[POJ] Failed to login with account ${this.account.username}: wrong account or password`,
      );
    this.loggedIn = true;
  }

  async submit(problemId: string, language: string, code: string): Promise<string> {
    const languageId = POJ_LANGUAGES[language];
    if (languageId === undefined) throw new RemoteRefused(`[POJ] Unknown language: ${language}`);
    const res = await this.http.postForm('/submit', {
      language: languageId,
      submit: 'Submit',
      problem_id: problemId,
      source: Buffer.from(antiDuplicateTail(code)).toString('base64'),
      encoded: '1',
    });
    if ((res.status !== 200 && res.status !== 302) || res.body.includes('Error Occurred')) {
      const why = capture(res.body, /<li>([^<]+)<\/li>/) ?? `the site answered HTTP ${res.status}`;
      throw new RemoteRefused(`[POJ] [${problemId}] Failed to submit code: ${why.trim()}`);
    }
    const path = `/status?user_id=${encodeURIComponent(this.account.username)}&problem_id=${problemId}`;
    for (let attempt = 1; ; attempt++) {
      const id = capture((await this.http.get(path)).body, /<tr align=center><td>(\d+)/);
      if (id) return id;
      if (attempt === 2) throw new Error('no run of this account in the status list');
      await sleep(POJ_TIMING.runIdRetryMs);
    }
  }

  async poll(_problemId: string, runId: string): Promise<RemotePoll> {
    if (!this.loggedIn) await this.login();
    const res = await this.http.get(`/showsource?solution_id=${runId}`);
    const result = capture(res.body, /<b>Result:<\/b>(.+?)<\/td>/);
    if (result === undefined) throw new Error(`[POJ] run ${runId} has no result on its page`);
    const text = unescapeHtml(result.replace(/<[^>]*>/g, '')).trim();
    const status = POJ_VERDICTS[text] ?? JudgeStatus.PENDING;
    if (UNFINISHED.includes(status)) return { status, final: false };
    if (status === JudgeStatus.COMPILE_ERROR) {
      const info = await this.http.get(`/showcompileinfo?solution_id=${runId}`);
      const message = unescapeHtml(capture(info.body, /<pre>([\s\S]*?)<\/pre>/) ?? '');
      return { status, final: true, time: 0, memory: 0, errorMessage: message };
    }
    return {
      status,
      final: true,
      time: number(capture(res.body, /<b>Time:<\/b> ([-\d]+)/)),
      memory: number(capture(res.body, /<b>Memory:<\/b> ([-\d]+)/)),
    };
  }
}

export const poj: RemoteSite = {
  oj: 'POJ',
  open: (http, account) => new PojSession(http, account),
};
