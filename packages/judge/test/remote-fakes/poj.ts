import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeSiteServer, type FakeOutcome } from './site-server.ts';

/**
 * A local POJ (poj.org) for the adapter's and the crawler's tests (reference §10.2, §10.3): login
 * answering 302 whatever the password (the home page then shows "Log Out" or not), the submit form
 * with `source` = Base64(code) and `encoded=1`, the "Error Occurred" page, the status list, the
 * result page shown to the run's author only, the compile-info page, and statement pages — served
 * as ISO-8859-1, declared in the Content-Type header.
 */
interface Run {
  id: number;
  user: string;
  problemId: string;
  language: string;
  source: string;
  outcome: FakeOutcome;
  polls: number;
}

export class FakePoj extends FakeSiteServer {
  readonly accounts = new Map<string, string>();
  outcome: FakeOutcome = { verdict: 'Accepted' };
  readonly runs: Run[] = [];
  readonly problems = new Set(['1000']);
  /** result pages asked by an account that did not submit the run */
  foreignLooks = 0;
  private readonly sessions = new Map<string, string>();
  private nextRunId = 23_000_000;

  private send(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
    res
      .writeHead(status, { 'content-type': 'text/html; charset=ISO-8859-1', ...headers })
      .end(Buffer.from(`<html><body>${html}</body></html>`, 'latin1'));
  }

  private error(res: ServerResponse, why: string, headers: Record<string, string>) {
    this.send(
      res,
      200,
      `<font size=4 color=red>Error Occurred</font><br><p>The error might be:</p><ul><li>${why}</li></ul>`,
      headers,
    );
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, this.url);
    let session = this.cookies(req).JSESSIONID;
    const headers: Record<string, string> = {};
    if (!session) {
      session = randomBytes(10).toString('hex');
      headers['set-cookie'] = `JSESSIONID=${session}; Path=/`;
    }
    const user = this.sessions.get(session);
    const path = url.pathname;

    if (req.method === 'POST' && path === '/login') {
      const form = await this.form(req);
      const name = form.get('user_id1') ?? '';
      if (form.get('B1') === 'login' && this.accounts.get(name) === form.get('password1'))
        this.sessions.set(session, name);
      return this.send(res, 302, '', { ...headers, location: form.get('url') ?? '.' });
    }
    if (req.method === 'GET' && path === '/') {
      const bar = user
        ? `<a href=userstatus?user_id=${user}><b>${user}</b></a>&nbsp;<a href=mail>Mail</a>&nbsp;<a href=logout>Log Out</a>`
        : `<form method=post action=login>User ID:<input name=user_id1> Password:<input type=password name=password1><input type=submit name=B1 value=login></form>`;
      return this.send(res, 200, `<center>${bar}</center><p>Welcome To PKU JudgeOnline</p>`, headers);
    }
    if (req.method === 'POST' && path === '/submit') {
      if (!user) return this.error(res, 'Please login first.', headers);
      const form = await this.form(req);
      const problemId = form.get('problem_id') ?? '';
      const language = form.get('language') ?? '';
      if (!/^[0-6]$/.test(language)) return this.error(res, 'Invalid language', headers);
      if (!this.problems.has(problemId))
        return this.error(res, `Can not find problem (ID:${problemId})`, headers);
      if (form.get('encoded') !== '1') return this.error(res, 'Source code is not encoded', headers);
      this.runs.push({
        id: this.nextRunId++,
        user,
        problemId,
        language,
        source: Buffer.from(form.get('source') ?? '', 'base64').toString(),
        outcome: { ...this.outcome },
        polls: 0,
      });
      return this.send(res, 302, '', { ...headers, location: 'status' });
    }
    if (req.method === 'GET' && path === '/status') {
      const byUser = url.searchParams.get('user_id');
      const pid = url.searchParams.get('problem_id');
      const rows = this.runs
        .filter((r) => (!byUser || r.user === byUser) && (!pid || r.problemId === pid))
        .reverse()
        .map(
          (r) =>
            `<tr align=center><td>${r.id}</td><td><a href=userstatus?user_id=${r.user}>${r.user}</a></td>` +
            `<td><a href=problem?id=${r.problemId}>${r.problemId}</a></td><td>…</td></tr>`,
        )
        .join('\n');
      return this.send(
        res,
        200,
        `<table cellSpacing=0 cellPadding=0 width=100% border=1 class=a>${rows}</table>`,
        headers,
      );
    }
    if (req.method === 'GET' && (path === '/showsource' || path === '/showcompileinfo')) {
      const run = this.runs.find((r) => String(r.id) === url.searchParams.get('solution_id'));
      if (!run) return this.error(res, 'No such solution', headers);
      if (run.user !== user) {
        this.foreignLooks++;
        return this.error(res, 'Sorry, you are not permitted to view this source.', headers);
      }
      if (path === '/showcompileinfo') {
        const text = (run.outcome.ceText ?? '')
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;');
        return this.send(res, 200, `<p>Compile Error</p><pre>${text}</pre>`, headers);
      }
      return this.send(res, 200, this.resultPage(run), headers);
    }
    if (req.method === 'GET' && path === '/problem') {
      const id = url.searchParams.get('id') ?? '';
      if (!this.problems.has(id)) return this.error(res, `Can not find problem (ID:${id})`, headers);
      return this.send(res, 200, pojProblemPage(id), headers);
    }
    this.send(res, 404, 'Not Found', headers);
  }

  private resultPage(run: Run): string {
    run.polls++;
    const { outcome } = run;
    const waiting = outcome.never || run.polls <= (outcome.waitingPolls ?? 1);
    const status = waiting
      ? ['Waiting', 'Compiling', 'Running &amp; Judging'][Math.min(run.polls, 2)]
      : `<font color=${outcome.verdict === 'Accepted' ? 'blue' : 'red'}>${outcome.verdict}</font>`;
    const done = !waiting && outcome.verdict !== 'Compile Error';
    return `<table align=center><tr><td><b>Problem Id:</b> ${run.problemId}</td><td width=10px></td><td><b>User Id:</b> ${run.user}</td></tr>
<tr><td><b>Memory:</b> ${done ? `${outcome.memory ?? 164}K` : 'N/A'}</td><td width=10px></td><td><b>Time:</b> ${done ? `${outcome.time ?? 0}MS` : 'N/A'}</td></tr>
<tr><td><b>Language:</b> G++</td><td width=10px></td><td><b>Result:</b> ${status}</td></tr></table>
<pre class="sh_cpp">${run.source.replace(/</g, '&lt;')}</pre>`;
  }
}

/** A statement page shaped like POJ's problem?id= (reference §10.3), ISO-8859-1 text in the title. */
export function pojProblemPage(id: string): string {
  return `<head><title>${id} -- A+B Problem (très facile)</title></head>
<table border=0 width=100% class=pbody><tr><td>
<div class="ptt" lang="en-US">A+B Problem (très facile)</div>
<div class="plm"><table align="center"><tr><td><b>Time Limit:</b> 1000MS</td><td width="10px"></td><td><b>Memory Limit:</b> 10000K</td></tr><tr><td><b>Total Submissions:</b> 500000</td><td width="10px"></td><td><b>Accepted:</b> 300000</td></tr></table></div>
<p class="pst">Description</p><div class="ptx" lang="en-US">Calculate a+b <img src=images/${id}_1.jpg></div><p class="pst">Input</p><div class="ptx" lang="en-US">Two integer a,b (0&lt;=a,b&lt;=10)</div><p class="pst">Output</p><div class="ptx" lang="en-US">Output a+b</div><p class="pst">Sample Input</p><pre class="sio">1 2</pre><p class="pst">Sample Output</p><pre class="sio">3</pre><p class="pst">Hint</p><div class="ptx" lang="en-US">Q: Where are the input and the output?<br>A: stdin and stdout.</div><p class="pst">Source</p><div class="ptx" lang="en-US"><a href="searchproblem?field=source&key=POJ+Monthly">POJ Monthly</a></div>
</td></tr></table>`;
}
