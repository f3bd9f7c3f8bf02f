import { JudgeStatus } from '@verdict/shared';
import { HttpSession } from '@verdict/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteRefused, type SiteSession } from '../../src/remote/site.ts';
import { AC_VERDICTS, ATCODER_TIMING, atcoder, parseAtCoderId } from '../../src/remote/sites/atcoder.ts';
import { FakeAtCoder } from '../remote-fakes/atcoder.ts';

ATCODER_TIMING.secondMs = 10;
ATCODER_TIMING.runIdDelayMs = 10;
let ac: FakeAtCoder;
const CODE = '#include <cstdio>\nint main(){int a,b,c;scanf("%d%d%d",&a,&b,&c);printf("%d\\n",a+b+c);}';
const CPP = 'C++ 17 (gcc 12.2)';

const open = (username = 'chokudai', password = 'pw-chokudai'): SiteSession =>
  atcoder.open(new HttpSession(ac.url), { username, password });

async function judged(outcome: FakeAtCoder['outcome']) {
  ac.outcome = outcome;
  const s = open();
  await s.login();
  const runId = await s.submit('ABC110_A', CPP, CODE);
  const seen: number[] = [];
  for (;;) {
    const poll = await s.poll('ABC110_A', runId);
    seen.push(poll.status);
    if (poll.final) return { poll, seen };
  }
}

beforeAll(async () => {
  ac = await new FakeAtCoder().start();
  ac.accounts.set('chokudai', 'pw-chokudai');
});
afterAll(() => ac.close());

describe('AtCoder adapter against a local AtCoder (reference §10.2)', () => {
  it('logs in with the page csrf token, submits to the contest of the task and finds the run id', async () => {
    const s = open();
    await s.login();
    const runId = await s.submit('ABC110_A', CPP, CODE);
    const run = ac.runs.at(-1)!;
    expect(runId).toBe(String(run.id));
    // contest-based ids: the task screen name lower-cased, its contest the part before `_`
    expect(run).toMatchObject({ user: 'chokudai', contest: 'abc110', task: 'abc110_a', languageId: '5053' });
    expect(run.source).toBe(CODE);
  });

  it('says why when the login is refused', async () => {
    await expect(open('chokudai', 'wrong').login()).rejects.toThrow('[AtCoder] Failed to Login');
  });

  it('waits the N seconds AtCoder asks for when submitting too fast, then submits once more', async () => {
    const s = open();
    await s.login();
    await s.submit('ABC110_A', CPP, CODE);
    // one "second" lasts 10 ms for both; within 300 ms of its last submit the account must wait
    ac.secondMs = 10;
    ac.throttleMs = 300;
    const throttledBefore = ac.throttled;
    const runs = ac.runs.length;
    try {
      const runId = await s.submit('ABC110_A', CPP, `${CODE}\n`);
      expect(ac.throttled).toBe(throttledBefore + 1);
      expect(ac.runs).toHaveLength(runs + 1);
      expect(runId).toBe(String(ac.runs.at(-1)!.id));
    } finally {
      ac.throttleMs = 0;
    }
  });

  it('refuses a language AtCoder does not know, one the contest refuses, and a malformed id', async () => {
    const s = open();
    await s.login();
    await expect(s.submit('ABC110_A', 'Brainfuck', CODE)).rejects.toThrow('[AtCoder] Unknown language');
    ac.refusedLanguages.add('5053');
    try {
      await expect(s.submit('ABC110_A', CPP, CODE)).rejects.toThrow(/Failed to Submit.*Invalid language/);
    } finally {
      ac.refusedLanguages.clear();
    }
    await expect(s.submit('ABC110', CPP, CODE)).rejects.toThrow(RemoteRefused);
  });

  it.each(Object.entries(AC_VERDICTS).filter(([v]) => !['WJ', 'WR', 'Judging', 'CE'].includes(v)))(
    'maps the final status %s to %i with the exec time and memory',
    async (verdict, status) => {
      const { poll, seen } = await judged({ verdict, waitingPolls: 2 });
      expect(poll).toMatchObject({ status, final: true, time: 12, memory: 3876 });
      // WJ, then "1/3" while judging, both not final
      expect(seen.slice(0, 2)).toEqual([JudgeStatus.PENDING, JudgeStatus.JUDGING]);
    },
  );

  it('maps WJ, WR and Judging to unfinished states', () => {
    expect([AC_VERDICTS.WJ, AC_VERDICTS.WR, AC_VERDICTS.Judging]).toEqual([
      JudgeStatus.PENDING,
      JudgeStatus.PENDING,
      JudgeStatus.JUDGING,
    ]);
  });

  it('gives the compile error text of the submission page, unescaped', async () => {
    const { poll } = await judged({
      verdict: 'CE',
      ceText: "Main.cpp:1:1: error: 'x' was not declared <here>",
    });
    expect(poll).toMatchObject({
      status: JudgeStatus.COMPILE_ERROR,
      final: true,
      errorMessage: "Main.cpp:1:1: error: 'x' was not declared <here>",
    });
  });

  it('parses contest-based problem ids', () => {
    expect(parseAtCoderId('ABC110_A')).toEqual({ contest: 'abc110', task: 'abc110_a' });
    expect(parseAtCoderId('arc158_b')).toEqual({ contest: 'arc158', task: 'arc158_b' });
    expect(() => parseAtCoderId('1000A')).toThrow(RemoteRefused);
  });
});
