import { eq, sql } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, systemConfig } from '../../src/db/schema/index.ts';
import { createProblem, createWorld, submit, type World } from '../problem/fixtures.ts';

let w: World;
interface Row {
  submitId: number;
  username: string;
  displayPid: string;
  title: string;
  status: number;
}
interface ListPage {
  records: Row[];
  total: number;
}
const list = (query = '', token?: string) =>
  w.call<ListPage>('GET', `/api/get-submission-list${query}`, { token });
const ids: Record<string, number> = {};
let secret: { pid: number; problemId: string };

beforeAll(async () => {
  w = await createWorld();
  const other = await createProblem(w, { problemId: 'P1001', title: 'Second' });
  secret = await createProblem(w, { problemId: 'SECRET-9', title: 'Hidden' });
  ids.a1 = (await submit(w, w.tokens.alice, 'P1000')).data.submitId;
  await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  ids.b1 = (await submit(w, w.tokens.bob, 'P1000')).data.submitId;
  await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
  ids.a2 = (await submit(w, w.tokens.alice, other.problemId)).data.submitId;
  await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
  ids.s1 = (await submit(w, w.tokens.bob, secret.problemId)).data.submitId;
  await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
  ids.b2 = (await submit(w, w.tokens.bob, 'P1000')).data.submitId; // pending
  await w.call('PUT', '/api/admin/problem/change-problem-auth', {
    token: w.tokens.root,
    payload: { id: secret.pid, auth: 2 },
  });
  // a contest submission never shows in the global list
  await w.t.db
    .insert(judge)
    .values({ pid: w.p1000, displayPid: 'A', uid: w.uids.alice, username: 'alice', code: 'x', cid: 9 });
});
afterAll(() => w.t.close());

describe('submission list (spec part 1 §2, §7; reference §3.4 get-submission-list)', () => {
  it('lists non-contest submissions newest first with problem titles; hidden problems left out but for root', async () => {
    const res = await list();
    expect(res.data.records.map((r) => r.submitId)).toEqual([ids.b2, ids.a2, ids.b1, ids.a1]);
    expect(res.data.total).toBe(4);
    expect(res.data.records[1]).toMatchObject({ displayPid: 'P1001', title: 'Second', username: 'alice' });
    const root = await list('', w.tokens.root);
    expect(root.data.records.map((r) => r.submitId)).toEqual([ids.b2, ids.s1, ids.a2, ids.b1, ids.a1]);
    expect(root.data.total).toBe(5);
  });

  it('answers every field of a row with its JSON type, the time as JavaScript writes a date (reference §3.4)', async () => {
    // microseconds in the stored time: the answer shows milliseconds, as a Date would
    const [before] = await w.t.db.select().from(judge).where(eq(judge.submitId, ids.a2!));
    await w.t.db.execute(
      sql`update judge set submit_time = '2031-02-03 04:05:06.789987+00', time = 12, memory = 3456, length = 77,
          judger = 'worker-1', score = null where submit_id = ${ids.a2}`,
    );
    const res = await w.call<{ records: Record<string, unknown>[] }>(
      'GET',
      '/api/get-submission-list?limit=1',
    );
    const [stored] = await w.t.db.select().from(judge).where(eq(judge.submitId, ids.a2!));
    expect(res.data.records).toEqual([
      {
        uid: stored!.uid,
        submitId: ids.a2,
        username: 'alice',
        pid: stored!.pid,
        displayPid: 'P1001',
        title: 'Second',
        submitTime: '2031-02-03T04:05:06.789Z',
        status: JudgeStatus.WRONG_ANSWER,
        share: stored!.share,
        time: 12,
        memory: 3456,
        score: null,
        oiRankScore: stored!.oiRankScore,
        length: 77,
        language: stored!.language,
        cid: 0,
        cpid: 0,
        gid: null,
        judger: 'worker-1',
        isManual: false,
      },
    ]);
    // back in its place among the others, for the tests below
    await w.t.db.update(judge).set({ submitTime: before!.submitTime }).where(eq(judge.submitId, ids.a2!));
  });

  it('filters by status, problem (substring or exact), author and onlyMine', async () => {
    expect((await list(`?status=${JudgeStatus.WRONG_ANSWER}`)).data).toMatchObject({ total: 2 });
    expect((await list(`?status=${JudgeStatus.ACCEPTED}`)).data.records.map((r) => r.submitId)).toEqual([
      ids.a1,
    ]);
    expect((await list(`?status=${JudgeStatus.ACCEPTED}`, w.tokens.root)).data.total).toBe(2);
    const sub = await list('?problemID=p100');
    expect(sub.data.total).toBe(4);
    const exact = await list('?problemID=P1000&completeProblemID=true');
    expect(exact.data.records.map((r) => r.submitId)).toEqual([ids.b2, ids.b1, ids.a1]);
    expect(exact.data.total).toBe(3);
    expect((await list('?problemID=P1000&completeProblemID=true&status=-1')).data.total).toBe(1);
    expect((await list('?problemID=SECRET-9')).data.total).toBe(0);
    expect((await list('?username=ali')).data.records.map((r) => r.submitId)).toEqual([ids.a2, ids.a1]);
    const mine = await list('?onlyMine=true&username=alice', w.tokens.bob);
    expect(mine.data.records.map((r) => r.submitId)).toEqual([ids.b2, ids.b1]);
    expect(mine.data.total).toBe(2);
  });

  it('needs a login for onlyMine and pages with currentPage/limit', async () => {
    const anon = await list('?onlyMine=true');
    expect(anon.status).toBe(401);
    const second = await list('?limit=3&currentPage=2');
    expect(second.data.records.map((r) => r.submitId)).toEqual([ids.a1]);
    expect(second.data.total).toBe(4);
    // issue 27: a group's list needs the group (unknown here) and its membership
    expect((await list('?gid=3')).status).toBe(404);
    expect((await list('?status=x')).http).toBe(400);
  });
});

describe('status checks (reference §3.4 check-submissions-status)', () => {
  it('answers id → submission without code or error text, for the ids one may see', async () => {
    const res = await w.call<Record<string, Record<string, unknown>>>(
      'POST',
      '/api/check-submissions-status',
      {
        payload: { submitIds: [ids.a1, ids.b2, ids.s1, 999999] },
      },
    );
    expect(Object.keys(res.data).map(Number).sort()).toEqual([ids.a1, ids.b2].sort());
    expect(res.data[ids.a1!]).toMatchObject({ status: JudgeStatus.ACCEPTED, submitId: ids.a1 });
    expect(res.data[ids.a1!]).not.toHaveProperty('code');
    expect(res.data[ids.a1!]).not.toHaveProperty('errorMessage');
    const bob = await w.call<Record<string, unknown>>('POST', '/api/check-submissions-status', {
      token: w.tokens.bob,
      payload: { submitIds: [ids.s1] },
    });
    expect(Object.keys(bob.data)).toEqual([String(ids.s1)]);
    const contest = await w.call('POST', '/api/check-contest-submissions-status', {
      token: w.tokens.bob,
      payload: { submitIds: [1], cid: 9 },
    });
    expect(contest.status).toBe(404);
    expect(contest.msg).toBe('The contest does not exist!');
    const tooMany = await w.call('POST', '/api/check-submissions-status', {
      payload: { submitIds: Array.from({ length: 201 }, (_, i) => i + 1) },
    });
    expect(tooMany.http).toBe(400);
  });
});

describe('resubmit and last accepted code (reference §3.3 get-last-ac-code, §3.4 resubmit, §6.4)', () => {
  it('lets the author resubmit only after a judging failure', async () => {
    const failed = await w.call('GET', `/api/resubmit?submitId=${ids.a2}`, { token: w.tokens.alice });
    expect(failed.msg).toBe(
      'Only a submission whose judging failed (System Error or Submitted Failed) can be resubmitted!',
    );
    await w.t.db.update(judge).set({ status: JudgeStatus.SYSTEM_ERROR }).where(eq(judge.submitId, ids.a2!));
    expect((await w.call('GET', `/api/resubmit?submitId=${ids.a2}`, { token: w.tokens.bob })).status).toBe(
      403,
    );
    const res = await w.call<{ status: number }>('GET', `/api/resubmit?submitId=${ids.a2}`, {
      token: w.tokens.alice,
    });
    expect(res.data.status).toBe(JudgeStatus.PENDING);
    // same priority as b2, older id: claimed first
    const task = await w.judge.claimSubmission();
    expect(task.submitId).toBe(ids.a2);
    await w.judge.finish(task, { status: JudgeStatus.ACCEPTED });
    await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
  });

  it('answers the latest accepted code with a run comment, or empty code', async () => {
    const res = await w.call<{ submitId: number; code: string; language: string }>(
      'GET',
      `/api/get-last-ac-code?pid=${w.p1000}`,
      { token: w.tokens.alice },
    );
    expect(res.data.submitId).toBe(ids.a1);
    expect(res.data.language).toBe('C++');
    expect(res.data.code).toContain(`@runId: ${ids.a1}`);
    expect(res.data.code).toContain('@author: alice');
    const none = await w.call('GET', `/api/get-last-ac-code?pid=${w.p1000}`, { token: w.tokens.bob });
    expect(none.data).toEqual({ submitId: null, code: '', language: null });
    expect((await w.call('GET', `/api/get-last-ac-code?pid=${w.p1000}`)).http).toBe(401);
    expect(
      (await w.call('GET', `/api/get-last-ac-code?pid=${w.p1000}&cid=4`, { token: w.tokens.bob })).status,
    ).toBe(404);
  });

  it('needs no switch row changes to have run (sanity: the seeded switch config is intact)', async () => {
    const [row] = await w.t.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
    expect((row!.value as { defaultSubmitInterval: number }).defaultSubmitInterval).toBe(8);
  });
});
