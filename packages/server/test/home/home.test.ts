// The server's time zone decides the day boundaries (reference §7.17 `DATE(gmt_create)`); this file
// runs in its own process (vitest's forks pool), so it picks one without DST that is not UTC.
process.env.TZ = 'Asia/Shanghai';

import type { CalendarHeatmapVO, ContestVO, SubmissionStatisticsVO, UserHomeVO } from '@verdict/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import { group, judge, problem, userAcproblem, userInfo, userRecord } from '../../src/db/schema/index.ts';
import { createContest } from '../helpers/contests.ts';
import { createUser } from '../helpers/users.ts';
import { createWorld, type World } from '../problem/fixtures.ts';

/**
 * Issue 13: the home page's calls and the user home (reference §3.1, §3.2, §7.11, §7.17). The
 * world's clock stands at 2030-01-01 08:00 UTC, 16:00 in Shanghai (UTC+8): "today" is
 * 2030-01-01 there, and its midnight is 2029-12-31 16:00 UTC. Expectations are worked out by hand
 * from the rows inserted in `beforeAll`.
 */
let w: World;
const pids: Record<string, number> = {};
let carol: string;

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

beforeAll(async () => {
  w = await createWorld();
  expect(new Date(Date.UTC(2030, 0, 1)).getHours()).toBe(8); // the time zone took
  carol = await createUser(w.t.db, { username: 'carol' });
  // X1: difficulty 1, X2: 3, X3: 2 (public problems, written directly)
  for (const [problemId, difficulty] of [
    ['X1', 1],
    ['X2', 3],
    ['X3', 2],
  ] as const) {
    const [row] = await w.t.db
      .insert(problem)
      .values({
        problemId,
        title: `Problem ${problemId}`,
        author: 'root',
        difficulty,
        description: 'd',
        input: 'i',
        output: 'o',
      } as typeof problem.$inferInsert)
      .returning({ id: problem.id });
    pids[problemId] = row!.id;
  }
  const [g] = await w.t.db
    .insert(group)
    .values({ name: 'G', shortName: 'g', owner: 'root', uid: '1', auth: 1 })
    .returning();
  const row = (
    who: 'alice' | 'bob',
    problemId: string,
    time: string,
    status: number,
    extra: Partial<typeof judge.$inferInsert> = {},
  ): typeof judge.$inferInsert => ({
    pid: pids[problemId]!,
    displayPid: problemId,
    uid: w.uids[who],
    username: who,
    code: 'x',
    submitTime: at(time),
    status,
    ...extra,
  });
  await w.t.db.insert(judge).values([
    row('alice', 'X2', '2029-01-01T15:59:59Z', -1), // r1: a year and a day ago (local 2029-01-01)
    row('alice', 'X2', '2029-01-01T16:00:00Z', -1, { oiRankScore: 3 }), // r2: local 2029-01-02 00:00
    row('alice', 'X1', '2029-12-25T15:59:59Z', 0, { oiRankScore: 7 }), // r3: local 12-25 23:59:59
    row('alice', 'X3', '2029-12-25T16:00:00Z', 0), // r4: local 12-26 00:00
    row('alice', 'X2', '2029-12-31T10:00:00Z', -1, { cid: 77 }), // r5: contest, local 12-31 18:00
    row('alice', 'X2', '2029-12-31T15:59:59.999Z', 0, { gid: g!.id }), // r6: group, local 12-31
    row('alice', 'X1', '2029-12-31T16:00:00Z', 0, { oiRankScore: 12 }), // r7: local 01-01 00:00
    row('bob', 'X3', '2030-01-01T07:00:00Z', 8), // r8: local 01-01 15:00
  ]);
});

afterAll(async () => {
  await w?.t.close();
});

describe('GET /api/get-last-week-submission-statistics (reference §3.2, §7.17)', () => {
  const url = '/api/get-last-week-submission-statistics';
  const get = async (query = '', token?: string) =>
    (await w.call<SubmissionStatisticsVO>('GET', `${url}${query}`, { token })).data;

  it('counts every submission of every scope per local day, the 7 days up to today, oldest first', async () => {
    expect(await get()).toEqual({
      dateStrList: ['12-26', '12-27', '12-28', '12-29', '12-30', '12-31', '01-01'],
      // 12-26: r4 (r3 is a second before that day); 12-31: r5 (contest WA) and r6 (group AC);
      // 01-01: r7 (AC) and r8 (bob's partial)
      acCountList: [1, 0, 0, 0, 0, 1, 1],
      totalCountList: [1, 0, 0, 0, 0, 2, 2],
    });
  });

  it('is cached 30 minutes; only root forces a refresh', async () => {
    await w.t.db.insert(judge).values({
      pid: pids.X1!,
      displayPid: 'X1',
      uid: w.uids.bob,
      username: 'bob',
      code: 'x',
      submitTime: at('2030-01-01T07:30:00Z'),
      status: 0,
    });
    const before = [1, 0, 0, 0, 0, 2, 2];
    expect((await get()).totalCountList).toEqual(before);
    expect((await get('?forceRefresh=true', w.tokens.alice)).totalCountList).toEqual(before);
    expect((await get('?forceRefresh=true', w.tokens.root)).totalCountList).toEqual([1, 0, 0, 0, 0, 2, 3]);

    await w.t.db.insert(judge).values({
      pid: pids.X1!,
      displayPid: 'X1',
      uid: w.uids.bob,
      username: 'bob',
      code: 'x',
      submitTime: at('2030-01-01T07:40:00Z'),
      status: -1,
    });
    w.clock.advance(30 * MINUTE - 1);
    expect((await get()).totalCountList).toEqual([1, 0, 0, 0, 0, 2, 3]);
    w.clock.advance(1);
    expect(await get()).toMatchObject({
      acCountList: [1, 0, 0, 0, 0, 1, 2],
      totalCountList: [1, 0, 0, 0, 0, 2, 4],
    });
    w.clock.advance(-30 * MINUTE);
  });
});

describe('GET /api/get-recent-seven-ac-rank (reference §3.2)', () => {
  it('distinct problems accepted from 7 days before now up to now, both ends included; ties to the later registered', async () => {
    const since = '2029-12-25T08:00:00.000Z'; // now − 7 × 24 h
    const [anyJudge] = await w.t.db.select({ id: judge.submitId }).from(judge).limit(1);
    const ac = (uid: string, problemId: string, time: string) => ({
      uid,
      pid: pids[problemId]!,
      submitId: anyJudge!.id,
      gmtCreate: at(time),
    });
    await w.t.db.insert(userAcproblem).values([
      ac(w.uids.alice, 'X1', since),
      ac(w.uids.alice, 'X1', '2029-12-28T00:00:00Z'), // the same problem again
      ac(w.uids.alice, 'X3', '2030-01-01T08:00:00Z'), // now
      ac(w.uids.bob, 'X1', '2029-12-25T07:59:59.999Z'), // a millisecond too early
      ac(w.uids.bob, 'X2', '2029-12-30T00:00:00Z'),
      ac(w.uids.bob, 'X3', '2029-12-30T00:00:00Z'),
      ac(w.uids.admin, 'X1', '2030-01-01T08:00:00.001Z'), // after now
      ac(w.uids.noSubmit, 'X2', '2029-12-31T00:00:00Z'),
      ac('1', 'X1', '2029-12-31T00:00:00Z'), // root: never ranked
      ac('1', 'X2', '2029-12-31T00:00:00Z'),
      ac(carol, 'X1', '2029-12-31T00:00:00Z'),
      ac(carol, 'X2', '2029-12-31T00:00:00Z'),
    ]);
    await w.t.db.update(userInfo).set({ status: 1 }).where(eq(userInfo.uuid, carol)); // banned
    const res = await w.call<{ username: string; ac: number }[]>('GET', '/api/get-recent-seven-ac-rank');
    expect(res.data.map((r) => [r.username, r.ac])).toEqual([
      ['bob', 2],
      ['alice', 2],
      ['noSubmit', 1],
    ]);
    expect(Object.keys(res.data[0]!).sort()).toEqual(
      ['ac', 'avatar', 'nickname', 'titleColor', 'titleName', 'uid', 'username'].sort(),
    );
    await w.t.db.update(userInfo).set({ status: 0 }).where(eq(userInfo.uuid, carol));
  });
});

describe('GET /api/get-recent-contest (reference §3.2)', () => {
  it('visible contests outside groups, not ended, starting by the 14th day from today; newest start first', async () => {
    const make = (title: string, start: string, minutes: number, extra = {}) =>
      createContest(w.t.db, w.clock, {
        uid: w.uids.admin,
        author: 'admin',
        title,
        startTime: at(start),
        endTime: new Date(at(start).getTime() + minutes * MINUTE),
        ...extra,
      });
    await make('running', '2030-01-01T07:00:00Z', 120);
    await make('ended', '2030-01-01T05:00:00Z', 60);
    await make('day 14, 23:59 local', '2030-01-15T15:59:00Z', 60);
    await make('day 15, 00:00 local', '2030-01-15T16:00:00Z', 60);
    await make('hidden', '2030-01-02T00:00:00Z', 60, { visible: false });
    await make('soon', '2030-01-02T00:00:00Z', 60);
    const res = await w.call<ContestVO[]>('GET', '/api/get-recent-contest');
    expect(res.data.map((c) => [c.title, c.status])).toEqual([
      ['day 14, 23:59 local', -1],
      ['soon', -1],
      ['running', 0],
    ]);
    expect(res.data[0]).toMatchObject({ count: 0, gid: null, type: 0, auth: 0 });
  });

  it('other judges’ contests: nothing configured, an empty list at once', async () => {
    expect((await w.call('GET', '/api/get-recent-other-contest')).data).toEqual([]);
  });
});

describe('GET /api/get-user-home-info (reference §3.1, §7.11; spec part 2 §2.6)', () => {
  it('the profile, the public-scope counts and problem lists, the rating and the latest login', async () => {
    await w.t.db
      .update(userInfo)
      .set({ nickname: 'Al', school: 'S', github: 'https://g', blog: 'https://b', signature: '# Hi' })
      .where(eq(userInfo.uuid, w.uids.alice));
    await w.t.db.update(userRecord).set({ rating: 1876 }).where(eq(userRecord.uid, w.uids.alice));
    const res = await w.call<UserHomeVO>('GET', '/api/get-user-home-info?username=alice');
    expect(res.status).toBe(200);
    const item = (problemId: string, difficulty: number) => ({
      id: pids[problemId],
      problemId,
      title: `Problem ${problemId}`,
      difficulty,
    });
    const [latest] = await queryRows<{ at: string | Date }>(
      w.t.db,
      sql`select max(gmt_create) as at from session where uid = ${w.uids.alice}`,
    );
    expect(res.data).toEqual({
      uid: w.uids.alice,
      username: 'alice',
      school: 'S',
      signature: '# Hi',
      nickname: 'Al',
      gender: 'secrecy',
      github: 'https://g',
      blog: 'https://b',
      avatar: null,
      titleName: null,
      titleColor: null,
      total: 5, // r1, r2, r3, r4, r7: the contest and group submissions do not count
      rating: 1876,
      scoreList: [12, 3], // X1 best of 7 and 12; X2 the WA's 3
      solvedList: ['X1', 'X3'],
      solvedGroupByDifficulty: { '1': [item('X1', 1)], '2': [item('X3', 2)] },
      triedList: [item('X2', 3)], // the group AC on X2 does not solve it
      solved: 2,
      score: 15,
      recentLoginTime: new Date(latest!.at).toISOString(),
    });
  });

  it('by uid, or the caller’s own; anonymous without a user is refused; a banned user is not found', async () => {
    const byUid = await w.call<UserHomeVO>('GET', `/api/get-user-home-info?uid=${w.uids.bob}`);
    expect(byUid.data).toMatchObject({
      username: 'bob',
      total: 3,
      solved: 1,
      recentLoginTime: expect.any(String),
    });
    const own = await w.call<UserHomeVO>('GET', '/api/get-user-home-info', { token: w.tokens.bob });
    expect(own.data.uid).toBe(w.uids.bob);
    const anonymous = await w.call('GET', '/api/get-user-home-info');
    expect(anonymous.status).toBe(400);

    await w.t.db.update(userInfo).set({ status: 1 }).where(eq(userInfo.uuid, carol));
    for (const call of ['get-user-home-info', 'get-user-calendar-heatmap']) {
      const banned = await w.call('GET', `/api/${call}?username=carol`, { lang: 'en' });
      expect([banned.status, banned.msg]).toEqual([404, 'The user does not exist!']);
      expect((await w.call('GET', `/api/${call}?username=nobody`)).status).toBe(404);
    }
    const never = await w.call<UserHomeVO>('GET', `/api/get-user-home-info?uid=${w.uids.noSubmit}`);
    expect(never.data).toMatchObject({
      total: 0,
      solvedList: [],
      triedList: [],
      scoreList: [],
      rating: null,
    });
  });
});

describe('GET /api/get-user-calendar-heatmap (reference §3.1, §7.11)', () => {
  it('submissions of every scope per local day, from the day after today a year ago up to today', async () => {
    const res = await w.call<CalendarHeatmapVO>('GET', '/api/get-user-calendar-heatmap?username=alice');
    expect(res.data).toEqual({
      endDate: '2030-01-01',
      dataList: [
        { date: '2029-01-02', count: 1 }, // r2 (r1 is local 2029-01-01: a year ago, not in)
        { date: '2029-12-25', count: 1 }, // r3, 23:59:59 local
        { date: '2029-12-26', count: 1 }, // r4, midnight local
        { date: '2029-12-31', count: 2 }, // r5 contest, r6 group
        { date: '2030-01-01', count: 1 }, // r7
      ],
    });
  });
});
