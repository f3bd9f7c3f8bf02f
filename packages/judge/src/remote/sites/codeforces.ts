import { JudgeStatus, splitCodeforcesId } from '@verdict/shared';
import { rcpcOf, type HttpSession, type SiteResponse } from '@verdict/shared/node';
import {
  antiDuplicateTail,
  capture,
  RemoteRefused,
  type RemoteAccount,
  type RemotePoll,
  type RemoteSite,
  type SiteSession,
} from '../site.ts';

/** reference §10.2 Codeforces verdict map. */
export const CF_VERDICTS: Record<string, number> = {
  OK: JudgeStatus.ACCEPTED,
  PARTIAL: JudgeStatus.PARTIAL_ACCEPTED,
  COMPILATION_ERROR: JudgeStatus.COMPILE_ERROR,
  RUNTIME_ERROR: JudgeStatus.RUNTIME_ERROR,
  WRONG_ANSWER: JudgeStatus.WRONG_ANSWER,
  PRESENTATION_ERROR: JudgeStatus.PRESENTATION_ERROR,
  TIME_LIMIT_EXCEEDED: JudgeStatus.TIME_LIMIT_EXCEEDED,
  MEMORY_LIMIT_EXCEEDED: JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  IDLENESS_LIMIT_EXCEEDED: JudgeStatus.RUNTIME_ERROR,
  SECURITY_VIOLATED: JudgeStatus.RUNTIME_ERROR,
  CRASHED: JudgeStatus.SYSTEM_ERROR,
  INPUT_PREPARATION_CRASHED: JudgeStatus.SYSTEM_ERROR,
  CHALLENGED: JudgeStatus.SYSTEM_ERROR,
  SKIPPED: JudgeStatus.SYSTEM_ERROR,
  REJECTED: JudgeStatus.SYSTEM_ERROR,
  FAILED: JudgeStatus.SUBMITTED_FAILED,
  TESTING: JudgeStatus.JUDGING,
  'RUNNING & JUDGING': JudgeStatus.JUDGING,
};

/** reference §10.2: the CF language name's prefix → programTypeId (the longest prefix first). */
export const CF_LANGUAGES: [prefix: string, programTypeId: string][] = [
  ['GNU GCC C11', '43'],
  ['Clang++17 Diagnostics', '52'],
  ['GNU G++11', '50'],
  ['GNU G++14', '50'],
  ['GNU G++17', '54'],
  ['GNU G++20', '73'],
  ['Microsoft Visual C++ 2017', '59'],
  ['C# 8', '65'],
  ['C# Mono', '9'],
  ['D DMD32', '28'],
  ['Go', '32'],
  ['Haskell', '12'],
  ['Java 11', '60'],
  ['Java 1.8', '36'],
  ['Kotlin', '48'],
  ['OCaml', '19'],
  ['Delphi', '3'],
  ['Free Pascal', '4'],
  ['PascalABC.NET', '51'],
  ['Perl', '13'],
  ['PHP', '6'],
  ['Python 2', '7'],
  ['Python 3', '31'],
  ['PyPy 2', '40'],
  ['PyPy 3', '41'],
  ['Ruby', '67'],
  ['Rust', '49'],
  ['Scala', '20'],
  ['JavaScript', '34'],
  ['Node.js', '55'],
];

export function cfProgramTypeId(language: string): string | undefined {
  return CF_LANGUAGES.find(([prefix]) => language.startsWith(prefix))?.[1];
}

/** reference §10.2 problem id parsing (splitCodeforcesId); a malformed id is refused. */
export function parseCfProblemId(id: string): { contestId: string; index: string } {
  const parts = splitCodeforcesId(id);
  if (!parts) throw new RemoteRefused(`[Codeforces] Unknown problem id: ${id}`);
  return parts;
}

/** Codeforces' `_tta` form field, computed from the `39ce7` cookie as its page script does. */
export function ttaOf(cookie: string): number {
  let tta = 0;
  for (let c = 0; c < cookie.length; c++) {
    tta = (tta + (c + 1) * (c + 2) * cookie.charCodeAt(c)) % 1009;
    if (c % 3 === 0) tta++;
    if (c % 2 === 0) tta *= 2;
    if (c > 0) tta -= Math.floor(cookie.charCodeAt(Math.floor(c / 2)) / 2) * (tta % 5);
    while (tta < 0) tta += 1009;
    while (tta >= 1009) tta -= 1009;
  }
  return tta;
}

const NO_CE_DETAILS =
  'Oops! Because Codeforces does not provide compilation details, it is unable to provide the reason for compilation failure!';
const LOGIN_FAILED =
  '[Codeforces] Failed to Login, possibly due to incorrect remote judge account or password of codeforces!';

class CodeforcesSession implements SiteSession {
  private csrf: string | undefined;

  /** `gym`: a gym contest's problem (reference §10.2 GYM): its own submit and "my" pages, no submitSource */
  constructor(
    private readonly http: HttpSession,
    private readonly account: RemoteAccount,
    private readonly gym = false,
  ) {}

  private contestPath(contestId: string): string {
    return `/${this.gym ? 'gym' : 'contest'}/${contestId}`;
  }

  /** A GET that passes the anti-bot page once (the RCPC cookie then goes with every request). */
  private async page(path: string): Promise<SiteResponse> {
    let res = await this.http.get(path);
    if (res.body.includes('Redirecting... Please, wait.')) {
      const rcpc = rcpcOf(res.body);
      if (!rcpc) throw new Error('[Codeforces] anti-bot page without its three hex strings');
      this.http.setCookie('RCPC', rcpc);
      res = await this.http.get(path);
    }
    this.csrf = capture(res.body, /data-csrf='(\w+)'/) ?? this.csrf;
    return res;
  }

  private tokens(body: string) {
    return {
      csrf_token: this.csrf ?? '',
      ftaa: this.http.cookie('70a7c28f3de') ?? '',
      bfaa: capture(body, /_bfaa = "(.{32})"/) ?? this.http.cookie('raa') ?? this.http.cookie('bfaa') ?? '',
    };
  }

  async login(): Promise<void> {
    const home = await this.page('/');
    if (home.body.includes('/logout">') && home.body.includes(`<a href="/profile/${this.account.username}"`))
      return;
    const enter = await this.page('/enter');
    const res = await this.http.postForm('/enter', {
      ...this.tokens(enter.body),
      action: 'enter',
      handleOrEmail: this.account.username,
      password: this.account.password,
      remember: 'on',
    });
    if (res.status !== 302) throw new RemoteRefused(LOGIN_FAILED);
  }

  private async postSubmit(contestId: string, index: string, language: string, source: string) {
    const form = await this.page(`${this.contestPath(contestId)}/submit`);
    const programTypeId = cfProgramTypeId(language);
    if (!programTypeId) throw new RemoteRefused(`[Codeforces] Unknown language: ${language}`);
    const tokens = this.tokens(form.body);
    return this.http.postForm(`${this.contestPath(contestId)}/submit?csrf_token=${tokens.csrf_token}`, {
      ...tokens,
      _tta: String(ttaOf(this.http.cookie('39ce7') ?? '')),
      action: 'submitSolutionFormSubmitted',
      submittedProblemIndex: index,
      contestId,
      programTypeId,
      tabsize: '4',
      source,
      sourceCodeConfirmed: 'true',
      doNotShowWarningAgain: 'on',
    });
  }

  async submit(problemId: string, language: string, code: string): Promise<string> {
    const { contestId, index } = parseCfProblemId(problemId);
    const source = antiDuplicateTail(code);
    let res = await this.postSubmit(contestId, index, language, source);
    if (res.status === 403) {
      // the session went stale: log in again and retry once (reference §10.2)
      this.http.clearCookies();
      await this.login();
      res = await this.postSubmit(contestId, index, language, source);
    }
    if (res.body.includes('error for__programTypeId'))
      throw new RemoteRefused(`[Codeforces] The language ${language} is not allowed for this problem`);
    if (res.body.includes('error for__source')) {
      const why = capture(res.body, /error for__source">([^<]*)</) ?? 'the source was refused';
      throw new RemoteRefused(`[Codeforces] ${why}`);
    }
    if (res.status !== 302)
      throw new RemoteRefused(`[Codeforces] Failed to submit code (HTTP ${res.status})`);
    return this.runId(contestId, index);
  }

  /** reference §10.2: after 2 s, the newest `data-submission-id` of "my submissions", three tries 2 s apart. */
  private async runId(contestId: string, index: string): Promise<string> {
    await new Promise((r) => setTimeout(r, CODEFORCES_TIMING.runIdRetryMs)); // the list lags the submit
    for (let attempt = 1; ; attempt++) {
      const res = await this.page(this.gym ? `/gym/${contestId}/my` : '/problemset/status?my=on');
      const id = capture(res.body, /data-submission-id="(\d+)"/);
      if (id) return id;
      if (attempt === 3)
        throw new RemoteRefused(`[Codeforces] Failed to find the run id of ${contestId}${index}`);
      await new Promise((r) => setTimeout(r, CODEFORCES_TIMING.runIdRetryMs));
    }
  }

  async poll(problemId: string, runId: string): Promise<RemotePoll> {
    if (this.gym) return this.pollGym(parseCfProblemId(problemId).contestId, runId);
    if (!this.csrf) await this.page('/problemset/status?my=on');
    const res = await this.http.postForm('/data/submitSource', {
      csrf_token: this.csrf ?? '',
      submissionId: runId,
    });
    if (res.status !== 200) throw new Error(`[Codeforces] submitSource answered HTTP ${res.status}`);
    const info = JSON.parse(res.body) as Record<string, string | undefined>;
    if (info.compilationError === 'true') {
      return {
        status: JudgeStatus.COMPILE_ERROR,
        final: true,
        time: 0,
        memory: 0,
        errorMessage: info['checkerStdoutAndStderr#1'] || NO_CE_DETAILS,
      };
    }
    const testCount = Number(info.testCount ?? 0);
    const cases: NonNullable<RemotePoll['cases']> = [];
    for (let i = 1; i <= testCount; i++) {
      const verdict = info[`verdict#${i}`];
      if (!verdict) continue;
      cases.push({
        seq: i,
        status: CF_VERDICTS[verdict] ?? JudgeStatus.SYSTEM_ERROR,
        time: Number(info[`timeConsumed#${i}`] ?? 0),
        memory: Math.floor(Number(info[`memoryConsumed#${i}`] ?? 0) / 1024),
        message: info[`checkerStdoutAndStderr#${i}`] ?? null,
      });
    }
    if (info.waiting === 'true') return { status: JudgeStatus.JUDGING, final: false, cases };
    const last = info[`verdict#${testCount}`];
    const status =
      last === undefined ? JudgeStatus.SYSTEM_ERROR : (CF_VERDICTS[last] ?? JudgeStatus.SYSTEM_ERROR);
    return {
      status,
      final: status !== JudgeStatus.JUDGING,
      time: Math.max(0, ...cases.map((c) => c.time)),
      memory: Math.max(0, ...cases.map((c) => c.memory)),
      cases,
    };
  }

  /**
   * reference §10.2 GYM: the run's row of `/gym/<contest>/my` (verdict, time in ms, memory in KB);
   * the compile error text from /data/judgeProtocol. Gym gives no per-test rows.
   */
  private async pollGym(contestId: string, runId: string): Promise<RemotePoll> {
    const res = await this.page(`/gym/${contestId}/my`);
    const row = new RegExp(
      `submissionId="${runId}" submissionVerdict="([^"]*)"[\\s\\S]*?<td class="time-consumed-cell">\\s*(\\d+)&nbsp;ms\\s*</td>\\s*<td class="memory-consumed-cell">\\s*(\\d+)&nbsp;KB`,
    ).exec(res.body);
    if (!row) throw new Error(`[GYM] run ${runId} is not on the my-submissions page`);
    const status = CF_VERDICTS[row[1]!];
    if (status === undefined || status === JudgeStatus.JUDGING)
      return { status: JudgeStatus.JUDGING, final: false };
    const poll: RemotePoll = { status, final: true, time: Number(row[2]), memory: Number(row[3]) };
    if (status === JudgeStatus.COMPILE_ERROR) {
      const protocol = await this.http.postForm('/data/judgeProtocol', {
        csrf_token: this.csrf ?? '',
        submissionId: runId,
      });
      // the answer is a JSON string
      poll.errorMessage = protocol.body.startsWith('"')
        ? (JSON.parse(protocol.body) as string)
        : protocol.body || NO_CE_DETAILS;
    }
    return poll;
  }
}

/** Waits of the protocol; tests shorten them (in process, or VERDICT_REMOTE_FAST=1 for a worker process). */
export const CODEFORCES_TIMING = {
  runIdRetryMs: process.env.VERDICT_REMOTE_FAST === '1' ? 50 : 2_000,
};

export const codeforces: RemoteSite = {
  oj: 'CF',
  open: (http, account) => new CodeforcesSession(http, account),
};

/** Codeforces gym problems (GYM-100001A): Codeforces' accounts, languages and login, gym pages. */
export const gym: RemoteSite = {
  oj: 'GYM',
  open: (http, account) => new CodeforcesSession(http, account, true),
};
