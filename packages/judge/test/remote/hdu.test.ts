import { JudgeStatus } from '@verdict/shared';
import { HttpSession } from '@verdict/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteRefused, type SiteSession } from '../../src/remote/site.ts';
import { HDU_TIMING, HDU_VERDICTS, hdu } from '../../src/remote/sites/hdu.ts';
import { FakeHdu } from '../remote-fakes/hdu.ts';

HDU_TIMING.resubmitMs = 20;
HDU_TIMING.runIdRetryMs = 20;
let site: FakeHdu;
const CODE = '#include <cstdio>\nint main(){int a,b;while(scanf("%d%d",&a,&b)==2)printf("%d\\n",a+b);}';

const open = (username = 'club', password = 'pw-club'): SiteSession =>
  hdu.open(new HttpSession(site.url), { username, password });

async function judged(outcome: FakeHdu['outcome']) {
  site.outcome = outcome;
  const s = open();
  await s.login();
  const runId = await s.submit('1000', 'G++', `${CODE}// ${Math.random()}`);
  const seen: number[] = [];
  for (;;) {
    const poll = await s.poll('1000', runId);
    if (poll.final) return { poll, seen };
    seen.push(poll.status);
  }
}

beforeAll(async () => {
  site = await new FakeHdu().start();
  site.accounts.set('club', 'pw-club');
});
afterAll(() => site.close());

describe('HDU adapter against a local HDU (reference §10.2)', () => {
  it('logs in, submits the URL-encoded Base64 code with the language id, and finds the run id', async () => {
    const s = open();
    await s.login();
    const runId = await s.submit('1000', 'Java', CODE);
    const run = site.runs.at(-1)!;
    expect(runId).toBe(String(run.id));
    expect(run).toMatchObject({ user: 'club', problemId: '1000', language: '5' });
    // reference §10.1: the anti-duplicate tail, a newline and spaces/tabs only
    expect(run.source.startsWith(CODE)).toBe(true);
    expect(run.source.slice(CODE.length)).toMatch(/^\n[ \t]+$/);
  });

  it('submits the same code twice thanks to the tail, and waits out the rate-limit page once', async () => {
    const s = open();
    await s.login();
    const first = await s.submit('1000', 'GCC', 'same code');
    site.rateLimited = 1;
    const second = await s.submit('1000', 'GCC', 'same code');
    expect(Number(second)).toBe(Number(first) + 1);
    expect(site.rateLimited).toBe(0);
    site.rateLimited = 2;
    await expect(s.submit('1000', 'GCC', 'limited')).rejects.toThrow(RemoteRefused);
    site.rateLimited = 0;
  });

  it('says why when the login is refused', async () => {
    await expect(open('club', 'wrong').login()).rejects.toThrow(
      '[HDU] Failed to login with account club: the site answered HTTP 200 (no such user or wrong password)',
    );
  });

  it('refuses a language HDU does not have, and a problem it does not have, with the site text', async () => {
    const s = open();
    await s.login();
    await expect(s.submit('1000', 'Python 3', CODE)).rejects.toThrow('[HDU] Unknown language: Python 3');
    await expect(s.submit('99999', 'G++', CODE)).rejects.toThrow(
      '[HDU] [99999] Failed to submit code: No such problem',
    );
  });

  it.each(Object.entries(HDU_VERDICTS).filter(([, status]) => ![5, 6, 7].includes(status)))(
    'maps the status text %s to %i, with time and memory',
    async (verdict, status) => {
      const { poll, seen } = await judged({ verdict, waitingPolls: 2, time: 46, memory: 1832 });
      expect(seen).toEqual([JudgeStatus.COMPILING, JudgeStatus.JUDGING]);
      expect(poll).toMatchObject({ status, final: true, time: 46, memory: 1832 });
    },
  );

  it('reads any "Runtime Error" text as a runtime error, and an unknown text as still pending', async () => {
    const { poll } = await judged({ verdict: 'Runtime Error<br>(ACCESS_VIOLATION)' });
    expect(poll.status).toBe(JudgeStatus.RUNTIME_ERROR);
    site.outcome = { verdict: 'Something new' };
    const s = open();
    await s.login();
    const runId = await s.submit('1000', 'G++', `${CODE} // unknown`);
    await s.poll('1000', runId);
    expect(await s.poll('1000', runId)).toMatchObject({ status: JudgeStatus.PENDING, final: false });
  });

  it('reads the compile error text of the GBK page', async () => {
    const ceText = "1000.cpp(1) : error C2065: 'x' : undeclared identifier <未声明>";
    const { poll } = await judged({ verdict: 'Compilation Error', ceText });
    expect(poll).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, errorMessage: ceText });
  });
});
