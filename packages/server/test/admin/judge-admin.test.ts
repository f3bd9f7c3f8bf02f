import { and, eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contest,
  contestProblem,
  contestRecord,
  judge,
  judgeCase,
  userAcproblem,
} from '../../src/db/schema/index.ts';
import { FakeJudge } from '../helpers/judge.ts';
import { createProblem, createWorld, submit, type World } from '../problem/fixtures.ts';

let w: World;
const rows = (submitId: number) => w.t.db.select().from(judge).where(eq(judge.submitId, submitId));
const acRows = (submitId: number) =>
  w.t.db.select().from(userAcproblem).where(eq(userAcproblem.submitId, submitId));

async function accepted() {
  const id = (await submit(w, w.tokens.alice, 'P1000')).data.submitId;
  await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  return id;
}

beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

describe('rejudge (spec part 1 §4; reference §3.4 admin judge, §6.4)', () => {
  it('is for root with the rejudge permission only', async () => {
    const id = await accepted();
    for (const token of [w.tokens.admin, w.tokens.problemAdmin, w.tokens.alice]) {
      expect((await w.call('GET', `/api/admin/judge/rejudge?submitId=${id}`, { token })).http).toBe(403);
    }
    expect((await w.call('GET', `/api/admin/judge/rejudge?submitId=${id}`)).http).toBe(401);
  });

  it('clears the verdict, cases and solved row, and queues at rejudge priority; a late result is ignored', async () => {
    const id = (await submit(w, w.tokens.alice, 'P1000')).data.submitId;
    const stale = await w.judge.claimSubmission();
    const res = await w.call<{ status: number; version: number }>(
      'GET',
      `/api/admin/judge/rejudge?submitId=${id}`,
      {
        token: w.tokens.root,
      },
    );
    expect(res.data).toMatchObject({ status: JudgeStatus.PENDING, version: 1 });
    // the worker that held it reports after the rejudge: stale
    expect(await w.judge.finish(stale, { status: JudgeStatus.ACCEPTED })).toBe(false);
    const [row] = await rows(id);
    expect(row).toMatchObject({ status: JudgeStatus.PENDING, priority: 0, leaseOwner: null, time: null });
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    expect(await acRows(id)).toHaveLength(1);
    expect(await w.t.db.select().from(judgeCase).where(eq(judgeCase.submitId, id))).toHaveLength(2);

    await w.call('GET', `/api/admin/judge/rejudge?submitId=${id}`, { token: w.tokens.root });
    expect(await acRows(id)).toEqual([]);
    expect(await w.t.db.select().from(judgeCase).where(eq(judgeCase.submitId, id))).toEqual([]);
    // ordinary work goes before rejudges
    const fresh = (await submit(w, w.tokens.bob, 'P1000')).data.submitId;
    expect((await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER })).submitId).toBe(fresh);
    expect((await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER })).submitId).toBe(id);
    expect(
      (await w.call('GET', '/api/admin/judge/rejudge?submitId=999999', { token: w.tokens.root })).status,
    ).toBe(404);
  });

  it("rejudges a contest's submissions of one problem and resets their records", async () => {
    const [c] = await w.t.db
      .insert(contest)
      .values({ uid: '1', title: 'Cup', startTime: new Date(0), endTime: new Date(1e13) })
      .returning();
    const [cp] = await w.t.db
      .insert(contestProblem)
      .values({ cid: c!.id, pid: w.p1000, displayId: 'A', displayTitle: 'A' })
      .returning();
    const [s] = await w.t.db
      .insert(judge)
      .values({
        pid: w.p1000,
        displayPid: 'A',
        uid: w.uids.bob,
        username: 'bob',
        code: 'x',
        language: 'C++',
        cid: c!.id,
        cpid: cp!.id,
        status: 0,
        priority: 3,
      })
      .returning();
    await w.t.db.insert(contestRecord).values({
      cid: c!.id,
      uid: w.uids.bob,
      pid: w.p1000,
      cpid: cp!.id,
      submitId: s!.submitId,
      status: 1,
      submitTime: new Date(),
    });
    const res = await w.call('GET', `/api/admin/judge/rejudge-contest-problem?cid=${c!.id}&pid=${w.p1000}`, {
      token: w.tokens.root,
    });
    expect(res.status).toBe(200);
    expect((await rows(s!.submitId))[0]!.status).toBe(JudgeStatus.PENDING);
    const [record] = await w.t.db.select().from(contestRecord).where(eq(contestRecord.submitId, s!.submitId));
    expect(record!.status).toBeNull();
    expect(
      (
        await w.call('GET', `/api/admin/judge/rejudge-contest-problem?cid=424242&pid=${w.p1000}`, {
          token: w.tokens.root,
        })
      ).status,
    ).toBe(404);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  });

  it('rejudges every non-contest submission of a problem', async () => {
    const made = await createProblem(w, { problemId: 'RJ-ALL' });
    for (const token of [w.tokens.alice, w.tokens.bob]) {
      await submit(w, token, 'RJ-ALL');
      await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    }
    const res = await w.call<{ count: number }>('GET', `/api/admin/judge/rejudge-problem?pid=${made.pid}`, {
      token: w.tokens.root,
    });
    expect(res.data.count).toBe(2);
    const pending = await w.t.db
      .select()
      .from(judge)
      .where(and(eq(judge.pid, made.pid), eq(judge.status, JudgeStatus.PENDING)));
    expect(pending).toHaveLength(2);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  });
});

describe('manual judge (spec part 1 §4; reference §6.4)', () => {
  const manual = (query: string) =>
    w.call<Record<string, unknown>>('GET', `/api/admin/judge/manual-judge?${query}`, {
      token: w.tokens.root,
    });

  it('sets a final verdict, marks it manual and keeps the solved row in step', async () => {
    const id = await accepted();
    const res = await manual(`submitId=${id}&status=${JudgeStatus.WRONG_ANSWER}`);
    expect(res.data).toEqual({
      submitId: id,
      judger: 'root',
      status: JudgeStatus.WRONG_ANSWER,
      score: null,
      oiRankScore: null,
    });
    expect((await rows(id))[0]!.isManual).toBe(true);
    expect(await acRows(id)).toEqual([]);
    await manual(`submitId=${id}&status=${JudgeStatus.ACCEPTED}`);
    expect(await acRows(id)).toHaveLength(1);
  });

  it('clamps an OI score to the problem total and gives its rank points', async () => {
    const oi = await createProblem(w, { problemId: 'OI-MAN', type: 1, difficulty: 3 }, {
      samples: [{ input: '1', output: '1', score: 40 }],
    } as never);
    const id = (await submit(w, w.tokens.alice, oi.problemId)).data.submitId;
    await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER, scores: [0], score: 0 });
    const res = await manual(`submitId=${id}&status=${JudgeStatus.PARTIAL_ACCEPTED}&score=90`);
    expect(res.data).toMatchObject({ score: 40, oiRankScore: Math.round(0.1 * 40 + 2 * 3) });
  });

  it('refuses the statuses of spec part 1 §4 and submissions waiting, running or not compiled', async () => {
    const id = await accepted();
    for (const status of [
      JudgeStatus.PENDING,
      JudgeStatus.COMPILE_ERROR,
      JudgeStatus.CANCELLED,
      JudgeStatus.SUBMITTING,
      -10,
      -5,
      99,
    ]) {
      expect((await manual(`submitId=${id}&status=${status}`)).msg).toBe(
        'This status cannot be set by manual judging!',
      );
    }
    const waiting = (await submit(w, w.tokens.alice, 'P1000')).data.submitId;
    expect((await manual(`submitId=${waiting}&status=0`)).msg).toBe(
      'A submission that is pending, compiling, judging or a compile error cannot be judged manually!',
    );
    await w.judge.judgeNext({ status: JudgeStatus.COMPILE_ERROR });
    expect((await manual(`submitId=${waiting}&status=0`)).status).toBe(400);
    expect((await manual('submitId=999999&status=0')).status).toBe(404);
    expect((await manual('submitId=x&status=0')).http).toBe(400);
  });
});

describe('cancel judge (spec part 1 §4; reference §6.4)', () => {
  const cancel = (id: number) =>
    w.call<Record<string, unknown>>('GET', `/api/admin/judge/cancel-judge?submitId=${id}`, {
      token: w.tokens.root,
    });

  it('cancels a waiting or finished submission and removes its solved row', async () => {
    const waiting = (await submit(w, w.tokens.bob, 'P1000')).data.submitId;
    expect((await cancel(waiting)).data).toEqual({
      submitId: waiting,
      judger: 'root',
      status: JudgeStatus.CANCELLED,
    });
    expect(await w.judge.claim()).toBeNull(); // no longer in the queue
    const id = await accepted();
    await cancel(id);
    expect((await rows(id))[0]).toMatchObject({ status: JudgeStatus.CANCELLED, isManual: true, score: null });
    expect(await acRows(id)).toEqual([]);
  });

  it('refuses while a live worker holds it, allows it once the lease ran out', async () => {
    const id = (await submit(w, w.tokens.bob, 'P1000')).data.submitId;
    const task = await w.judge.claimSubmission();
    expect((await cancel(id)).msg).toBe('This submission is being judged and cannot be cancelled now!');
    w.clock.advance(60_000); // past the 30 s lease
    expect((await cancel(id)).status).toBe(200);
    expect(await w.judge.finish(task, { status: JudgeStatus.ACCEPTED })).toBe(false);
    const other = new FakeJudge(w.t.app, 'second');
    expect(await (await other.register()).claim()).toBeNull();
  });
});
