import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from '@verdict/shared/node';
import { RemoteRefused, type SiteSession } from '../../src/remote/site.ts';
import {
  CF_VERDICTS,
  CODEFORCES_TIMING,
  codeforces,
  parseCfProblemId,
} from '../../src/remote/sites/codeforces.ts';
import { FakeCodeforces } from '../remote-fakes/codeforces.ts';

CODEFORCES_TIMING.runIdRetryMs = 20;
let cf: FakeCodeforces;
const CODE = '#include <cstdio>\nint main(){int a,b;scanf("%d%d",&a,&b);printf("%d\\n",a+b);}';

const open = (username = 'tourist', password = 'pw-tourist'): SiteSession =>
  codeforces.open(new HttpSession(cf.url), { username, password });

async function judged(outcome: FakeCodeforces['outcome'], code = `${CODE}// ${Math.random()}`) {
  cf.outcome = outcome;
  const s = open();
  await s.login();
  const runId = await s.submit('1000A', 'GNU G++17 7.3.0', code);
  for (;;) {
    const poll = await s.poll('1000A', runId);
    if (poll.final) return poll;
  }
}

beforeAll(async () => {
  cf = await new FakeCodeforces().start();
  cf.accounts.set('tourist', 'pw-tourist');
});
afterAll(() => cf.close());

describe('Codeforces adapter against a local Codeforces (reference §10.2)', () => {
  it('passes the RCPC anti-bot page, logs in with the page tokens, submits and finds the run id', async () => {
    const s = open();
    await s.login();
    const runId = await s.submit('1000A', 'GNU G++17 7.3.0', CODE);
    const run = cf.runs.at(-1)!;
    expect(runId).toBe(String(run.id));
    expect(run).toMatchObject({ user: 'tourist', contestId: '1000', index: 'A', programTypeId: '54' });
    // reference §10.1: the anti-duplicate tail, a newline and spaces/tabs only
    expect(run.source.startsWith(CODE)).toBe(true);
    expect(run.source.slice(CODE.length)).toMatch(/^\n[ \t]+$/);
  });

  it('submits the same code twice thanks to the tail', async () => {
    const s = open();
    await s.login();
    const first = await s.submit('1000A', 'GNU G++17 7.3.0', 'same code');
    const second = await s.submit('1000A', 'GNU G++17 7.3.0', 'same code');
    expect(second).not.toBe(first);
  });

  it('says why when the login is refused', async () => {
    await expect(open('tourist', 'wrong').login()).rejects.toThrow(
      '[Codeforces] Failed to Login, possibly due to incorrect remote judge account or password of codeforces!',
    );
  });

  it('refuses a language the problem does not allow, and a source the site refuses', async () => {
    const s = open();
    await s.login();
    cf.refusedPrograms.add('54');
    await expect(s.submit('1000A', 'GNU G++17 7.3.0', CODE)).rejects.toThrow(RemoteRefused);
    cf.refusedPrograms.clear();
    await expect(s.submit('1000A', 'Brainfuck', CODE)).rejects.toThrow('Unknown language');
    cf.sourceError = 'Source should satisfy regex [^{}]*public\\s+(final)?\\s*class\\s+(\\w+).*';
    await expect(s.submit('1000A', 'Java 11.0.6', CODE)).rejects.toThrow('Source should satisfy');
    cf.sourceError = undefined;
  });

  it.each(
    Object.entries(CF_VERDICTS).filter(
      ([v]) => !['TESTING', 'RUNNING & JUDGING', 'COMPILATION_ERROR'].includes(v),
    ),
  )('maps the final verdict %s to status %i, with per-test rows and maxima', async (verdict, status) => {
    const poll = await judged({ verdict, tests: 3, waitingPolls: 1 });
    expect(poll.status).toBe(status);
    expect(poll.cases).toHaveLength(3);
    expect(poll.cases![2]).toMatchObject({
      seq: 3,
      status,
      time: 45,
      memory: 300,
      message: 'ok 3 number(s)',
    });
    expect({ time: poll.time, memory: poll.memory }).toEqual({ time: 45, memory: 300 });
  });

  it('reports a test still running as Judging, not final', async () => {
    cf.outcome = { verdict: 'OK', never: true };
    const s = open();
    await s.login();
    const runId = await s.submit('1000A', 'GNU G++17 7.3.0', `${CODE} `);
    expect(await s.poll('1000A', runId)).toMatchObject({ status: JudgeStatus.JUDGING, final: false });
  });

  it('gives the compile error text, or a fixed text when Codeforces gives none', async () => {
    const withText = await judged({ verdict: 'COMPILATION_ERROR', ceText: "error: 'x' was not declared" });
    expect(withText).toMatchObject({
      status: JudgeStatus.COMPILE_ERROR,
      errorMessage: "error: 'x' was not declared",
    });
    const without = await judged({ verdict: 'COMPILATION_ERROR' });
    expect(without.errorMessage).toContain('Codeforces does not provide compilation details');
  });

  it('parses problem ids as the reference says', () => {
    expect(parseCfProblemId('1000A')).toEqual({ contestId: '1000', index: 'A' });
    expect(parseCfProblemId('1234B1')).toEqual({ contestId: '1234', index: 'B1' });
    expect(parseCfProblemId('10000001')).toEqual({ contestId: '100000', index: '01' });
  });
});
