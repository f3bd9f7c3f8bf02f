import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeSiteServer, type FakeOutcome } from './site-server.ts';

/**
 * A local SPOJ (www.spoj.com) for the adapter's and the crawler's tests (reference §10.2, §10.3):
 * login (302, or "Authentication failed!"), /submit/complete/ with its three refusals and the
 * hidden `newSubmissionId`, the status answer in SPOJ's pseudo-JSON (HTML and `\n\t` escapes inside
 * its strings, seconds and "M"/"k" memory), the compile error page, statement pages with tags, and
 * the submit page whose language `<option>`s are the ones the problem allows.
 */
interface Run {
  id: number;
  user: string;
  problemCode: string;
  lang: string;
  source: string;
  outcome: FakeOutcome;
  polls: number;
}

/** The problems served, with the language ids each allows. */
const PROBLEMS: Record<string, string[]> = {
  TEST: ['1', '44', '11', '10', '116', '999'],
  ONLYC: ['11'],
};

export class FakeSpoj extends FakeSiteServer {
  readonly accounts = new Map<string, string>();
  /** verdict: SPOJ's status code (15 accepted, 14 wrong answer…); memory in KB */
  outcome: FakeOutcome = { verdict: '15' };
  readonly runs: Run[] = [];
  private readonly sessions = new Map<string, string>();
  private nextRunId = 31_000_000;

  private send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, this.url);
    let session = this.cookies(req).SPOJ;
    const headers: Record<string, string> = {};
    if (!session) {
      session = randomBytes(12).toString('hex');
      headers['set-cookie'] = `SPOJ=${session}; path=/; HttpOnly`;
    }
    const user = this.sessions.get(session);
    const path = url.pathname;

    if (req.method === 'POST' && path === '/login/') {
      const form = await this.form(req);
      const name = form.get('login_user') ?? '';
      if (form.get('submit') !== 'Log In' || this.accounts.get(name) !== form.get('password'))
        return this.send(
          res,
          200,
          '<div class="alert alert-danger">Authentication failed! <a href="/forgot/">Forgot your password?</a></div>',
          headers,
        );
      this.sessions.set(session, name);
      return this.send(res, 302, '', { ...headers, location: '/' });
    }
    if (req.method === 'POST' && path === '/submit/complete/') {
      if (!user) return this.send(res, 302, '', { ...headers, location: '/login/' });
      const form = await this.form(req);
      const code = form.get('problemcode') ?? '';
      const lang = form.get('lang') ?? '';
      const source = form.get('file') ?? '';
      const page = (text: string) =>
        this.send(res, 200, `<div class="container"><h3>${text}</h3></div>`, headers);
      if (!PROBLEMS[code]) return page('Wrong problem code!');
      if (!PROBLEMS[code].includes(lang))
        return page("You can't submit in this language for this problem. Try again!");
      if (source.length > 50_000) return page('Your solution is too long. Try again!');
      const run: Run = {
        id: this.nextRunId++,
        user,
        problemCode: code,
        lang,
        source,
        outcome: { ...this.outcome },
        polls: 0,
      };
      this.runs.push(run);
      return page(
        `Solution submitted!<form><input type="hidden" name="newSubmissionId" value="${run.id}"/></form>`,
      );
    }
    if (req.method === 'POST' && path === '/status/ajax=1,ajaxdiff=1') {
      const ids = ((await this.form(req)).get('ids') ?? '').split(',');
      const rows = this.runs.filter((r) => ids.includes(String(r.id))).map((r) => this.statusEntry(r));
      return this.send(res, 200, `[${rows.join(',')}]`, headers);
    }
    const error = /^\/error\/(\d+)$/.exec(path);
    if (req.method === 'GET' && error) {
      const run = this.runs.find((r) => String(r.id) === error[1]);
      const text = (run?.outcome.ceText ?? '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;');
      return this.send(
        res,
        200,
        `<h3>Compilation error</h3><div align="left"><pre><small>${text}</small></pre></div>`,
        headers,
      );
    }
    const statement = /^\/problems\/(\w+)\/$/.exec(path);
    if (req.method === 'GET' && statement) {
      if (!PROBLEMS[statement[1]!])
        return this.send(res, 302, '', { ...headers, location: '/problems/main/' });
      return this.send(res, 200, spojProblemPage(statement[1]!), headers);
    }
    const submitPage = /^\/submit\/(\w+)\/$/.exec(path);
    if (req.method === 'GET' && submitPage) {
      const allowed = PROBLEMS[submitPage[1]!] ?? [];
      const options = allowed
        .map(
          (id, i) =>
            `<option value="${id}"${i === 0 ? ' selected' : ' '}>${SPOJ_NAMES[id] ?? 'Brand new language (x 1.0)'}</option>`,
        )
        .join('\n');
      return this.send(
        res,
        200,
        `<form method="POST" action="/submit/complete/"><select name="lang" id="lang">${options}</select></form>`,
        headers,
      );
    }
    this.send(res, 404, 'Not Found', headers);
  }

  /** One entry of the status answer, as SPOJ writes it; reading it advances the run. */
  private statusEntry(run: Run): string {
    run.polls++;
    const { outcome } = run;
    const waiting = outcome.never || run.polls <= (outcome.waitingPolls ?? 1);
    const code = waiting ? '1' : outcome.verdict;
    const ce = code === '11';
    const description = waiting
      ? '<td class=\\"statusres text-center\\" status=\\"1\\" final=\\"0\\">\\n\\t<strong>running...<\\/strong>\\n<\\/td>'
      : `<td class=\\"statusres text-center\\" status=\\"${code}\\" final=\\"1\\">\\n\\t<strong>${ce ? 'compilation error' : 'verdict'}<\\/strong>\\n\\t<span class=\\"small\\">edit&nbsp;&nbsp;<a href=\\"\\/files\\/src\\/${run.id}\\/\\">run<\\/a><\\/span>\\n<\\/td>`;
    const time = waiting || ce ? '-' : ((outcome.time ?? 10) / 1000).toFixed(2);
    const memory = outcome.memory ?? 5427;
    const mem = waiting || ce ? '-' : memory >= 1024 ? `${(memory / 1024).toFixed(1)}M` : `${memory}k`;
    return (
      `{"status_description":"${description}", "id":${run.id}, "status":${code},` +
      `"time":"<a href=\\"\\/ranks\\/${run.problemCode}\\/\\" title=\\"See the best solutions\\">\\n\\t\\t\\t${time}\\t\\t\\t<\\/a>",` +
      `"mem":"\\n\\t\\t\\t${mem}\\t\\t\\t","final":"${waiting ? '0' : '1'}"}`
    );
  }
}

const SPOJ_NAMES: Record<string, string> = {
  '1': 'C++ (gcc 8.3)',
  '44': 'C++14 (gcc 8.3)',
  '11': 'C (gcc 8.3)',
  '10': 'Java (HotSpot 12)',
  '116': 'Python 3 (python  3.7.3)',
};

/** A statement page shaped like SPOJ's /problems/<code>/ (reference §10.3). */
export function spojProblemPage(code: string): string {
  return `<!DOCTYPE html><html><body><div class="container">
<div class="col-lg-12 text-center"><h2 id="problem-name" class="text-center">${code} - Life, the Universe, and Everything</h2></div>
<div id="problem-tags" class="text-center"><a href="/problems/tag/basics"><span class="problem-tag" data-tagid="30">#basics<span class="problem-tag-vote" style="display: none"></span></span></a> <a href="/problems/tag/ad-hoc-1"><span class="problem-tag" data-tagid="41">#ad-hoc-1<span class="problem-tag-vote" style="display: none"></span></span></a></div>
<div id="problem-body">
<p>Your program is to use the brute-force approach in order to <em>find the Answer to Life, the Universe, and Everything.</em> <img src="/content/${code.toLowerCase()}.png" alt="42"></p>
<h3>Example</h3><pre><b>Input:</b>
1
2
42
<b>Output:</b>
1
2</pre>
<!-- here starts your code -->
</div>
<div class="text-center"><a href="/submit/${code}/" class="btn btn-primary">Submit solution!</a></div>
<table id="problem-meta" class="probleminfo"><tbody>
<tr><td>Added by:</td><td><a href="/users/mima">Michał Małafiejski</a></td></tr>
<tr><td>Date:</td><td>2004-05-01</td></tr>
<tr><td>Time limit:</td><td>1.5s</td></tr>
<tr><td>Source limit:</td><td>50000B</td></tr>
<tr><td>Memory limit:</td><td>1536MB</td></tr>
</tbody></table></div></body></html>`;
}
