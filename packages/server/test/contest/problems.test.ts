import type { ContestProblemVO } from '@verdict/shared';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTag, tag } from '../../src/db/schema/index.ts';
import { contestWorld, toMinute, type Caller, type ContestWorld } from './support.ts';

let cw: ContestWorld;
beforeAll(async () => {
  cw = await contestWorld();
});
afterAll(() => cw.w.t.close());

const problems = (who: Caller, cid: number, query = '') =>
  cw.call<ContestProblemVO[]>(who, 'GET', `/api/get-contest-problem?cid=${cid}${query}`);
const details = (who: Caller, cid: number, displayId: string) =>
  cw.call<{
    problem: Record<string, unknown>;
    tags: unknown[];
    problemCount: { ac: number; total: number } | null;
    myStatus: number;
    languages: string[];
  }>(who, 'GET', `/api/get-contest-problem-details?cid=${cid}&displayId=${displayId}`);

/** Answers status per caller kind for one call. */
async function statusByCaller(call: (who: Caller) => Promise<{ status: number }>) {
  const out: Partial<Record<Caller, number>> = {};
  for (const who of ['anonymous', 'alice', 'bob', 'admin', 'root'] as const)
    out[who] = (await call(who)).status;
  return out;
}

describe('reference §7.18: who reads the contest problem list, crossing scheduled → running → ended', () => {
  it('a scheduled contest shows no problems to anyone but its admins (issue 11 rule 1), even with openRank', async () => {
    const c = await cw.contest({ openRank: true });
    expect(await statusByCaller((who) => problems(who, c.id))).toEqual({
      anonymous: 401,
      alice: 403,
      bob: 403,
      admin: 200,
      root: 200,
    });
    expect((await problems('alice', c.id)).msg).toBe('The contest has not started yet!');
    expect(await statusByCaller((who) => details(who, c.id, 'A'))).toEqual({
      anonymous: 401,
      alice: 403,
      bob: 403,
      admin: 200,
      root: 200,
    });
    // not through the public problem page by its problem id, nor the public list
    const page = await cw.call('alice', 'GET', `/api/get-problem-detail?problemId=${cw.acm.problemId}`);
    expect(page.status).toBe(403);
    // running: the openRank board makes the list readable by anyone
    toMinute(cw.w.clock, c, 1);
    expect(await statusByCaller((who) => problems(who, c.id))).toEqual({
      anonymous: 200,
      alice: 200,
      bob: 200,
      admin: 200,
      root: 200,
    });
  });

  it('private: nothing but the info until registered; protected: readable, public: open (reference §7.18)', async () => {
    const priv = await cw.contest({ auth: 1, pwd: 'pw' });
    const prot = await cw.contest({ auth: 2, pwd: 'pw' });
    const pub = await cw.contest();
    toMinute(cw.w.clock, pub, 1);
    expect(await statusByCaller((who) => problems(who, priv.id))).toEqual({
      anonymous: 401,
      alice: 403,
      bob: 200,
      admin: 200,
      root: 200,
    });
    expect((await problems('alice', priv.id)).msg).toBe('Please register for this contest first!');
    expect((await details('alice', priv.id, 'A')).status).toBe(403);
    expect((await details('bob', priv.id, 'A')).status).toBe(200);
    for (const c of [prot, pub]) {
      expect(await statusByCaller((who) => problems(who, c.id))).toEqual({
        anonymous: 401,
        alice: 200,
        bob: 200,
        admin: 200,
        root: 200,
      });
      expect((await details('alice', c.id, 'B')).status).toBe(200);
    }
    expect((await details('alice', pub.id, 'Z')).status).toBe(404);
  });

  it('an invisible contest answers as a nonexistent one on every problem call', async () => {
    const c = await cw.contest({ visible: false });
    toMinute(cw.w.clock, c, 1);
    const missing = await problems('alice', 987654);
    for (const res of [await problems('bob', c.id), await details('bob', c.id, 'A')]) {
      expect({ status: res.status, msg: res.msg }).toEqual({ status: missing.status, msg: missing.msg });
    }
    expect((await problems('admin', c.id)).status).toBe(200);
  });
});

describe('reference §3.6 get-contest-problem rows, §7.8 counts, §7.9 the caller’s status', () => {
  it('lists display ids, titles and balloon colours with AC/total that leave out the creator and root', async () => {
    const { w } = cw;
    const c = await cw.contest();
    toMinute(w.clock, c, 5);
    const bobWa = await cw.submit('bob', c.id, 'A');
    expect(bobWa.status).toBe(200);
    await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
    expect((await cw.submit('bob', c.id, 'A')).status).toBe(200);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    expect((await cw.submit('admin', c.id, 'A')).status).toBe(200);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    expect((await cw.submit('root', c.id, 'B')).status).toBe(200);
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    const res = await problems('alice', c.id);
    expect(res.data.map((p) => [p.displayId, p.displayTitle, p.color, p.ac, p.total, p.myStatus])).toEqual([
      ['A', 'Apples', '#ff0000', 1, 2, -10],
      ['B', 'Bananas', '#ff0000', 0, 0, -10],
    ]);
    const mine = await problems('bob', c.id);
    expect(mine.data.map((p) => p.myStatus)).toEqual([JudgeStatus.ACCEPTED, JudgeStatus.NOT_SUBMITTED]);
    const status = await cw.call<Record<string, { status: number }>>(
      'bob',
      'POST',
      '/api/get-user-problem-status',
      {
        pidList: [cw.acm.pid, cw.oi.pid],
        isContestProblemList: true,
        cid: c.id,
      },
    );
    expect(status.data).toEqual({
      [cw.acm.pid]: { status: 0, score: null },
      [cw.oi.pid]: { status: -10, score: null },
    });
    const full = await cw.call<{ problemId: string; status: number }[]>(
      'bob',
      'GET',
      `/api/get-full-screen-problem-list?cid=${c.id}`,
    );
    expect(full.data.map((p) => [p.problemId, p.status])).toEqual([
      ['A', 0],
      ['B', -10],
    ]);
  });

  it('shows AC/total as null ("?") while the board is sealed, except to contest admins (spec part 1 §2, reference §9.2)', async () => {
    const { w } = cw;
    const c = await cw.contest({ sealRank: true });
    const { contest } = await import('../../src/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await w.t.db
      .update(contest)
      .set({ sealRankTime: new Date(c.startTime.getTime() + 120 * 60_000) })
      .where(eq(contest.id, c.id));
    toMinute(w.clock, c, 10);
    await cw.submit('bob', c.id, 'A');
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED });
    expect((await problems('alice', c.id)).data[0]).toMatchObject({ ac: 1, total: 1 });
    toMinute(w.clock, c, 121);
    expect((await problems('alice', c.id)).data[0]).toMatchObject({ ac: null, total: null });
    expect((await details('alice', c.id, 'A')).data.problemCount).toBeNull();
    expect((await problems('admin', c.id)).data[0]).toMatchObject({ ac: 1, total: 1 });
    expect((await problems('root', c.id)).data[0]).toMatchObject({ ac: 1, total: 1 });
    // ended, autoRealRank: the seal lifts
    toMinute(w.clock, c, 181);
    expect((await problems('alice', c.id)).data[0]).toMatchObject({ ac: 1, total: 1 });
  });

  it('OI: the caller’s latest status and score, and -5 while sealed (reference §7.9)', async () => {
    const { w } = cw;
    const c = await cw.contest({ type: 1, sealRank: true });
    const { contest } = await import('../../src/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await w.t.db
      .update(contest)
      .set({ sealRankTime: new Date(c.startTime.getTime() + 60 * 60_000) })
      .where(eq(contest.id, c.id));
    toMinute(w.clock, c, 5);
    await cw.submit('bob', c.id, 'B');
    await w.judge.judgeNext({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 40 });
    expect((await problems('bob', c.id)).data[1]).toMatchObject({ myStatus: 8, score: 40 });
    toMinute(w.clock, c, 61);
    expect((await problems('bob', c.id)).data[1]).toMatchObject({ myStatus: -5, score: null });
  });
});

describe('reference §3.6 get-contest-problem-details', () => {
  it('answers the display title, hides source, author, difficulty and tags until the end (reference §13.22 changed)', async () => {
    const { w } = cw;
    const c = await cw.contest();
    toMinute(w.clock, c, 1);
    const running = await details('bob', c.id, 'a');
    expect(running.status).toBe(200);
    expect(running.data.problem).toMatchObject({
      title: 'Apples',
      source: null,
      author: null,
      difficulty: null,
    });
    expect(running.data.problem).not.toHaveProperty('spjCode', expect.anything());
    expect(running.data.tags).toEqual([]);
    expect(running.data.languages).toContain('C++');
    const forAdmin = await details('admin', c.id, 'A');
    expect(forAdmin.data.problem.difficulty).toBe(1);
    toMinute(w.clock, c, 181);
    const ended = await details('bob', c.id, 'A');
    expect(ended.data.problem.difficulty).toBe(1);
  });

  it('the editor’s side calls (languages, templates) reach a contest-only problem only through its contest', async () => {
    const { w } = cw;
    const c = await cw.contest({ auth: 1, pwd: 'pw' });
    const langs = (who: Caller, cid?: number) =>
      cw.call<{ name: string }[]>(
        who,
        'GET',
        `/api/get-problem-languages?pid=${cw.acm.pid}${cid ? `&cid=${cid}` : ''}`,
      );
    expect((await langs('bob')).status).toBe(403);
    expect((await langs('bob', c.id)).status).toBe(403);
    toMinute(w.clock, c, 1);
    const inContest = await langs('bob', c.id);
    expect(inContest.status).toBe(200);
    expect(inContest.data.map((l) => l.name)).toContain('C++');
    expect((await langs('alice', c.id)).status).toBe(403);
    const templates = await cw.call(
      'bob',
      'GET',
      `/api/get-problem-code-template?pid=${cw.acm.pid}&cid=${c.id}`,
    );
    expect(templates.status).toBe(200);
    // a problem that is not in the contest
    const other = await cw.call('bob', 'GET', `/api/get-problem-languages?pid=${w.p1000}&cid=${c.id}`);
    expect(other.status).toBe(404);
    // tags: through the contest only, and none until the end for a participant (§13.22)
    const [greedy] = await w.t.db.insert(tag).values({ name: 'Greedy' }).returning();
    await w.t.db.insert(problemTag).values({ pid: cw.acm.pid, tid: greedy!.id });
    const tags = (who: Caller, cid?: number) =>
      cw.call<unknown[]>(who, 'GET', `/api/get-problem-tags?pid=${cw.acm.pid}${cid ? `&cid=${cid}` : ''}`);
    expect((await tags('bob')).status).toBe(403);
    expect(await tags('bob', c.id)).toMatchObject({ status: 200, data: [] });
    expect((await tags('alice', c.id)).status).toBe(403);
    expect((await cw.call('bob', 'GET', `/api/get-problem-tags?pid=${w.p1000}&cid=${c.id}`)).status).toBe(
      404,
    );
    toMinute(w.clock, c, 181);
    expect((await tags('bob', c.id)).data).toMatchObject([{ name: 'Greedy' }]);
  });
});
