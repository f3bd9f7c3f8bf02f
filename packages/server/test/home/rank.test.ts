import { JudgeStatus, type OIRankVO, type SubmissionTask } from '@verdict/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import { group, judge, userInfo } from '../../src/db/schema/index.ts';
import type { Page } from '../../src/http/envelope.ts';
import { judgedOiRankScore, oiRankScore } from '../../src/modules/submission/lifecycle/transitions.ts';
import { createProblem, createWorld, submit, type World } from '../problem/fixtures.ts';
import { FakeJudge } from '../helpers/judge.ts';
import { createUser } from '../helpers/users.ts';

/**
 * Issue 13: the global rank lists (reference §3.7, §7.11) read counters that triggers keep as
 * verdicts arrive (migration 0015). Every expectation below is worked out by hand from the
 * submissions listed in `beforeAll`.
 */
let w: World;
const ids: Record<string, number> = {};

type Row = OIRankVO;
async function rank(type: 0 | 1, query = '') {
  const res = await w.call<Page<Row>>('GET', `/api/get-rank-list?type=${type}${query}`);
  expect(res.status).toBe(200);
  return res.data;
}
const names = (p: Page<Row>) => p.records.map((r) => r.username);

/** One submission judged at once by the fake worker; answers its id. */
async function judged(
  who: keyof World['tokens'],
  problemId: string,
  verdict: { status: number; score?: number },
): Promise<number> {
  const res = await submit(w, w.tokens[who], problemId);
  expect(res.status).toBe(200);
  await w.judge.judgeNext(verdict);
  return res.data.submitId;
}

const OI_CASES = {
  samples: [
    { input: '1 2\n', output: '3\n', score: 50, groupNum: null },
    { input: '5 5\n', output: '10\n', score: 50, groupNum: null },
  ],
} as never;

beforeAll(async () => {
  w = await createWorld();
  // B: OI, difficulty 3; C: OI, difficulty 1; both worth 100 points. A is the seeded ACM P1000.
  await createProblem(w, { problemId: 'OB', type: 1, difficulty: 3, ioScore: 100 } as never, OI_CASES);
  await createProblem(w, { problemId: 'OC', type: 1, difficulty: 1, ioScore: 100 } as never, OI_CASES);
  await createUser(w.t.db, { username: 'carol' }); // registered after the world's users, no submissions
  const eve = await createUser(w.t.db, { username: 'eve' });
  const eveToken = await w.t.app.auth.openSession(eve, { userAgent: 'vitest', ip: '127.0.0.1' });
  (w.tokens as Record<string, string>).eve = eveToken;

  const { ACCEPTED: AC, WRONG_ANSWER: WA, PARTIAL_ACCEPTED: PA } = JudgeStatus;
  ids.aliceA = await judged('alice', 'P1000', { status: AC });
  ids.aliceB40 = await judged('alice', 'OB', { status: PA, score: 40 }); // round(4 + 6·0.4) = 6
  ids.aliceB100 = await judged('alice', 'OB', { status: AC, score: 100 }); // round(10 + 6) = 16
  await judged('bob', 'P1000', { status: WA });
  await judged('bob', 'P1000', { status: AC });
  ids.bobB50 = await judged('bob', 'OB', { status: PA, score: 50 }); // round(5 + 3) = 8
  await judged('bob', 'OC', { status: AC, score: 100 }); // round(10 + 2) = 12
  await judged('admin', 'P1000', { status: AC });
  await judged('admin', 'OC', { status: WA, score: 0 }); // round(0 + 0) = 0
  await judged('problemAdmin', 'P1000', { status: WA });
  await judged('root', 'P1000', { status: AC }); // a super admin: never ranked (reference §5)
  await judged('eve' as never, 'P1000', { status: AC });
  await w.t.db.update(userInfo).set({ status: 1 }).where(eq(userInfo.username, 'eve')); // banned
}, 180_000);

afterAll(async () => {
  await w?.t.close();
});

describe('the OI rank score of a submission (reference §7.11)', () => {
  it('judged: round(0.1·S + 2·difficulty·S/io_score); all points: round(0.1·io_score + 2·difficulty)', () => {
    expect(judgedOiRankScore(100, 3, 100, true)).toBe(16);
    expect(judgedOiRankScore(40, 3, 100, false)).toBe(6); // 4 + 2.4 = 6.4
    expect(judgedOiRankScore(50, 3, 100, false)).toBe(8);
    expect(judgedOiRankScore(0, 5, 100, false)).toBe(0); // nothing earned, no difficulty share
    expect(judgedOiRankScore(35, 5, 200, false)).toBe(5); // 3.5 + 1.75 = 5.25
    expect(judgedOiRankScore(0, 2, 0, true)).toBe(4); // a problem without points: accepted earns the share
  });

  it('manual judge: round(2·difficulty + 0.1·score) (reference §6.4)', () => {
    expect(oiRankScore(100, 3)).toBe(16);
    expect(oiRankScore(45, 2)).toBe(9); // 4 + 4.5 = 8.5 rounds up
  });

  it('is what the worker result stores on the submission', async () => {
    const rows = await w.t.db
      .select({ id: judge.submitId, points: judge.oiRankScore })
      .from(judge)
      .where(sql`${judge.submitId} in (${ids.aliceB40}, ${ids.aliceB100}, ${ids.bobB50})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.points]))).toEqual({
      [ids.aliceB40!]: 6,
      [ids.aliceB100!]: 16,
      [ids.bobB50!]: 8,
    });
  });
});

describe('GET /api/get-rank-list (reference §3.7, §7.11)', () => {
  it('ACM: ac desc, total asc, ties to the earlier registered; no root, no banned user', async () => {
    const page = await rank(0);
    expect(names(page)).toEqual(['alice', 'bob', 'admin', 'noSubmit', 'carol', 'problemAdmin']);
    expect(page.records.map((r) => [r.ac, r.total])).toEqual([
      [2, 3],
      [2, 4],
      [1, 2],
      [0, 0],
      [0, 0],
      [0, 1],
    ]);
    expect(page).toMatchObject({ total: 6, size: 30, current: 1, pages: 1 });
    // ACMRankVO's fields, no score
    expect(Object.keys(page.records[0]!).sort()).toEqual(
      ['ac', 'avatar', 'nickname', 'signature', 'titleColor', 'titleName', 'total', 'uid', 'username'].sort(),
    );
  });

  it('OI: score (Σ of each problem’s best points) desc, then ac desc, then the earlier registered', async () => {
    const page = await rank(1);
    // total does not order the OI list: problemAdmin (1 submission) stays before carol (none)
    expect(names(page)).toEqual(['bob', 'alice', 'admin', 'noSubmit', 'problemAdmin', 'carol']);
    // bob 8 + 12, alice max(6, 16), admin 0
    expect(page.records.map((r) => [r.score, r.ac, r.total])).toEqual([
      [20, 2, 4],
      [16, 2, 3],
      [0, 1, 2],
      [0, 0, 0],
      [0, 0, 1],
      [0, 0, 0],
    ]);
  });

  it('type ACM / OI by name too; any other type is refused', async () => {
    expect(names(await rank('OI' as never))).toEqual(names(await rank(1)));
    expect(names(await rank('acm' as never))).toEqual(names(await rank(0)));
    const res = await w.call('GET', '/api/get-rank-list?type=2');
    expect(res.status).toBe(400);
    expect((await w.call('GET', '/api/get-rank-list')).status).toBe(400);
  });

  it('pages of `limit`, and searchUser matches username, nickname or real name, any case', async () => {
    const second = await rank(0, '&limit=2&currentPage=2');
    expect(names(second)).toEqual(['admin', 'noSubmit']);
    expect(second).toMatchObject({ total: 6, size: 2, current: 2, pages: 3 });

    // three characters or more: anywhere in the name (HOJ's like %…%), any case
    expect(names(await rank(0, '&searchUser=ADM'))).toEqual(['admin', 'problemAdmin']);
    expect(names(await rank(1, '&searchUser=uBm'))).toEqual(['noSubmit']);
    expect(await rank(0, '&searchUser=adm&limit=1&currentPage=2')).toMatchObject({ total: 2, pages: 2 });
    expect(names(await rank(0, '&searchUser=adm&limit=1&currentPage=2'))).toEqual(['problemAdmin']);
    expect(await rank(0, '&searchUser=adm&currentPage=3')).toMatchObject({ records: [], total: 2 });
    await w.t.db.update(userInfo).set({ nickname: 'Queen Bee' }).where(eq(userInfo.username, 'carol'));
    await w.t.db.update(userInfo).set({ realname: 'Zed Q' }).where(eq(userInfo.username, 'admin'));
    expect(names(await rank(0, '&searchUser=een%20b'))).toEqual(['carol']); // a nickname's inside
    expect(names(await rank(0, '&searchUser=zed'))).toEqual(['admin']); // a real name
    // LIKE's wildcards are matched as themselves
    expect((await rank(0, '&searchUser=%25')).total).toBe(0);
    expect((await rank(0, '&searchUser=a_m')).total).toBe(0);
  });

  it('a keyword of one or two characters matches the start of a word of the names (no trigram inside)', async () => {
    // bob's name starts with b; carol's nickname "Queen Bee" has a word starting with b; noSubmit and
    // problemAdmin hold a b only inside a word
    expect(names(await rank(0, '&searchUser=B'))).toEqual(['bob', 'carol']);
    expect(await rank(0, '&searchUser=b&limit=1&currentPage=2')).toMatchObject({ total: 2, pages: 2 });
    // admin's real name "Zed Q" (a word of one letter), carol's "Queen"
    const byQ = await rank(0, '&searchUser=q');
    expect(names(byQ)).toEqual(['admin', 'carol']);
    expect(byQ.total).toBe(2);
    expect(names(await rank(1, '&searchUser=Pr'))).toEqual(['problemAdmin']);
    expect(names(await rank(1, '&searchUser=mi'))).toEqual([]); // admin, noSubmit: inside words only
    expect((await rank(0, '&searchUser=%25')).total).toBe(0);
  });

  it('every page of every size is the slice of the whole list at its place (pages start at a key)', async () => {
    await expectEveryPage();
  });
});

/**
 * Each page of each size 1–7, and the page after the last, equals the slice of the whole ordered list
 * (read with a plain OFFSET over user_record): the pages start inside user_rank_bucket's keys.
 */
async function expectEveryPage(sizes = [1, 2, 3, 4, 7]) {
  for (const type of [0, 1] as const) {
    const order =
      type === 0 ? 'r.ac desc, r.total, r.gmt_create, r.uid' : 'r.score desc, r.ac desc, r.gmt_create, r.uid';
    const all = await queryRows<{ uid: string }>(
      w.t.db,
      sql`select r.uid from user_record r where r.ranked order by ${sql.raw(order)}`,
    );
    for (const limit of sizes) {
      for (let current = 1; current <= Math.ceil(all.length / limit) + 1; current++) {
        const page = await rank(type, `&limit=${limit}&currentPage=${current}`);
        const expected = all.slice((current - 1) * limit, current * limit).map((r) => r.uid);
        expect(
          page.records.map((r) => r.uid),
          `type ${type}, ${limit} a page, page ${current}`,
        ).toEqual(expected);
        expect(page.total).toBe(all.length);
      }
    }
  }
}

describe('the counters follow every change of a verdict (migration 0015)', () => {
  it('a rejudge takes an AC away at once, and a WA then keeps it away (ACM: alice falls behind admin)', async () => {
    const rejudge = await w.call('GET', `/api/admin/judge/rejudge?submitId=${ids.aliceA}`, {
      token: w.tokens.root,
    });
    expect(rejudge.status).toBe(200);
    let page = await rank(0);
    expect(page.records.find((r) => r.username === 'alice')).toMatchObject({ ac: 1, total: 3 });
    await w.judge.judgeNext({ status: JudgeStatus.WRONG_ANSWER });
    page = await rank(0);
    expect(names(page)).toEqual(['bob', 'admin', 'alice', 'noSubmit', 'carol', 'problemAdmin']);
    expect(page.records.find((r) => r.username === 'alice')).toMatchObject({ ac: 1, total: 3 });
  });

  it('a rejudged best OI submission leaves the next best (alice: 16 → 6)', async () => {
    await w.call('GET', `/api/admin/judge/rejudge?submitId=${ids.aliceB100}`, { token: w.tokens.root });
    const alice = (await rank(1)).records.find((r) => r.username === 'alice');
    expect(alice).toMatchObject({ score: 6, ac: 0, total: 3 });
    await w.judge.judgeNext({ status: JudgeStatus.ACCEPTED, score: 100 });
    expect((await rank(1)).records.find((r) => r.username === 'alice')).toMatchObject({ score: 16, ac: 1 });
  });

  it('a manual judge counts with its own formula (bob B: 50 points PA → AC 100, round(6 + 10) = 16)', async () => {
    const res = await w.call(
      'GET',
      `/api/admin/judge/manual-judge?submitId=${ids.bobB50}&status=0&score=100`,
      { token: w.tokens.root },
    );
    expect(res.status).toBe(200);
    const bob = (await rank(1)).records[0]!;
    expect(bob).toMatchObject({ username: 'bob', score: 28, ac: 3, total: 4 });
  });

  it('contest and group submissions do not count; deleting submissions takes them out', async () => {
    const [{ uid, pid }] = (await queryRows<{ uid: string; pid: number }>(
      w.t.db,
      sql`select u.uuid as uid, p.id as pid from user_info u, problem p
          where u.username = 'carol' and p.problem_id = 'P1000'`,
    )) as [{ uid: string; pid: number }];
    const [g] = await w.t.db
      .insert(group)
      .values({ name: 'G', shortName: 'g', owner: 'root', uid: '1', auth: 1 })
      .returning();
    await w.t.db
      .insert(judge)
      .values([
        { pid, displayPid: 'P1000', uid, username: 'carol', code: 'x', status: 0, cid: 77 },
        { pid, displayPid: 'P1000', uid, username: 'carol', code: 'x', status: 0, gid: g!.id },
      ])
      .returning();
    const carol = () => rank(0).then((p) => p.records.find((r) => r.username === 'carol'));
    expect(await carol()).toMatchObject({ ac: 0, total: 0 });
    const [publicRow] = await w.t.db
      .insert(judge)
      .values({ pid, displayPid: 'P1000', uid, username: 'carol', code: 'x', status: 0 })
      .returning();
    expect(await carol()).toMatchObject({ ac: 1, total: 1 });
    await w.t.db.delete(judge).where(eq(judge.submitId, publicRow!.submitId));
    await w.t.db.delete(judge).where(eq(judge.uid, uid));
    expect(await carol()).toMatchObject({ ac: 0, total: 0 });
  });

  it('results of one user and problem arriving at once keep the counts and the best score exact', async () => {
    const carolUid = await w.t.db
      .select({ uid: userInfo.uuid })
      .from(userInfo)
      .where(eq(userInfo.username, 'carol'));
    const token = await w.t.app.auth.openSession(carolUid[0]!.uid, { userAgent: 'vitest', ip: '127.0.0.1' });
    for (let i = 0; i < 8; i++) expect((await submit(w, token, 'OB')).status).toBe(200);
    const workers = await Promise.all(
      [1, 2, 3, 4].map((i) => new FakeJudge(w.t.app, `rank-racer-${i}`).register()),
    );
    const tasks: { worker: FakeJudge; task: SubmissionTask }[] = [];
    for (const worker of [...workers, ...workers])
      tasks.push({ worker, task: await worker.claimSubmission() });
    // scores 10, 20, …, 80: the best is 80 → round(8 + 6 · 0.8) = 13; none accepted
    const finished = await Promise.all(
      tasks.map(({ worker, task }, i) =>
        worker.finish(task, { status: JudgeStatus.PARTIAL_ACCEPTED, score: 10 * (i + 1) }),
      ),
    );
    expect(finished.every(Boolean)).toBe(true);
    const carol = (await rank(1)).records.find((r) => r.username === 'carol');
    expect(carol).toMatchObject({ score: 13, ac: 0, total: 8 });
  });

  it('every counter equals a count from scratch over the judge rows', async () => {
    const drift = await queryRows<{ uid: string }>(
      w.t.db,
      sql`select r.uid from user_record r
          left join (select uid, count(distinct pid) filter (where status = 0) as ac, count(*) as total
                     from judge where cid = 0 and gid is null group by uid) j on j.uid = r.uid
          left join (select uid, sum(best) as score from (
                       select uid, pid, max(oi_rank_score) as best from judge
                       where cid = 0 and gid is null group by uid, pid) b group by uid) s on s.uid = r.uid
          where r.ac <> coalesce(j.ac, 0) or r.total <> coalesce(j.total, 0) or r.score <> coalesce(s.score, 0)`,
    );
    expect(drift).toEqual([]);
    const [counted] = await queryRows<{ kept: number; real: number }>(
      w.t.db,
      sql`select (select n from ranked_user_count) as kept,
            (select count(*)::int from user_record where ranked) as real`,
    );
    expect(counted!.kept).toBe(counted!.real);
    // user_rank_bucket (migration 0016): the ranked users per leading key of each list
    const buckets = await queryRows<{ list: number; k1: number; k2: number; n: number }>(
      w.t.db,
      sql`select list, k1, k2, n from user_rank_bucket order by list, k1, k2`,
    );
    const counts = await queryRows<{ list: number; k1: number; k2: number; n: number }>(
      w.t.db,
      sql`select * from (
            select 0 as list, -ac as k1, total as k2, count(*)::int as n from user_record where ranked group by 2, 3
            union all
            select 1, -score, -ac, count(*)::int from user_record where ranked group by 2, 3) c
          order by list, k1, k2`,
    );
    expect(buckets).toEqual(counts);
    await expectEveryPage([1, 2, 5]);
  });

  it('a user unbanned, or no longer root, is ranked again', async () => {
    await w.t.db.update(userInfo).set({ status: 0 }).where(eq(userInfo.username, 'eve'));
    expect(names(await rank(0))).toContain('eve');
    await w.t.db.execute(sql`delete from user_role where uid = '1'`);
    expect(names(await rank(0))).toContain('root');
  });
});

describe('deep pages of a longer list (user_rank_bucket, migration 0016)', () => {
  it('400 more users with many ties: every page equals the plain OFFSET slice, and after they go', async () => {
    // counters set directly (a trigger on user_record keeps the buckets, whoever writes them):
    // ac 0–5, total ac…ac+3, score 0–40 by tens, so that keys hold from one to dozens of users
    await w.t.db.execute(sql`
      insert into user_info (uuid, username, password)
      select 'deep-' || g, 'deep' || g, 'x' from generate_series(1, 400) g`);
    await w.t.db.execute(
      sql`insert into user_record (uid) select uuid from user_info where username like 'deep%'`,
    );
    await w.t.db.execute(sql`
      update user_record set ac = (hashtext(uid) & 7) % 6, total = (hashtext(uid) & 7) % 6 + (hashtext(uid) >> 4 & 3),
        score = 10 * ((hashtext(uid) >> 8 & 7) % 5)
      where uid like 'deep-%'`);
    // the 8 users above (eve and root ranked again) and 400: the last page holds 408 - 13 · 30
    expect((await rank(0, '&limit=30&currentPage=14')).records).toHaveLength(18);
    await expectEveryPage([7, 30]);
    // a searched deep page: "deep1…" in order, from the trigram index
    const all = await rank(1, '&searchUser=deep1&limit=100');
    const third = await rank(1, '&searchUser=deep1&limit=20&currentPage=3');
    expect(third.total).toBe(all.total);
    expect(third.records.map((r) => r.uid)).toEqual(all.records.slice(40, 60).map((r) => r.uid));
    await w.t.db.execute(sql`delete from user_info where username like 'deep%'`);
    const [left] = await queryRows<{ n: number }>(
      w.t.db,
      sql`select coalesce(sum(n), 0)::int as n from user_rank_bucket where list = 0`,
    );
    expect(left!.n).toBe((await rank(0)).total);
    await expectEveryPage([2]);
  });
});
