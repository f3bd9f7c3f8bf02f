import { createCipheriv, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ttaOf } from '../../src/remote/sites/codeforces.ts';
import { FakeSiteServer } from './site-server.ts';

/**
 * A local Codeforces for the adapter's tests (reference §10.2, §10.3): the RCPC anti-bot page, login
 * with csrf / ftaa / bfaa tokens and cookies, the submit form (language and duplicate refusals, the
 * `_tta` check, 302 on success), "my submissions" with data-submission-id, /data/submitSource's
 * per-test JSON, and problem statement pages; for gym contests (GYM) the same under `/gym/<id>`: submit,
 * "my" with each run's verdict, time and memory, /data/judgeProtocol's compile text, statements. Pages carry the markers the real ones do; the
 * outcome of each run is scripted by the test (`outcome`).
 */
export interface CfOutcome {
  /** final verdict of the last test, e.g. OK, WRONG_ANSWER, COMPILATION_ERROR */
  verdict: string;
  tests?: number;
  /** polls that answer `waiting` before the verdict (default 1) */
  waitingPolls?: number;
  /** never finish (result timeout) */
  never?: boolean;
  ceText?: string;
}

interface Run {
  id: number;
  gym: boolean;
  user: string;
  contestId: string;
  index: string;
  programTypeId: string;
  source: string;
  outcome: CfOutcome;
  polls: number;
}

export class FakeCodeforces extends FakeSiteServer {
  readonly accounts = new Map<string, string>();
  /** the outcome given to the next runs (tests change it) */
  outcome: CfOutcome = { verdict: 'OK', tests: 3 };
  /** programTypeIds refused (the problem does not allow them) */
  refusedPrograms = new Set<string>();
  /** a source error the submit form shows (the site's own refusal of the code) */
  sourceError: string | undefined;
  readonly runs: Run[] = [];
  /** statements served, as contest/index */
  readonly problems = new Set(['1000/A', '1001/A', '100001/A', '100001/B']);
  /** every user's submits in flight at the same time, to check the pool */
  maxConcurrentPerUser = 0;
  logins = 0;
  private readonly inFlight = new Map<string, number>();
  private readonly sessions = new Map<string, string>(); // JSESSIONID → user
  private readonly csrf = randomBytes(16).toString('hex');
  private readonly rcpc = { key: randomBytes(16), iv: randomBytes(16), plain: randomBytes(16) };
  private nextRunId = 200_000_000;

  private antiBotPage(): string {
    const cipher = createCipheriv('aes-128-cbc', this.rcpc.key, this.rcpc.iv);
    cipher.setAutoPadding(false);
    const c = Buffer.concat([cipher.update(this.rcpc.plain), cipher.final()]).toString('hex');
    return `<html><body>Redirecting... Please, wait.<script type="text/javascript" src="/aes.min.js"></script>
<script>function toNumbers(d){var e=[];d.replace(/(..)/g,function(d){e.push(parseInt(d,16))});return e}
function toHex(){/* … */}var a=toNumbers("${this.rcpc.key.toString('hex')}"),b=toNumbers("${this.rcpc.iv.toString('hex')}"),c=toNumbers("${c}");
document.cookie="RCPC="+toHex(slowAES.decrypt(c,2,a,b))+"; expires=Thu, 31-Dec-37 23:55:55 GMT; path=/";
document.location.href="/";</script></body></html>`;
  }

  private page(user: string | undefined, content: string): string {
    const header = user
      ? `<a href="/profile/${user}">${user}</a> | <a href="/logout">Logout</a>`
      : `<a href="/enter?back=%2F">Enter</a> | <a href="/register">Register</a>`;
    return `<!DOCTYPE html><html><head><meta name="X-Csrf-Token" content="${this.csrf}"/>
<script>window._bfaa = "${'b'.repeat(32)}";</script></head><body>
<div class="lang-chooser">${header}</div><span class="csrf-token" data-csrf='${this.csrf}'>&nbsp;</span>
${content}</body></html>`;
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, this.url);
    const cookies = this.cookies(req);
    if (cookies.RCPC !== this.rcpc.plain.toString('hex')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(this.antiBotPage());
      return;
    }
    let session = cookies.JSESSIONID;
    const headers: Record<string, string | string[]> = { 'content-type': 'text/html;charset=UTF-8' };
    if (!session || (!this.sessions.has(session) && !cookies['70a7c28f3de'])) {
      session = randomBytes(8).toString('hex');
      headers['set-cookie'] = [
        `JSESSIONID=${session}; Path=/; HttpOnly`,
        `70a7c28f3de=${randomBytes(9).toString('hex')}; Path=/`,
        `39ce7=CFh${randomBytes(4).toString('hex')}; Path=/`,
      ];
    }
    const user = this.sessions.get(session);
    const send = (status: number, html: string, location?: string): void => {
      res.writeHead(status, { ...headers, ...(location ? { location } : {}) }).end(html);
    };
    const path = url.pathname;

    if (req.method === 'GET' && path === '/') return send(200, this.page(user, '<div>Codeforces</div>'));
    if (req.method === 'GET' && path === '/enter')
      return send(200, this.page(user, '<form method="post" action="/enter" id="enterForm"></form>'));
    if (req.method === 'POST' && path === '/enter') {
      const form = await this.form(req);
      const ok =
        form.get('csrf_token') === this.csrf &&
        form.get('action') === 'enter' &&
        !!form.get('ftaa') &&
        form.get('bfaa')?.length === 32 &&
        this.accounts.get(form.get('handleOrEmail') ?? '') === form.get('password');
      if (!ok)
        return send(
          200,
          this.page(undefined, '<span class="error for__password">Invalid handle/email or password</span>'),
        );
      this.logins++;
      this.sessions.set(session, form.get('handleOrEmail')!);
      return send(302, '', '/');
    }
    const gymPath = /^\/gym\/\d+\//.test(path);
    const submitPath = /^\/(?:contest|gym)\/(\d+)\/submit$/.exec(path);
    if (submitPath && req.method === 'GET') {
      if (!user) return send(302, '', '/enter?back=' + encodeURIComponent(path));
      return send(
        200,
        this.page(
          user,
          `<form class="submit-form" method="post"><select name="programTypeId"></select></form>`,
        ),
      );
    }
    if (submitPath && req.method === 'POST') {
      if (!user) return send(403, 'Forbidden');
      const form = await this.form(req);
      if (url.searchParams.get('csrf_token') !== this.csrf || form.get('csrf_token') !== this.csrf)
        return send(403, 'Forbidden');
      const expectedTta = ttaOf(cookies['39ce7'] ?? '');
      if (form.get('_tta') !== String(expectedTta)) return send(403, 'Forbidden');
      const programTypeId = form.get('programTypeId') ?? '';
      if (this.refusedPrograms.has(programTypeId))
        return send(
          200,
          this.page(user, '<span class="error for__programTypeId">Language is not allowed</span>'),
        );
      const source = form.get('source') ?? '';
      if (this.sourceError)
        return send(200, this.page(user, `<span class="error for__source">${this.sourceError}</span>`));
      if (this.runs.some((r) => r.user === user && r.source === source))
        return send(
          200,
          this.page(
            user,
            '<span class="error for__source">You have submitted exactly the same code before</span>',
          ),
        );
      const n = (this.inFlight.get(user) ?? 0) + 1;
      this.inFlight.set(user, n);
      this.maxConcurrentPerUser = Math.max(this.maxConcurrentPerUser, n);
      this.runs.push({
        id: this.nextRunId++,
        gym: gymPath,
        user,
        contestId: submitPath[1]!,
        index: form.get('submittedProblemIndex') ?? '',
        programTypeId,
        source,
        outcome: { ...this.outcome },
        polls: 0,
      });
      return send(302, '', `/${gymPath ? 'gym' : 'contest'}/${submitPath[1]}/my`);
    }
    const gymMy = /^\/gym\/(\d+)\/my$/.exec(path);
    if (req.method === 'GET' && gymMy) {
      if (!user) return send(302, '', '/enter?back=' + encodeURIComponent(path));
      const rows = this.runs
        .filter((r) => r.gym && r.user === user && r.contestId === gymMy[1])
        .reverse()
        .map((r) => this.gymRow(r))
        .join('\n');
      return send(200, this.page(user, `<table class="status-frame-datatable">${rows}</table>`));
    }
    if (req.method === 'POST' && path === '/data/judgeProtocol') {
      const form = await this.form(req);
      const run = this.runs.find((r) => String(r.id) === form.get('submissionId'));
      if (form.get('csrf_token') !== this.csrf || !run) return send(403, 'Forbidden');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(run.outcome.ceText ?? ''));
      return;
    }
    if (req.method === 'GET' && path === '/problemset/status') {
      const mine = this.runs.filter((r) => r.user === user).reverse();
      const rows = mine
        .map((r) => `<tr data-submission-id="${r.id}"><td class="id-cell">${r.id}</td></tr>`)
        .join('\n');
      return send(200, this.page(user, `<table class="status-frame-datatable">${rows}</table>`));
    }
    if (req.method === 'POST' && path === '/data/submitSource') {
      const form = await this.form(req);
      const run = this.runs.find((r) => String(r.id) === form.get('submissionId'));
      if (form.get('csrf_token') !== this.csrf || !run) return send(403, 'Forbidden');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.submitSource(run)));
      return;
    }
    const statement = /^\/(?:problemset\/problem|gym)\/(\d+)\/(?:problem\/)?(\w+)$/.exec(path);
    if (req.method === 'GET' && statement) {
      // Codeforces sends an unknown problem back to the problem set
      if (!this.problems.has(`${statement[1]}/${statement[2]}`)) return send(302, '', '/problemset');
      return send(200, problemPage(statement[1]!, statement[2]!));
    }
    send(404, this.page(user, 'Page not found'));
  }

  /** A row of a gym contest's "my" page: each view is a poll of the runs not yet final. */
  private gymRow(run: Run): string {
    run.polls++;
    const waiting = run.outcome.never || run.polls <= (run.outcome.waitingPolls ?? 1);
    if (!waiting && run.polls === (run.outcome.waitingPolls ?? 1) + 1)
      this.inFlight.set(run.user, (this.inFlight.get(run.user) ?? 1) - 1);
    const verdict = waiting ? 'TESTING' : run.outcome.verdict;
    return `<tr data-submission-id="${run.id}"><td class="id-cell dark left"><a href="/gym/${run.contestId}/submission/${run.id}" submissionId="${run.id}">${run.id}</a></td>
<td class="status-cell status-small status-verdict-cell" waiting="${waiting}"><span class='submissionVerdictWrapper' submissionId="${run.id}" submissionVerdict="${verdict}" ><span class='verdict-accepted'>${verdict}</span></span>
</td>
<td class="time-consumed-cell">
${waiting ? 0 : 46}&nbsp;ms
</td>
<td class="memory-consumed-cell">
${waiting ? 0 : 3600}&nbsp;KB
</td>
</tr>`;
  }

  private submitSource(run: Run): Record<string, string> {
    run.polls++;
    const { outcome } = run;
    const tests = outcome.tests ?? 3;
    const waiting = outcome.never || run.polls <= (outcome.waitingPolls ?? 1);
    const done = () => this.inFlight.set(run.user, (this.inFlight.get(run.user) ?? 1) - 1);
    if (outcome.verdict === 'COMPILATION_ERROR' && !waiting) {
      done();
      return {
        compilationError: 'true',
        ...(outcome.ceText ? { 'checkerStdoutAndStderr#1': outcome.ceText } : {}),
        testCount: '0',
        waiting: 'false',
      };
    }
    const json: Record<string, string> = { compilationError: 'false', waiting: String(waiting) };
    const shown = waiting ? Math.min(1, tests) : tests;
    json.testCount = String(shown);
    for (let i = 1; i <= shown; i++) {
      json[`verdict#${i}`] = waiting ? 'OK' : i === tests ? outcome.verdict : 'OK';
      json[`timeConsumed#${i}`] = String(15 * i);
      json[`memoryConsumed#${i}`] = String(1024 * 100 * i);
      json[`checkerStdoutAndStderr#${i}`] = `ok ${i} number(s)`;
    }
    if (!waiting) done();
    return json;
  }
}

/** A statement page shaped like Codeforces' problemset page (reference §10.3). */
export function problemPage(contestId: string, index: string): string {
  return `<!DOCTYPE html><html><body><div class="problemindexholder" problemindex="${index}">
<div class="ttypography"><div class="problem-statement">
<div class="header"><div class="title">${index}. Stones on the Table</div>
<div class="time-limit"><div class="property-title">time limit per test</div>2 seconds</div>
<div class="memory-limit"><div class="property-title">memory limit per test</div>256 megabytes</div>
<div class="input-file"><div class="property-title">input</div>standard input</div>
<div class="output-file"><div class="property-title">output</div>standard output</div></div>
<div><p>There are $$$n$$$ stones on the table <img class="tex-graphics" src="/predownloaded/ab/cd/stones.png"/>.</p></div>
<div class="input-specification"><div class="section-title">Input</div><p>The first line contains $$$n$$$.</p></div>
<div class="output-specification"><div class="section-title">Output</div><p>Print one integer.</p></div>
<div class="sample-tests"><div class="section-title">Examples</div><div class="sample-test">
<div class="input"><div class="title">Input</div><pre>3
RRG
</pre></div><div class="output"><div class="title">Output</div><pre>1
</pre></div>
<div class="input"><div class="title">Input</div><pre><div class="test-example-line">5</div><div class="test-example-line">RRRRR</div></pre></div><div class="output"><div class="title">Output</div><pre>4
</pre></div></div></div>
<div class="note"><div class="section-title">Note</div><p>Remove stones.</p></div>
</div></div></div>
<div class="roundbox sidebox"><div class="caption titled">→ Problem tags</div>
<span class="tag-box" title="Implementation">implementation</span>
<span class="tag-box" title="Difficulty">*800</span></div>
<a href="/contest/${contestId}">Codeforces Round</a></body></html>`;
}
