import { eq } from 'drizzle-orm';
import type { ContestJudgeVO } from '@verdict/shared';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contest } from '../../src/db/schema/index.ts';
import type { Page } from '../../src/http/envelope.ts';
import { CPP } from '../problem/fixtures.ts';
import { contestWorld, toMinute, type Caller, type ContestWorld } from './support.ts';

let cw: ContestWorld;
beforeAll(async () => {
  cw = await contestWorld();
});
afterAll(() => cw.w.t.close());

const list = (who: Caller, cid: number, query = '') =>
  cw.call<Page<ContestJudgeVO>>(who, 'GET', `/api/contest-submissions?contestID=${cid}${query}`);
const detail = (who: Caller, submitId: number) =>
  cw.call<{ submission: Record<string, unknown> }>(
    who,
    'GET',
    `/api/get-submission-detail?submitId=${submitId}`,
  );
const statusCheck = (who: Caller, cid: number, submitIds: number[]) =>
  cw.call<Record<string, Record<string, unknown>>>(who, 'POST', '/api/check-contest-submissions-status', {
    cid,
    submitIds,
  });

/** A running contest (seal at minute 120 when asked) with one judged submission of bob on A. */
async function runningContest(values: Record<string, unknown> = {}) {
  const c = await cw.contest(values);
  if (values.sealRank)
    await cw.w.t.db
      .update(contest)
      .set({ sealRankTime: new Date(c.startTime.getTime() + 120 * 60_000) })
      .where(eq(contest.id, c.id));
  toMinute(cw.w.clock, c, 10);
  const res = await cw.submit('bob', c.id, 'A');
  expect(res.status).toBe(200);
  await cw.w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER, time: 12, memory: 3400 });
  return { c, bobSubmission: res.data.submitId };
}

describe('reference §3.6 contest-submissions, §7.18: who sees what of a contest’s submissions', () => {
  it('while running, others’ time, memory and length are hidden from all but the contest admins', async () => {
    const { c } = await runningContest();
    const seen: Record<string, unknown> = {};
    for (const who of ['alice', 'bob', 'admin', 'root'] as const) {
      const res = await list(who, c.id);
      expect(res.status).toBe(200);
      const row = res.data.records[0]!;
      expect(row).toMatchObject({ displayId: 'A', title: 'Apples', username: 'bob', status: -1 });
      seen[who] = [row.time, row.memory, row.length];
    }
    expect(seen).toEqual({
      alice: [null, null, null],
      bob: [12, 3400, CPP.length],
      admin: [12, 3400, CPP.length],
      root: [12, 3400, CPP.length],
    });
    expect((await list('anonymous', c.id)).http).toBe(401);
    // after the end everyone sees them
    toMinute(cw.w.clock, c, 181);
    expect((await list('alice', c.id)).data.records[0]).toMatchObject({ time: 12, memory: 3400 });
  });

  it('issue 11: a user’s code inside a running contest is visible only to that user and contest admins', async () => {
    const { c, bobSubmission } = await runningContest();
    const codes: Record<string, unknown> = {};
    for (const who of ['alice', 'bob', 'admin', 'root'] as const)
      codes[who] = (await detail(who, bobSubmission)).data.submission.code;
    expect(codes).toEqual({ alice: null, bob: CPP, admin: CPP, root: CPP });
    const forAlice = await detail('alice', bobSubmission);
    expect(forAlice.data.submission).toMatchObject({ time: null, memory: null, length: null });
    expect((await detail('anonymous', bobSubmission)).status).toBe(401);
    toMinute(cw.w.clock, c, 181);
    expect((await detail('alice', bobSubmission)).data.submission.code).toBeNull();
  });

  it('private contests: the submission list and details need registration; invisible ones answer as nonexistent', async () => {
    const { c, bobSubmission } = await runningContest({ auth: 1, pwd: 'pw' });
    expect((await list('alice', c.id)).status).toBe(403);
    expect((await detail('alice', bobSubmission)).status).toBe(403);
    await cw.w.t.db.update(contest).set({ visible: false }).where(eq(contest.id, c.id));
    const missing = await list('bob', 55555);
    for (const res of [
      await list('bob', c.id),
      await detail('bob', bobSubmission),
      await statusCheck('bob', c.id, [bobSubmission]),
    ]) {
      expect({ status: res.status, msg: res.msg }).toEqual({ status: missing.status, msg: missing.msg });
    }
    expect((await list('admin', c.id)).status).toBe(200);
  });

  it('filters: onlyMine, display id, status, author; and submissions before the start apart (beforeContestSubmit)', async () => {
    const c = await cw.contest();
    // the creator tries a problem before the start
    const early = await cw.submit('admin', c.id, 'B');
    expect(early.status).toBe(200);
    await cw.w.judge.judgeNext({ status: JudgeStatus.ACCEPTED, score: 100 });
    toMinute(cw.w.clock, c, 3);
    await cw.submit('bob', c.id, 'A');
    await cw.w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    await cw.submit('alice', c.id, 'B');
    await cw.w.judge.judgeNext({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 50 });
    const ids = (res: { data: Page<ContestJudgeVO> }) => res.data.records.map((r) => r.username);
    expect(ids(await list('root', c.id))).toEqual(['alice', 'bob']);
    expect(ids(await list('root', c.id, '&beforeContestSubmit=true'))).toEqual(['admin']);
    expect(ids(await list('bob', c.id, '&onlyMine=true'))).toEqual(['bob']);
    expect(ids(await list('bob', c.id, '&problemID=b&completeProblemID=true'))).toEqual(['alice']);
    expect(ids(await list('bob', c.id, '&status=0'))).toEqual(['bob']);
    expect(ids(await list('bob', c.id, '&username=LIC'))).toEqual(['alice']);
    expect((await list('bob', c.id)).data.total).toBe(2);
  });

  it('the "include submissions after the contest" switch (containsEnd) shows those after the end when allowEndSubmit', async () => {
    const c = await cw.contest({ allowEndSubmit: true });
    toMinute(cw.w.clock, c, 5);
    await cw.submit('bob', c.id, 'A');
    await cw.w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
    toMinute(cw.w.clock, c, 200);
    expect((await cw.submit('bob', c.id, 'A')).status).toBe(200);
    await cw.w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    expect((await list('alice', c.id)).data.total).toBe(1);
    expect((await list('alice', c.id, '&containsEnd=true')).data.total).toBe(2);
    const problems = await cw.call<{ ac: number; total: number; myStatus: number }[]>(
      'bob',
      'GET',
      `/api/get-contest-problem?cid=${c.id}`,
    );
    expect(problems.data[0]).toMatchObject({ ac: 0, total: 1, myStatus: -1 });
    const withEnd = await cw.call<{ ac: number; total: number; myStatus: number }[]>(
      'bob',
      'GET',
      `/api/get-contest-problem?cid=${c.id}&containsEnd=true`,
    );
    expect(withEnd.data[0]).toMatchObject({ ac: 1, total: 2, myStatus: 0 });
  });
});

describe('reference §7.18 seal rules for what is listed, §3.4 check-contest-submissions-status', () => {
  it('ACM, sealed: submissions before the seal time plus the viewer’s own; admins see all', async () => {
    const { c, bobSubmission } = await runningContest({ sealRank: true });
    toMinute(cw.w.clock, c, 130);
    const late = await cw.submit('bob', c.id, 'A');
    await cw.w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    const aliceLate = await cw.submit('alice', c.id, 'A');
    await cw.w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    const users = (res: { data: Page<ContestJudgeVO> }) => res.data.records.map((r) => r.submitId);
    expect(users(await list('alice', c.id))).toEqual([aliceLate.data.submitId, bobSubmission]);
    expect(users(await list('bob', c.id))).toEqual([late.data.submitId, bobSubmission]);
    expect(users(await list('admin', c.id))).toEqual([
      aliceLate.data.submitId,
      late.data.submitId,
      bobSubmission,
    ]);
    const checked = await statusCheck('alice', c.id, [
      bobSubmission,
      late.data.submitId,
      aliceLate.data.submitId,
    ]);
    expect(Object.keys(checked.data).sort()).toEqual(
      [String(bobSubmission), String(aliceLate.data.submitId)].sort(),
    );
    expect(checked.data[bobSubmission]).toMatchObject({ status: -1, time: null, memory: null, length: null });
    expect(checked.data[bobSubmission]).not.toHaveProperty('code');
    // another's submission after the seal, opened by its id, shows no verdict (Verdict: HOJ showed it)
    expect((await detail('alice', late.data.submitId)).data.submission.status).toBe(-5);
    // ended with autoRealRank: everything again
    toMinute(cw.w.clock, c, 181);
    expect(users(await list('alice', c.id))).toHaveLength(3);
  });

  it('OI, sealed: only submissions before the seal; the viewer’s own later ones show as Submitted Unknown Result (-5)', async () => {
    const c = await cw.contest({ type: 1, sealRank: true });
    await cw.w.t.db
      .update(contest)
      .set({ sealRankTime: new Date(c.startTime.getTime() + 60 * 60_000) })
      .where(eq(contest.id, c.id));
    toMinute(cw.w.clock, c, 70);
    const mine = await cw.submit('bob', c.id, 'B');
    await cw.w.judge.judgeNext({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 50 });
    const own = (await list('bob', c.id)).data.records[0]!;
    expect(own).toMatchObject({ submitId: mine.data.submitId, status: -5, score: null, time: null });
    expect((await list('alice', c.id)).data.records).toEqual([]);
    expect((await statusCheck('bob', c.id, [mine.data.submitId])).data[mine.data.submitId]).toMatchObject({
      status: -5,
    });
    expect((await detail('bob', mine.data.submitId)).data.submission).toMatchObject({
      status: -5,
      score: null,
    });
    expect((await detail('admin', mine.data.submitId)).data.submission).toMatchObject({
      status: 8,
      score: 50,
    });
    const cases = await cw.call('bob', 'GET', `/api/get-all-case-result?submitId=${mine.data.submitId}`);
    expect(cases.data).toBeNull();
  });

  it('the general status check with a cid answers by the contest rules (login required)', async () => {
    const { c, bobSubmission } = await runningContest();
    const res = await cw.call<Record<string, unknown>>('alice', 'POST', '/api/check-submissions-status', {
      submitIds: [bobSubmission],
      cid: c.id,
    });
    expect(res.data[bobSubmission]).toMatchObject({ time: null });
    expect(
      (
        await cw.call('anonymous', 'POST', '/api/check-submissions-status', {
          submitIds: [bobSubmission],
          cid: c.id,
        })
      ).status,
    ).toBe(401);
    // without cid, contest submissions are left out of the public check
    const plain = await cw.call<Record<string, unknown>>('alice', 'POST', '/api/check-submissions-status', {
      submitIds: [bobSubmission],
    });
    expect(plain.data).toEqual({});
  });
});
