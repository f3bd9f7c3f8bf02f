import { JudgeStatus, spojLanguageId } from '@verdict/shared';
import { unescapeHtml, type HttpSession } from '@verdict/shared/node';
import {
  capture,
  RemoteRefused,
  type RemoteAccount,
  type RemotePoll,
  type RemoteSite,
  type SiteSession,
} from '../site.ts';

/** reference §10.2 SPOJ status codes of a finished run. */
export const SPOJ_VERDICTS: Record<string, number> = {
  '11': JudgeStatus.COMPILE_ERROR,
  '12': JudgeStatus.RUNTIME_ERROR,
  '13': JudgeStatus.TIME_LIMIT_EXCEEDED,
  '14': JudgeStatus.WRONG_ANSWER,
  '15': JudgeStatus.ACCEPTED,
};

/** What the submit page says when it refuses (reference §10.2), and the reason given. */
const SUBMIT_REFUSALS: [marker: string, reason: (problem: string, language: string) => string][] = [
  ['submit in this language for this problem', (p, l) => `the language ${l} is not allowed for ${p}`],
  ['Wrong problem code!', (p) => `wrong problem code ${p}`],
  ['solution is too long', () => 'the solution is too long'],
];

/**
 * One run of SPOJ's status answer: a pseudo-JSON text (HTML inside its strings, `\n` and `\t`
 * escapes) that is not valid JSON; read as the site's own page script does, after dropping the
 * markup: `"id":<run>, "status":<code>,"time":"<s>","mem":"<n>M|k","final":"0|1"`.
 */
export function parseSpojStatus(text: string, runId: string): RemotePoll | undefined {
  const flat = text
    .replace(/\\[nt]/g, '')
    .replace(/>(run|edit|ideone it)</g, '><')
    .replace(/<.*?>/g, '')
    .replace(/&nbsp;/g, '')
    .replace(/\n/g, '');
  const run = new RegExp(
    `"id":\\s*${runId},\\s*"status":\\s*"?(\\d+)"?,\\s*"time":\\s*"([^"]*)",\\s*"mem":\\s*"([^"]*)",\\s*"final":\\s*"(\\d)"`,
  ).exec(flat);
  if (!run) return undefined;
  const [, code, time, mem, final] = run.map((s) => s.trim()) as [string, string, string, string, string];
  if (final !== '1') return { status: JudgeStatus.PENDING, final: false };
  const memory = /^[\d.]+/.exec(mem)?.[0];
  const seconds = /^[\d.]+/.exec(time)?.[0];
  return {
    status: SPOJ_VERDICTS[code] ?? JudgeStatus.SYSTEM_ERROR,
    final: true,
    time: seconds ? Math.round(Number(seconds) * 1000) : 0,
    memory: memory ? Math.round(Number(memory) * (mem.includes('M') ? 1024 : 1)) : 0,
  };
}

class SpojSession implements SiteSession {
  constructor(
    private readonly http: HttpSession,
    private readonly account: RemoteAccount,
  ) {}

  async login(): Promise<void> {
    this.http.clearCookies();
    const res = await this.http.postForm('/login/', {
      login_user: this.account.username,
      password: this.account.password,
      autologin: '1',
      submit: 'Log In',
    });
    if (res.status !== 302 || res.body.includes('Authentication failed'))
      throw new RemoteRefused(
        `[SPOJ] Failed to login with account ${this.account.username}: authentication failed`,
      );
  }

  async submit(problemId: string, language: string, code: string): Promise<string> {
    const lang = spojLanguageId(language);
    if (!lang) throw new RemoteRefused(`[SPOJ] Unknown language: ${language}`);
    const res = await this.http.postForm('/submit/complete/', { lang, problemcode: problemId, file: code });
    const refusal = SUBMIT_REFUSALS.find(([marker]) => res.body.includes(marker));
    if (refusal) throw new RemoteRefused(`[SPOJ] ${refusal[1](problemId, language)}`);
    const runId = capture(res.body, /name="newSubmissionId" value="(\d+)"/);
    if (!runId) throw new Error(`the submit page (HTTP ${res.status}) has no newSubmissionId`);
    return runId;
  }

  async poll(_problemId: string, runId: string): Promise<RemotePoll> {
    const res = await this.http.postForm('/status/ajax=1,ajaxdiff=1', { ids: runId });
    const poll = parseSpojStatus(res.body, runId);
    if (!poll) throw new Error(`[SPOJ] run ${runId} is not in the status answer`);
    if (poll.status === JudgeStatus.COMPILE_ERROR) {
      const error = await this.http.get(`/error/${runId}`);
      const text = capture(error.body, /<div align="left"><pre><small>([\s\S]*?)<\/small><\/pre>/);
      poll.errorMessage = unescapeHtml(text ?? '');
    }
    return poll;
  }
}

export const spoj: RemoteSite = {
  oj: 'SPOJ',
  open: (http, account) => new SpojSession(http, account),
};
