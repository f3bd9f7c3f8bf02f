import { JudgeStatus } from '@verdict/shared';
import { HttpSession } from '@verdict/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteSession } from '../../src/remote/site.ts';
import { parseSpojStatus, SPOJ_VERDICTS, spoj } from '../../src/remote/sites/spoj.ts';
import { FakeSpoj } from '../remote-fakes/spoj.ts';

let site: FakeSpoj;
const CODE = '#include <cstdio>\nint main(){int n;while(scanf("%d",&n)==1&&n!=42)printf("%d\\n",n);}';

const open = (username = 'club', password = 'pw-club'): SiteSession =>
  spoj.open(new HttpSession(site.url), { username, password });

async function judged(outcome: FakeSpoj['outcome']) {
  site.outcome = outcome;
  const s = open();
  await s.login();
  const runId = await s.submit('TEST', 'C++ (gcc 8.3)', CODE);
  const seen: number[] = [];
  for (;;) {
    const poll = await s.poll('TEST', runId);
    if (poll.final) return { poll, seen };
    seen.push(poll.status);
  }
}

beforeAll(async () => {
  site = await new FakeSpoj().start();
  site.accounts.set('club', 'pw-club');
});
afterAll(() => site.close());

describe('SPOJ adapter against a local SPOJ (reference §10.2)', () => {
  it('logs in, submits the code with the language id, and reads the run id from the answer', async () => {
    const s = open();
    await s.login();
    const runId = await s.submit('TEST', 'Python 3 (python  3.7.3)', CODE);
    const run = site.runs.at(-1)!;
    expect(runId).toBe(String(run.id));
    // SPOJ has no duplicate check to dodge: the code goes as it is (reference §10.1)
    expect(run).toMatchObject({ user: 'club', problemCode: 'TEST', lang: '116', source: CODE });
  });

  it('says why when the login is refused', async () => {
    await expect(open('club', 'wrong').login()).rejects.toThrow(
      '[SPOJ] Failed to login with account club: authentication failed',
    );
  });

  it('gives the reason of each refusal of the submit page', async () => {
    const s = open();
    await s.login();
    await expect(s.submit('ONLYC', 'C++ (gcc 8.3)', CODE)).rejects.toThrow(
      '[SPOJ] the language C++ (gcc 8.3) is not allowed for ONLYC',
    );
    await expect(s.submit('NOSUCH', 'C (gcc 8.3)', CODE)).rejects.toThrow('[SPOJ] wrong problem code NOSUCH');
    await expect(s.submit('TEST', 'C (gcc 8.3)', 'x'.repeat(50_001))).rejects.toThrow(
      '[SPOJ] the solution is too long',
    );
    await expect(s.submit('TEST', 'Brainfuck', CODE)).rejects.toThrow('[SPOJ] Unknown language: Brainfuck');
  });

  it.each(Object.entries(SPOJ_VERDICTS).filter(([code]) => code !== '11'))(
    'maps the status code %s to %i, time in seconds to ms and "M" memory to KB',
    async (verdict, status) => {
      const { poll, seen } = await judged({ verdict, waitingPolls: 2, time: 120, memory: 5427 });
      expect(seen).toEqual([JudgeStatus.PENDING, JudgeStatus.PENDING]);
      expect(poll).toMatchObject({ status, final: true, time: 120, memory: 5427 });
    },
  );

  it('reads memory given in "k", and "-" as nothing', () => {
    const entry = (mem: string, time: string) =>
      `[{"status_description":"<td>x<\\/td>", "id":7, "status":14,"time":"${time}","mem":"${mem}","final":"1"}]`;
    expect(parseSpojStatus(entry('\\n\\t736k\\t', '0.05'), '7')).toMatchObject({ time: 50, memory: 736 });
    expect(parseSpojStatus(entry('-', '-'), '7')).toMatchObject({ time: 0, memory: 0 });
    expect(parseSpojStatus(entry('-', '-'), '8')).toBeUndefined();
  });

  it('reads the compile error text', async () => {
    const ceText = "prog.cpp:1:1: error: 'x' does not name a type\n x;\n ^";
    const { poll } = await judged({ verdict: '11', ceText });
    expect(poll).toMatchObject({ status: JudgeStatus.COMPILE_ERROR, errorMessage: ceText });
  });
});
