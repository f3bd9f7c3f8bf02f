import { JudgeStatus } from '@verdict/shared';
import { HttpSession } from '@verdict/shared/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RemoteRefused, type SiteSession } from '../../src/remote/site.ts';
import { CF_VERDICTS, CODEFORCES_TIMING, gym } from '../../src/remote/sites/codeforces.ts';
import { FakeCodeforces } from '../remote-fakes/codeforces.ts';

CODEFORCES_TIMING.runIdRetryMs = 20;
let cf: FakeCodeforces;
const CODE = '#include <cstdio>\nint main(){puts("gym");}';

const open = (username = 'tourist', password = 'pw-tourist'): SiteSession =>
  gym.open(new HttpSession(cf.url), { username, password });

async function judged(outcome: FakeCodeforces['outcome']) {
  cf.outcome = outcome;
  const s = open();
  await s.login();
  const runId = await s.submit('100001A', 'GNU G++17 7.3.0', `${CODE}// ${Math.random()}`);
  const seen: number[] = [];
  for (;;) {
    const poll = await s.poll('100001A', runId);
    seen.push(poll.status);
    if (poll.final) return { poll, seen };
  }
}

beforeAll(async () => {
  cf = await new FakeCodeforces().start();
  cf.accounts.set('tourist', 'pw-tourist');
});
afterAll(() => cf.close());

describe('GYM (Codeforces gym contests) against a local Codeforces (reference §10.2)', () => {
  it('logs in as on Codeforces, submits to the gym contest with the tail and finds the run id on its "my" page', async () => {
    const s = open();
    await s.login();
    const runId = await s.submit('100001A', 'GNU G++17 7.3.0', CODE);
    const run = cf.runs.at(-1)!;
    expect(runId).toBe(String(run.id));
    expect(run).toMatchObject({
      gym: true,
      user: 'tourist',
      contestId: '100001',
      index: 'A',
      programTypeId: '54',
    });
    expect(run.source.slice(CODE.length)).toMatch(/^\n[ \t]+$/);
    // the same code again is not refused as a duplicate, thanks to the tail
    expect(await s.submit('100001A', 'GNU G++17 7.3.0', CODE)).not.toBe(runId);
  });

  it('says why when the login is refused', async () => {
    await expect(open('tourist', 'wrong').login()).rejects.toThrow('[Codeforces] Failed to Login');
  });

  it('refuses a language the gym problem does not allow, and an unknown one', async () => {
    const s = open();
    await s.login();
    cf.refusedPrograms.add('54');
    try {
      await expect(s.submit('100001A', 'GNU G++17 7.3.0', CODE)).rejects.toThrow(
        'is not allowed for this problem',
      );
    } finally {
      cf.refusedPrograms.clear();
    }
    await expect(s.submit('100001A', 'Brainfuck', CODE)).rejects.toThrow(RemoteRefused);
  });

  it.each(
    Object.entries(CF_VERDICTS).filter(
      ([v]) => !['TESTING', 'RUNNING & JUDGING', 'COMPILATION_ERROR'].includes(v),
    ),
  )('maps the verdict %s of the "my" page to %i with its time and memory', async (verdict, status) => {
    const { poll, seen } = await judged({ verdict, waitingPolls: 2 });
    expect(poll).toMatchObject({ status, final: true, time: 46, memory: 3600 });
    expect(poll.cases).toBeUndefined();
    expect(seen[0]).toBe(JudgeStatus.JUDGING);
  });

  it('reads the compile error text from the judge protocol', async () => {
    const { poll } = await judged({
      verdict: 'COMPILATION_ERROR',
      ceText: "Can't compile file:\r\nprogram.cpp:1: error: 'x' was not declared",
    });
    expect(poll).toMatchObject({
      status: JudgeStatus.COMPILE_ERROR,
      errorMessage: "Can't compile file:\r\nprogram.cpp:1: error: 'x' was not declared",
    });
  });
});
