import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contest,
  contestRecord,
  judge,
  judgeProblemCount,
  userAcproblem,
} from '../../src/db/schema/index.ts';
import type { Page } from '../../src/http/envelope.ts';
import { CPP } from '../problem/fixtures.ts';
import { contestWorld, toMinute, type Caller, type ContestWorld } from './support.ts';

let cw: ContestWorld;
beforeAll(async () => {
  cw = await contestWorld();
});
afterAll(() => cw.w.t.close());

async function submitStatuses(cid: number, displayId = 'A') {
  const out: Partial<Record<Caller, number>> = {};
  for (const who of ['anonymous', 'alice', 'bob', 'admin', 'root'] as const) {
    const res = await cw.submit(who, cid, displayId);
    out[who] = res.http === 401 ? 401 : res.status;
    if (res.status === 200) await cw.w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
  }
  return out;
}

describe('reference §6.1 step 5 "Contest": submitting in a contest, crossing scheduled → running → ended', () => {
  it('scheduled refuses all but the contest admins; running accepts the registered; ended refuses everyone', async () => {
    const { w } = cw;
    const c = await cw.contest({ auth: 2, pwd: 'pw' });
    expect(await submitStatuses(c.id)).toEqual({
      anonymous: 401,
      alice: 403,
      bob: 403,
      admin: 200,
      root: 200,
    });
    toMinute(w.clock, c, 1);
    // protected: problems readable, submitting needs registration (alice is not registered)
    expect(await submitStatuses(c.id)).toEqual({
      anonymous: 401,
      alice: 403,
      bob: 200,
      admin: 200,
      root: 200,
    });
    expect((await cw.submit('alice', c.id, 'A')).msg).toBe('Please register for this contest first!');
    toMinute(w.clock, c, 180);
    expect(await submitStatuses(c.id)).toEqual({
      anonymous: 401,
      alice: 403,
      bob: 403,
      admin: 403,
      root: 403,
    });
    expect((await cw.submit('bob', c.id, 'A')).msg).toBe('The contest has ended: submissions are closed!');
  });

  it('after the end only with allowEndSubmit (reference §4.4), still with registration for private contests', async () => {
    const { w } = cw;
    const c = await cw.contest({ auth: 1, pwd: 'pw', allowEndSubmit: true });
    toMinute(w.clock, c, 200);
    expect(await submitStatuses(c.id)).toEqual({
      anonymous: 401,
      alice: 403,
      bob: 200,
      admin: 200,
      root: 200,
    });
  });

  it('writes the judge row at contest priority and the contest record with the time from the start', async () => {
    const { w } = cw;
    const c = await cw.contest();
    toMinute(w.clock, c, 0);
    w.clock.advance(125_500);
    const res = await cw.submit('alice', c.id, 'b');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ cid: c.id, displayPid: cw.oi.problemId, status: JudgeStatus.PENDING });
    const [row] = await w.t.db.select().from(judge).where(eq(judge.submitId, res.data.submitId));
    expect(row!.priority).toBe(3);
    expect(row!.cpid).toBeGreaterThan(0);
    const [record] = await w.t.db
      .select()
      .from(contestRecord)
      .where(eq(contestRecord.submitId, res.data.submitId));
    expect(record).toMatchObject({ cid: c.id, uid: w.uids.alice, displayId: 'B', time: 125, status: null });
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED, score: 100 });
    const [judged] = await w.t.db
      .select()
      .from(contestRecord)
      .where(eq(contestRecord.submitId, res.data.submitId));
    expect(judged!.status).toBe(1);
    // contest submissions are not held to the public submission interval (reference §6.1 step 4)
    expect((await cw.submit('alice', c.id, 'A')).status).toBe(200);
    await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
  });

  it('refuses an unknown display id, an invisible contest as a nonexistent one, and a closed contest judge switch', async () => {
    const { w } = cw;
    const c = await cw.contest();
    toMinute(w.clock, c, 1);
    expect((await cw.submit('bob', c.id, 'Q')).status).toBe(404);
    await w.t.db.update(contest).set({ visible: false }).where(eq(contest.id, c.id));
    const hidden = await cw.submit('bob', c.id, 'A');
    const missing = await cw.submit('bob', 424242, 'A');
    expect({ status: hidden.status, msg: hidden.msg }).toEqual({
      status: 404,
      msg: 'The contest does not exist!',
    });
    expect({ status: missing.status, msg: missing.msg }).toEqual({
      status: 404,
      msg: 'The contest does not exist!',
    });
    expect((await cw.submit('admin', c.id, 'A')).status).toBe(200);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  });
});

describe('issue 11: a contest problem (auth 3) stays out of the public bank and its statistics', () => {
  it('is never in the public list, its page is refused, public submits are refused, and contest ACs leave public counts alone', async () => {
    const { w } = cw;
    const c = await cw.contest();
    toMinute(w.clock, c, 1);
    const before = await w.t.db.select().from(judgeProblemCount).where(eq(judgeProblemCount.pid, cw.acm.pid));
    expect((await cw.submit('bob', c.id, 'A')).status).toBe(200);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    const after = await w.t.db.select().from(judgeProblemCount).where(eq(judgeProblemCount.pid, cw.acm.pid));
    expect(after).toEqual(before);
    expect(await w.t.db.select().from(userAcproblem).where(eq(userAcproblem.pid, cw.acm.pid))).toEqual([]);
    for (const who of ['anonymous', 'alice', 'bob'] as const) {
      const listed = await cw.call<Page<{ problemId: string }>>(
        who,
        'GET',
        '/api/get-problem-list?limit=100&keyword=C',
      );
      expect(listed.data.records.map((p) => p.problemId)).not.toContain(cw.acm.problemId);
      const page = await cw.call(who, 'GET', `/api/get-problem-detail?problemId=${cw.acm.problemId}`);
      expect(page.status).toBe(403);
    }
    // the public submission list leaves contest submissions out
    const subs = await cw.call<Page<{ cid: number }>>('alice', 'GET', '/api/get-submission-list?limit=100');
    expect(subs.data.records.every((s) => s.cid === 0)).toBe(true);
    const outside = await w.call('POST', '/api/submit-problem-judge', {
      token: w.tokens.bob,
      payload: { pid: cw.acm.problemId, language: 'C++', code: CPP, cid: 0 },
    });
    expect(outside.status).toBe(403);
  });
});

describe('reference §3.4 test runs and resubmit inside a contest', () => {
  it('a contest test run follows the contest submitting rules', async () => {
    const { w } = cw;
    const c = await cw.contest({ auth: 1, pwd: 'pw' });
    const run = (who: Caller, extra: object = {}) =>
      cw.call<string>(who, 'POST', '/api/submit-problem-test-judge', {
        pid: cw.acm.pid,
        type: 'contest',
        cid: c.id,
        code: CPP,
        language: 'C++',
        userInput: '1 2',
        ...extra,
      });
    expect((await run('bob')).status).toBe(403);
    toMinute(w.clock, c, 1);
    expect((await run('alice')).status).toBe(403);
    const ok = await run('bob');
    expect(ok.status).toBe(200);
    expect(ok.data).toMatch(/^TEST_JUDGE_/);
    expect((await run('bob', { cid: undefined })).msg).toBe('Invalid request: a contest id is required!');
    w.clock.advance(60_000);
    expect((await run('bob', { pid: w.p1000 })).status).toBe(404);
  });

  it('reference §6.4: a contest submission is resubmitted only for remote problems', async () => {
    const { w } = cw;
    const c = await cw.contest();
    toMinute(w.clock, c, 1);
    const res = await cw.submit('bob', c.id, 'A');
    await w.judge.judgeNext({ status: JudgeStatus.SYSTEM_ERROR });
    const again = await cw.call('bob', 'GET', `/api/resubmit?submitId=${res.data.submitId}`);
    expect(again.status).toBe(400);
    expect(again.msg).toBe('In a contest only submissions of remote problems can be resubmitted!');
  });
});
