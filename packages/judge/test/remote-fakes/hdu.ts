import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeGbk } from './gbk.ts';
import { FakeSiteServer, type FakeOutcome } from './site-server.ts';

/**
 * A local HDU (acm.hdu.edu.cn) for the adapter's and the crawler's tests (reference §10.2, §10.3):
 * PHP session cookie, login answering 302 (or the "wrong password" page), the submit form with
 * `_usercode` = Base64(URL-encoded code) and its rate-limit page, the status list with the run's row
 * (coloured verdict, `…MS`, `…K`), the compile error page, and statement pages — every page GBK,
 * declared in its `<meta>` as HDU does, not in the header.
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

const WAITING = ['Queuing', 'Compiling', 'Running'];

export class FakeHdu extends FakeSiteServer {
  readonly accounts = new Map<string, string>();
  outcome: FakeOutcome = { verdict: 'Accepted' };
  /** the next submit is answered with the rate-limit page this many times */
  rateLimited = 0;
  readonly runs: Run[] = [];
  readonly problems = new Set(['1000']);
  private readonly sessions = new Map<string, string>();
  private nextRunId = 39_000_000;

  private gbk(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
    res
      .writeHead(status, { 'content-type': 'text/html', ...headers })
      .end(
        encodeGbk(
          `<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"></head><body>${html}</body></html>`,
        ),
      );
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, this.url);
    let session = this.cookies(req).PHPSESSID;
    const headers: Record<string, string> = {};
    if (!session) {
      session = randomBytes(10).toString('hex');
      headers['set-cookie'] = `PHPSESSID=${session}; path=/`;
    }
    const user = this.sessions.get(session);
    const path = url.pathname;

    if (req.method === 'POST' && path === '/userloginex.php' && url.searchParams.get('action') === 'login') {
      const form = await this.form(req);
      const name = form.get('username') ?? '';
      if (form.get('login') !== 'Sign In' || this.accounts.get(name) !== form.get('userpass'))
        return this.gbk(res, 200, '<p>No such user or wrong password.</p>', headers);
      this.sessions.set(session, name);
      return this.gbk(res, 302, '', { ...headers, location: '/' });
    }
    if (req.method === 'POST' && path === '/submit.php' && url.searchParams.get('action') === 'submit') {
      if (!user) return this.gbk(res, 302, '', { ...headers, location: '/userloginex.php' });
      const form = await this.form(req);
      if (this.rateLimited > 0) {
        this.rateLimited--;
        return this.gbk(res, 200, "<p>Please don't re-submit in 5 seconds, thank you.</p>", headers);
      }
      const problemId = form.get('problemid') ?? '';
      const language = form.get('language') ?? '';
      if (form.get('check') !== '0' || !/^[0-6]$/.test(language))
        return this.gbk(res, 200, '<ul><li>Invalid language</li></ul>', headers);
      if (!this.problems.has(problemId))
        return this.gbk(res, 200, '<ul><li>No such problem</li></ul>', headers);
      const source = decodeURIComponent(Buffer.from(form.get('_usercode') ?? '', 'base64').toString());
      if (this.runs.some((r) => r.user === user && r.problemId === problemId && r.source === source))
        return this.gbk(res, 200, '<ul><li>You have submitted the same code before</li></ul>', headers);
      this.runs.push({
        id: this.nextRunId++,
        user,
        problemId,
        language,
        source,
        outcome: { ...this.outcome },
        polls: 0,
      });
      return this.gbk(res, 302, '', { ...headers, location: '/status.php' });
    }
    if (req.method === 'GET' && path === '/status.php') {
      const first = Number(url.searchParams.get('first') ?? Infinity);
      const byUser = url.searchParams.get('user');
      const pid = url.searchParams.get('pid');
      const rows = this.runs
        .filter((r) => r.id <= first && (!byUser || r.user === byUser) && (!pid || r.problemId === pid))
        .reverse()
        .slice(0, 15)
        .map((r) => this.row(r, r.id === first))
        .join('');
      return this.gbk(res, 200, `<table width=100% class=table_text>${rows}</table>`, headers);
    }
    if (req.method === 'GET' && path === '/viewerror.php') {
      const run = this.runs.find((r) => String(r.id) === url.searchParams.get('rid'));
      const text = (run?.outcome.ceText ?? '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;');
      return this.gbk(res, 200, `<div>Compilation Error</div><pre>${text}</pre>`, headers);
    }
    if (req.method === 'GET' && path === '/showproblem.php') {
      const pid = url.searchParams.get('pid') ?? '';
      if (!this.problems.has(pid))
        return this.gbk(res, 200, `<DIV>No such problem - <strong>Problem ${pid}.</strong></DIV>`, headers);
      return this.gbk(res, 200, hduProblemPage(pid), headers);
    }
    this.gbk(res, 404, 'Not Found', headers);
  }

  /** A status row; polling it (status.php?first=) advances the run. */
  private row(run: Run, polled: boolean): string {
    if (polled) run.polls++;
    const { outcome } = run;
    const waiting = outcome.never || run.polls <= (outcome.waitingPolls ?? 1);
    let status: string;
    if (waiting) status = `<font color=black>${WAITING[Math.min(run.polls, WAITING.length - 1)]}</font>`;
    else if (outcome.verdict === 'Compilation Error')
      status = `<a href="/viewerror.php?rid=${run.id}" target=_blank><font color=blue>Compilation Error</font></a>`;
    else status = `<font color=${outcome.verdict === 'Accepted' ? 'red' : 'green'}>${outcome.verdict}</font>`;
    const time = waiting ? 0 : (outcome.time ?? 15);
    const memory = waiting ? 0 : (outcome.memory ?? 1808);
    return (
      `<tr align=center ><td height=22px>${run.id}</td><td>2026-11-30 01:00:00</td><td>${status}</td>` +
      `<td><a href="/showproblem.php?pid=${run.problemId}">${run.problemId}</a></td><td>${time}MS</td>` +
      `<td>${memory}K</td><td><a href="/viewcode.php?rid=${run.id}" target=_blank>${run.source.length}B</a></td>` +
      `<td>G++</td><td class=fixedsize><a href="/userstatus.php?user=${run.user}">${run.user}</a></td></tr>`
    );
  }
}

/** A statement page shaped like HDU's showproblem.php (reference §10.3), with a Chinese title. */
export function hduProblemPage(pid: string): string {
  return `<table width=100% border=0><tr><td align=center>
<h1 style='color:#1A5CC8'>A + B Problem（加法）</h1><font><b><span style='font-family:Arial;font-size:12px;font-weight:bold;color:green'>Time Limit: 2000/1000 MS (Java/Others)&nbsp;&nbsp;&nbsp;&nbsp;Memory Limit: 65536/32768 K (Java/Others)<br>Total Submission(s): 1000&nbsp;&nbsp;&nbsp;&nbsp;Accepted Submission(s): 500<br></span></b></font>
<div class=panel_title align=left>Problem Description</div> <div class=panel_content>Calculate <i>A + B</i>. <img src=../../data/images/${pid}-1.jpg> 求和。</div><div class=panel_bottom>&nbsp;</div><br>
<div class=panel_title align=left>Input</div> <div class=panel_content>Each line will contain two integers <i>A</i> and <i>B</i>. Process to end of file.</div><div class=panel_bottom>&nbsp;</div><br>
<div class=panel_title align=left>Output</div> <div class=panel_content>For each case, output <i>A + B</i> in one line.</div><div class=panel_bottom>&nbsp;</div><br>
<div class=panel_title align=left>Sample Input</div><div class=panel_content><pre><div style="font-family:Courier New,Courier,monospace;">1 1
2 3</div></pre></div><div class=panel_bottom>&nbsp;</div><br>
<div class=panel_title align=left>Sample Output</div><div class=panel_content><pre><div style="font-family:Courier New,Courier,monospace;">2
5
<div style='font-family:Times New Roman;font-size:14px;background-color:F4FBFF;border:#B7CBFF 1px dashed;padding:6px'><div style='font-family:Arial;font-weight:bold;color:#7CA9ED;border-bottom:#B7CBFF 1px dashed'><i style='font-size:1px'> </i>Hint</div>Use scanf &amp; printf.</div><i style='font-size:1px'> </i></div></pre></div><div class=panel_bottom>&nbsp;</div><br>
<div class=panel_title align=left>Author</div> <div class=panel_content>HDOJ</div><div class=panel_bottom>&nbsp;</div>
</td></tr></table>`;
}
