import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeSiteServer } from './site-server.ts';

/**
 * A local AtCoder for the adapter's tests (reference §10.2, §10.3): the login form with its
 * `var csrfToken`, a REVEL_SESSION cookie, the submit form (302 on success; 200 with "Wait for N
 * second to submit again." when an account submits too fast), the submissions list with its
 * "Detail" links, the submission page (judge-status span, Exec Time, Memory, Compile Error) and
 * task pages shaped like the real ones (Japanese and English sections). The outcome of each run is
 * scripted by the test (`outcome`).
 */
export interface AcOutcome {
  /** the final status text, e.g. AC, WA, CE */
  verdict: string;
  /** polls that answer WJ, then "1/3" while judging, before the verdict (default 1) */
  waitingPolls?: number;
  never?: boolean;
  ceText?: string;
}

interface Run {
  id: number;
  user: string;
  contest: string;
  task: string;
  languageId: string;
  source: string;
  outcome: AcOutcome;
  polls: number;
}

export class FakeAtCoder extends FakeSiteServer {
  readonly accounts = new Map<string, string>();
  outcome: AcOutcome = { verdict: 'AC' };
  /** language ids the contest does not accept */
  refusedLanguages = new Set<string>();
  /** an account that submits again within this many ms is told to wait (0: never) */
  throttleMs = 0;
  /** how long one second of "Wait for N second" lasts here (the tests shorten the adapter's too) */
  secondMs = 1_000;
  throttled = 0;
  readonly runs: Run[] = [];
  readonly tasks = new Set(['abc110_a', 'abc110_b']);
  maxConcurrentPerUser = 0;
  private readonly inFlight = new Map<string, number>();
  private readonly lastSubmit = new Map<string, number>();
  private readonly sessions = new Map<string, { user?: string; csrf: string }>();
  private nextRunId = 40_000_000;

  private page(user: string | undefined, csrf: string, content: string, title = 'AtCoder'): string {
    const nav = user
      ? `<li><a href="/users/${user}">${user}</a></li><li><a href="javascript:form_logout.submit()">Sign Out</a></li>`
      : '<li><a href="/register">Sign Up</a></li><li><a href="/login">Sign In</a></li>';
    return `<!DOCTYPE html><html><head><title>${title}</title>
<script>var LANG = "en"; var userScreenName = "${user ?? ''}"; var csrfToken = "${csrf}"</script></head>
<body><nav><ul class="nav navbar-nav navbar-right">${nav}</ul></nav>
<div id="main-container" class="container">${content}</div></body></html>`;
  }

  private alert(message: string): string {
    return `<div class="alert alert-danger alert-dismissible col-sm-12 fade in" role="alert"><button type="button" class="close" data-dismiss="alert" aria-label="Close"><span aria-hidden="true">&times;</span></button>
			${message}</div>`;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, this.url);
    const cookie = /REVEL_SESSION=(\w+)/.exec(req.headers.cookie ?? '')?.[1];
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    let key = cookie && this.sessions.has(cookie) ? cookie : undefined;
    if (!key) {
      key = randomBytes(12).toString('hex');
      this.sessions.set(key, { csrf: randomBytes(16).toString('base64') });
      headers['set-cookie'] = `REVEL_SESSION=${key}; Path=/; HttpOnly`;
    }
    const session = this.sessions.get(key)!;
    const send = (status: number, html: string, location?: string): void => {
      res.writeHead(status, { ...headers, ...(location ? { location } : {}) }).end(html);
    };
    const path = url.pathname;
    const form = req.method === 'POST' ? await this.form(req) : new URLSearchParams();
    const loginForm = (error = '') =>
      this.page(
        session.user,
        session.csrf,
        `${error}<form action="" method="POST"><input type="hidden" name="csrf_token" value="${session.csrf}" /></form>`,
        'Sign In - AtCoder',
      );

    if (path === '/login' && req.method === 'GET') return send(200, loginForm());
    if (path === '/login' && req.method === 'POST') {
      const ok =
        form.get('csrf_token') === session.csrf &&
        this.accounts.get(form.get('username') ?? '') === form.get('password');
      if (!ok) return send(200, loginForm(this.alert('Username or Password is incorrect.')));
      session.user = form.get('username')!;
      return send(302, '', '/home');
    }
    const submit = /^\/contests\/(\w+)\/submit$/.exec(path);
    if (submit && req.method === 'POST') {
      const user = session.user;
      if (!user || form.get('csrf_token') !== session.csrf) return send(302, '', '/login?continue=' + path);
      const last = this.lastSubmit.get(user);
      if (this.throttleMs > 0 && last !== undefined && Date.now() - last < this.throttleMs) {
        this.throttled++;
        return send(
          200,
          this.page(
            user,
            session.csrf,
            this.alert(
              `Wait for ${Math.ceil((this.throttleMs - (Date.now() - last)) / this.secondMs)} second to submit again.`,
            ),
          ),
        );
      }
      const task = form.get('data.TaskScreenName') ?? '';
      const languageId = form.get('data.LanguageId') ?? '';
      if (!this.tasks.has(task) || !task.startsWith(`${submit[1]}_`))
        return send(200, this.page(user, session.csrf, this.alert('Task not found.')));
      if (this.refusedLanguages.has(languageId))
        return send(200, this.page(user, session.csrf, this.alert('Invalid language.')));
      this.lastSubmit.set(user, Date.now());
      const n = (this.inFlight.get(user) ?? 0) + 1;
      this.inFlight.set(user, n);
      this.maxConcurrentPerUser = Math.max(this.maxConcurrentPerUser, n);
      this.runs.push({
        id: this.nextRunId++,
        user,
        contest: submit[1]!,
        task,
        languageId,
        source: form.get('sourceCode') ?? '',
        outcome: { ...this.outcome },
        polls: 0,
      });
      return send(302, '', `/contests/${submit[1]}/submissions/me`);
    }
    const list = /^\/contests\/(\w+)\/submissions$/.exec(path);
    if (list && req.method === 'GET') {
      const rows = this.runs
        .filter(
          (r) =>
            r.contest === list[1] &&
            r.task === url.searchParams.get('f.Task') &&
            r.user === url.searchParams.get('f.User'),
        )
        .reverse()
        .map(
          (r) =>
            `<tr><td class="no-break"><time class='fixtime fixtime-second'>2026-11-30 10:00:00+0900</time></td>
<td><a href="/contests/${r.contest}/tasks/${r.task}">A - Sum</a></td><td><a href="/users/${r.user}">${r.user}</a></td>
<td class="text-center"><span class='label label-success'>AC</span></td>
<td class="text-center"><a href="/contests/${r.contest}/submissions/${r.id}">Detail</a></td></tr>`,
        )
        .join('\n');
      return send(
        200,
        this.page(session.user, session.csrf, `<table class="table"><tbody>${rows}</tbody></table>`),
      );
    }
    const detail = /^\/contests\/(\w+)\/submissions\/(\d+)$/.exec(path);
    if (detail && req.method === 'GET') {
      const run = this.runs.find((r) => String(r.id) === detail[2] && r.contest === detail[1]);
      if (!run) return send(404, this.page(session.user, session.csrf, 'Not Found'));
      return send(200, this.page(session.user, session.csrf, this.submissionPage(run)));
    }
    const task = /^\/contests\/(\w+)\/tasks\/(\w+)$/.exec(path);
    if (task && req.method === 'GET') {
      if (!this.tasks.has(task[2]!))
        return send(404, this.page(session.user, session.csrf, '404 Page Not Found'));
      return send(200, taskPage(task[2]!));
    }
    send(404, this.page(session.user, session.csrf, '404 Page Not Found'));
  }

  private submissionPage(run: Run): string {
    run.polls++;
    const { outcome } = run;
    const waiting = outcome.waitingPolls ?? 1;
    let text: string;
    if (outcome.never || run.polls <= waiting) text = run.polls % 2 ? 'WJ' : '1/3';
    else {
      text = outcome.verdict;
      if (run.polls === waiting + 1) this.inFlight.set(run.user, (this.inFlight.get(run.user) ?? 1) - 1);
    }
    const final = text === outcome.verdict;
    const ce =
      final && text === 'CE'
        ? `<h4>Compile Error</h4>\n<pre>${(outcome.ceText ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</pre>`
        : '';
    return `<p><span class="h2">Submission #${run.id}</span></p>
<h4>Source Code</h4><pre id="submission-code" class="prettyprint linenums">${run.source.replace(/</g, '&lt;')}</pre>
<h4>Submission Info</h4><div class="panel panel-default"><table class="table table-bordered table-striped">
<tr><th class="col-sm-4">Submission Time</th><td class="text-center"><time class='fixtime-full'>2026-11-30 10:00:00+0900</time></td></tr>
<tr><th>Task</th><td class="text-center"><a href="/contests/${run.contest}/tasks/${run.task}">A - Sum</a></td></tr>
<tr><th>User</th><td class="text-center"><a href="/users/${run.user}">${run.user}</a></td></tr>
<tr><th>Score</th><td class="text-center">${text === 'AC' ? 100 : 0}</td></tr>
<tr><th>Status</th><td id="judge-status" class="text-center"><span class='label label-${text === 'AC' ? 'success' : 'warning'}' data-toggle='tooltip' data-placement='top' title="${text}">${text}</span></td></tr>
${final && text !== 'CE' ? '<tr><th>Exec Time</th><td class="text-center">12 ms</td></tr>\n<tr><th>Memory</th><td class="text-center">3876 KB</td></tr>' : ''}
</table></div>${ce}`;
  }
}

/** A task page shaped like AtCoder's (reference §10.3): Japanese then English statement. */
export function taskPage(task: string): string {
  const section = (title: string, body: string) =>
    `<div class="part">\n<section>\n<h3>${title}</h3>${body}\n</section>\n</div>`;
  return `<!DOCTYPE html><html><head><title>A - Sum of Three</title></head><body>
<div id="main-container" class="container"><div class="row"><div class="col-sm-12">
<span class="h2">A - Sum of Three</span>
<p>
	Time Limit: 2 sec / Memory Limit: 1024 MB
</p>
<div id="task-statement">
<span class="lang">
<span class="lang-ja">
<p>配点 : <var>100</var> 点</p>
${section('問題文', '<p>整数 <var>A, B, C</var> が与えられます。</p>')}
${section('入力例 1', '<pre>1 2 3\n</pre>')}
</span>
<span class="lang-en">
<p>Score : <var>100</var> points</p>
${section('Problem Statement', '<p>You are given integers <var>A, B</var> and <var>C</var> <img src="/img/other/abc110/sum.png" alt="" />.</p>')}
${section('Constraints', '<ul>\n<li><var>1 \\leq A, B, C \\leq 9</var></li>\n</ul>')}
<hr />
<div class="io-style">
${section('Input', '<p>Input is given from Standard Input in the following format:</p>\n<pre><var>A</var> <var>B</var> <var>C</var>\n</pre>')}
${section('Output', '<p>Print the sum.</p>')}
</div>
<hr />
${section('Sample Input 1', '<pre>1 5 2\n</pre>')}
${section('Sample Output 1', '<pre>8\n</pre>\n<p>1 + 5 + 2 = 8.</p>')}
${section('Sample Input 2', '<pre>9 9 9\n</pre>')}
${section('Sample Output 2', '<pre>27\n</pre>')}
</span>
</span>
</div>
</div></div></div>
<p>Task: ${task}</p></body></html>`;
}
