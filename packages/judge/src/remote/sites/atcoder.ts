import { setTimeout as sleep } from 'node:timers/promises';
import { ATCODER_LANGUAGES, JudgeStatus } from '@verdict/shared';
import { unescapeHtml, type HttpSession, type SiteResponse } from '@verdict/shared/node';
import {
  capture,
  RemoteRefused,
  type RemoteAccount,
  type RemotePoll,
  type RemoteSite,
  type SiteSession,
} from '../site.ts';

/** reference §10.2 AtCoder status map (WJ / WR wait for a judge: Pending). */
export const AC_VERDICTS: Record<string, number> = {
  CE: JudgeStatus.COMPILE_ERROR,
  RE: JudgeStatus.RUNTIME_ERROR,
  QLE: JudgeStatus.RUNTIME_ERROR,
  OLE: JudgeStatus.RUNTIME_ERROR,
  IE: JudgeStatus.RUNTIME_ERROR,
  WA: JudgeStatus.WRONG_ANSWER,
  AC: JudgeStatus.ACCEPTED,
  TLE: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MLE: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  WJ: JudgeStatus.PENDING,
  WR: JudgeStatus.PENDING,
  Judging: JudgeStatus.JUDGING,
};
const UNFINISHED: readonly number[] = [JudgeStatus.PENDING, JudgeStatus.JUDGING];

const LANGUAGE_IDS = new Map(ATCODER_LANGUAGES);

/** reference §10.2: `abc110_a` (any case) → contest `abc110`, task screen name `abc110_a`. */
export function parseAtCoderId(id: string): { contest: string; task: string } {
  const task = id.toLowerCase();
  if (!/^[a-z0-9-]+_[a-z0-9_]+$/.test(task))
    throw new RemoteRefused(`[AtCoder] Unknown problem id: ${id}, must be like abc110_a`);
  return { contest: task.slice(0, task.indexOf('_')), task };
}

/** Waits of the protocol; tests shorten them (in process, or VERDICT_REMOTE_FAST=1 for a worker process). */
export const ATCODER_TIMING = {
  /** one second of the site's "Wait for N second" */
  secondMs: process.env.VERDICT_REMOTE_FAST === '1' ? 10 : 1_000,
  /** the submissions list lags the submit (HOJ waits 3 s) */
  runIdDelayMs: process.env.VERDICT_REMOTE_FAST === '1' ? 50 : 3_000,
};

class AtCoderSession implements SiteSession {
  private csrf = '';

  constructor(
    private readonly http: HttpSession,
    private readonly account: RemoteAccount,
  ) {}

  async login(): Promise<void> {
    const page = await this.http.get('/login');
    this.csrf = capture(page.body, /var csrfToken = "([^"]*)"/) ?? '';
    const res = await this.http.postForm('/login', {
      username: this.account.username,
      password: this.account.password,
      csrf_token: this.csrf,
    });
    // AtCoder answers a refused login with the form again (or a redirect back to /login)
    if (res.status !== 302 || /^(?:https?:\/\/[^/]+)?\/login/.test(res.location ?? ''))
      throw new RemoteRefused(`[AtCoder] Failed to Login, the response status:${res.status}`);
  }

  private postSubmit(contest: string, task: string, languageId: string, code: string): Promise<SiteResponse> {
    return this.http.postForm(`/contests/${contest}/submit`, {
      'data.TaskScreenName': task,
      'data.LanguageId': languageId,
      sourceCode: code,
      csrf_token: this.csrf,
    });
  }

  async submit(problemId: string, language: string, code: string): Promise<string> {
    const { contest, task } = parseAtCoderId(problemId);
    const languageId = LANGUAGE_IDS.get(language);
    if (!languageId) throw new RemoteRefused(`[AtCoder] Unknown language: ${language}`);
    let res = await this.postSubmit(contest, task, languageId, code);
    const wait =
      res.status === 200 ? capture(res.body, /Wait for (\d+) second to submit again\./) : undefined;
    if (wait !== undefined) {
      // reference §10.2: submitting too fast; sleep N + 1 seconds and try once more
      await sleep((Number(wait) + 1) * ATCODER_TIMING.secondMs);
      res = await this.postSubmit(contest, task, languageId, code);
    }
    if (res.status !== 302) {
      const why = capture(
        res.body,
        /<div class="alert alert-(?:danger|warning)[^>]*>[\s\S]*?<\/button>\s*([^<]+)</,
      );
      throw new RemoteRefused(
        `[AtCoder] Failed to Submit, the response status:${res.status}${why ? ` (${why.trim()})` : ''}`,
      );
    }
    await sleep(ATCODER_TIMING.runIdDelayMs);
    for (let attempt = 1; ; attempt++) {
      const list = await this.http.get(
        `/contests/${contest}/submissions?f.Task=${task}&f.User=${encodeURIComponent(this.account.username)}`,
      );
      const id = capture(
        list.body,
        new RegExp(`<a href="/contests/${contest}/submissions/(\\d+)"[^>]*>Detail</a>`),
      );
      if (id) return id;
      if (attempt === 2) throw new RemoteRefused(`[AtCoder] Failed to find the run id of ${task}`);
      await sleep(ATCODER_TIMING.runIdDelayMs);
    }
  }

  async poll(problemId: string, runId: string): Promise<RemotePoll> {
    const { contest } = parseAtCoderId(problemId);
    const res = await this.http.get(`/contests/${contest}/submissions/${runId}`);
    if (res.status !== 200) throw new Error(`[AtCoder] the submission page answered HTTP ${res.status}`);
    const text = capture(
      res.body,
      /<th>Status<\/th>[\s\S]*?<td id="judge-status" class="[^"]*"><span [^>]*>([\s\S]*?)<\/span><\/td>/,
    );
    if (text === undefined) throw new Error('[AtCoder] the submission page has no judge status');
    // while judging the status reads "3/12" or "3/12 WA": tests are still running
    const status = /^\d+\/\d+/.test(text.trim()) ? JudgeStatus.JUDGING : AC_VERDICTS[text.trim()];
    if (status === undefined) throw new Error(`[AtCoder] unknown status ${text}`);
    if (UNFINISHED.includes(status)) return { status, final: false };
    const time = capture(res.body, /<th>Exec Time<\/th>[\s\S]*?<td[^>]*>(\d+) ms<\/td>/);
    const memory = capture(res.body, /<th>Memory<\/th>[\s\S]*?<td[^>]*>(\d+) KB<\/td>/);
    const poll: RemotePoll = { status, final: true, time: Number(time ?? 0), memory: Number(memory ?? 0) };
    if (status === JudgeStatus.COMPILE_ERROR)
      poll.errorMessage = unescapeHtml(
        capture(res.body, /<h4>Compile Error<\/h4>[\s\S]*?<pre>([\s\S]*?)<\/pre>/) ?? '',
      );
    return poll;
  }
}

export const atcoder: RemoteSite = {
  oj: 'AC',
  open: (http, account) => new AtCoderSession(http, account),
};
