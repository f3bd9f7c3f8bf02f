import { JudgeStatus } from '@verdict/shared';
import { HttpSession } from '@verdict/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSession } from '../../src/remote/site.ts';
import { POJ_TIMING, POJ_VERDICTS, poj } from '../../src/remote/sites/poj.ts';
import { FakePoj } from '../remote-fakes/poj.ts';

POJ_TIMING.runIdRetryMs = 20;
let site: FakePoj;
const CODE = '#include <cstdio>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b);}';

const open = (username = 'club', password = 'pw-club'): SiteSession =>
  poj.open(new HttpSession(site.url), { username, password });

async function judged(outcome: FakePoj['outcome']) {
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
  site = await new FakePoj().start();
  site.accounts.set('club', 'pw-club');
  site.accounts.set('other', 'pw-other');
});
afterAll(() => site.close());

describe('POJ adapter against a local POJ (reference §10.2)', () => {
  it('logs in, submits the Base64 code with the language id, and finds the run id', async () => {
    const s = open();
    await s.login();
    const runId = await s.submit('1000', 'Fortran', CODE);
    const run = site.runs.at(-1)!;
    expect(runId).toBe(String(run.id));
    expect(run).toMatchObject({ user: 'club', problemId: '1000', language: '6' });
    expect(run.source.startsWith(CODE)).toBe(true);
    expect(run.source.slice(CODE.length)).toMatch(/^\n[ \t]+$/);
  });

  it('tells a refused login by the home page, since POJ answers 302 either way', async () => {
    await expect(open('club', 'wrong').login()).rejects.toThrow(
      '[POJ] Failed to login with account club: wrong account or password',
    );
  });

  it('refuses a language POJ does not have, and gives the text of its error page', async () => {
    const s = open();
    await s.login();
    await expect(s.submit('1000', 'Rust', CODE)).rejects.toThrow('[POJ] Unknown language: Rust');
    await expect(s.submit('99999', 'G++', CODE)).rejects.toThrow(
      '[POJ] [99999] Failed to submit code: Can not find problem (ID:99999)',
    );
  });

  it.each(Object.entries(POJ_VERDICTS).filter(([, status]) => ![6, 7, -2].includes(status)))(
    'maps the result %s to %i, with time and memory',
    async (verdict, status) => {
      const { poll, seen } = await judged({ verdict, waitingPolls: 2, time: 47, memory: 736 });
      expect(seen).toEqual([JudgeStatus.COMPILING, JudgeStatus.JUDGING]);
      expect(poll).toMatchObject({ status, final: true, time: 47, memory: 736 });
    },
  );

  it('reads the compile error text', async () => {
    const ceText = "Main.cpp\nF:\\temp\\1.cpp(1) : error C2065: 'x' : undeclared identifier <int>";
    const { poll } = await judged({ verdict: 'Compile Error', ceText });
    expect(poll).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, errorMessage: ceText });
  });

  it('polls with the account that submitted, logging in again in a fresh session (a rejudge)', async () => {
    site.outcome = { verdict: 'Wrong Answer', waitingPolls: 0 };
    const author = open();
    await author.login();
    const runId = await author.submit('1000', 'C', CODE);
    // a worker that restarted polls with a new session of the same account: it logs in by itself
    expect(await open().poll('1000', runId)).toMatchObject({ status: JudgeStatus.WRONG_ANSWER, final: true });
    // another account is not shown the run: the poll fails rather than reading a wrong page
    const looks = site.foreignLooks;
    await expect(open('other', 'pw-other').poll('1000', runId)).rejects.toThrow('has no result');
    expect(site.foreignLooks).toBe(looks + 1);
  });
});
