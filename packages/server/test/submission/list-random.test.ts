import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, problem } from '../../src/db/schema/index.ts';
import { queryRows } from '../../src/db/rows.ts';
import { createClass, type Class } from '../group/fixtures.ts';
import { seededRandom } from '../helpers/random.ts';
import { createUser } from '../helpers/users.ts';
import { createProblem, createWorld, type World } from '../problem/fixtures.ts';

/**
 * issue 31: the submission list's pages and totals against a plain query over random submissions,
 * for every combination of its filters (reference §3.4 get-submission-list: status, problemID exact
 * or a substring, username a substring, onlyMine, gid) and callers (anonymous, a user, root: §7.7
 * leaves out the submissions of problems that are not public but for root). The list reads indexes,
 * counters and prepared statements; the plain query reads the rows.
 */
let w: World;
let group: Class;
const SEED = 31;
const LIMIT = 7;
const users: { uid: string; username: string }[] = [];

beforeAll(async () => {
  w = await createWorld();
  group = await createClass(w, 'class', 'A class');
  const random = seededRandom(SEED);
  for (const problemId of ['Q100', 'Q101', 'Q110', 'R100', 'HID1', 'CON1', 'GRP1'])
    await createProblem(w, { problemId, title: `Title ${problemId}` });
  // hidden, contest-only and a group's problem: their submissions are root's to see
  await w.t.db.execute(sql`update problem set auth = 2 where problem_id = 'HID1'`);
  await w.t.db.execute(sql`update problem set auth = 3 where problem_id = 'CON1'`);
  await w.t.db.execute(sql`update problem set is_group = true, gid = ${group.gid} where problem_id = 'GRP1'`);
  for (const username of ['carol', 'Caroline', 'dave', 'Carl_1'])
    users.push({ uid: await createUser(w.t.db, { username }), username });
  users.push({ uid: w.uids.alice, username: 'alice' }, { uid: w.uids.bob, username: 'bob' });
  users.push({ uid: group.uids.member, username: group.usernames.member });
  const problems = await w.t.db.select({ id: problem.id, problemId: problem.problemId }).from(problem);
  const statuses = [0, -1, -2, 1, 3, 5, 8];
  const base = Date.UTC(2030, 0, 1);
  const rows = Array.from({ length: 240 }, () => {
    const p = random.pick(problems);
    const u = random.pick(users);
    const where = random.below(10);
    return {
      pid: p.id,
      displayPid: p.problemId,
      uid: u.uid,
      username: u.username,
      code: 'x',
      status: random.pick(statuses),
      // few distinct times, so that the submit_id tiebreak decides many places
      submitTime: new Date(base + random.below(60) * 60_000),
      cid: where === 0 ? 5 : 0,
      gid: where === 1 ? group.gid : null,
    };
  });
  await w.t.db.insert(judge).values(rows);
});
afterAll(() => w.t.close());

interface Caller {
  name: string;
  token?: string;
  uid?: string;
  root?: boolean;
  gid?: number;
}

/** The list's filters as a plain query: what the page must show, in its order. */
async function expected(caller: Caller, f: Record<string, string | number | boolean>): Promise<number[]> {
  const conditions = [
    caller.gid === undefined ? sql`j.cid = 0 and j.gid is null` : sql`j.cid = 0 and j.gid = ${caller.gid}`,
  ];
  if (!caller.root && caller.gid === undefined) conditions.push(sql`p.auth = 1 and not p.is_group`);
  if (f.status !== undefined) conditions.push(sql`j.status = ${f.status}`);
  if (f.problemID !== undefined)
    conditions.push(
      f.completeProblemID
        ? sql`p.problem_id = upper(${f.problemID})`
        : sql`p.problem_id ilike ${`%${String(f.problemID)}%`}`,
    );
  if (f.onlyMine) conditions.push(sql`j.uid = ${caller.uid!}`);
  else if (f.username !== undefined)
    conditions.push(
      sql`j.uid in (select uuid from user_info where username ilike ${`%${String(f.username).replace(/[\\%_]/g, '\\$&')}%`})`,
    );
  const rows = await queryRows<{ id: string }>(
    w.t.db,
    sql`select j.submit_id as id from judge j join problem p on p.id = j.pid
        where ${sql.join(conditions, sql` and `)} order by j.submit_time desc, j.submit_id desc`,
  );
  return rows.map((r) => Number(r.id));
}

describe('submission list against a plain query (issue 31; reference §3.4 get-submission-list, §7.7)', () => {
  it('shows the same pages and totals for every combination of filters and callers', async () => {
    const callers: Caller[] = [
      { name: 'anonymous' },
      { name: 'alice', token: w.tokens.alice, uid: w.uids.alice },
      { name: 'root', token: w.tokens.root, uid: w.uids.root, root: true },
      { name: 'group member', token: group.tokens.member, uid: group.uids.member, gid: group.gid },
    ];
    const { pages, nonEmpty } = await compareEveryCombination(callers);
    // the data reach every kind of combination (not a comparison of empty lists)
    expect(nonEmpty).toBeGreaterThan(200);
    expect(pages).toBeGreaterThan(1000);
  }, 600_000);

  it('follows a problem that becomes public or stops being public, its submissions with it (migration 0021)', async () => {
    await w.t.db.execute(sql`update problem set auth = 1 where problem_id = 'HID1'`);
    await w.t.db.execute(sql`update problem set auth = 2 where problem_id = 'Q100'`);
    await w.t.db.execute(sql`update problem set auth = 3 where problem_id = 'Q110'`);
    const { nonEmpty } = await compareEveryCombination([
      { name: 'anonymous' },
      { name: 'alice', token: w.tokens.alice, uid: w.uids.alice },
    ]);
    expect(nonEmpty).toBeGreaterThan(50);
    const hidden = await queryRows<{ problem_id: string; n: number }>(
      w.t.db,
      sql`select p.problem_id, count(*)::int as n from judge j join problem p on p.id = j.pid
          where j.problem_hidden group by p.problem_id order by p.problem_id`,
    );
    expect(hidden.map((r) => r.problem_id)).toEqual(['CON1', 'GRP1', 'Q100', 'Q110']);
  }, 600_000);
});

/** Every page of every combination of filters for these callers, against the plain query. */
async function compareEveryCombination(callers: Caller[]): Promise<{ pages: number; nonEmpty: number }> {
  const statuses = [undefined, 0, -1, 8];
  const problemFilters: Record<string, string | boolean>[] = [
    {},
    { problemID: 'q100', completeProblemID: true },
    { problemID: 'Q1' },
    { problemID: '10' },
    { problemID: 'HID1', completeProblemID: true },
    { problemID: 'grp' },
    { problemID: 'nothing' },
  ];
  const authorFilters: Record<string, string | boolean>[] = [
    {},
    { onlyMine: true },
    { username: 'car' },
    { username: 'CAROL' },
    { username: 'l_1' },
    { username: 'o' },
  ];
  let pages = 0;
  let nonEmpty = 0;
  for (const caller of callers)
    for (const status of statuses)
      for (const problemFilter of problemFilters)
        for (const authorFilter of authorFilters) {
          if (authorFilter.onlyMine && !caller.token) continue;
          const f: Record<string, string | number | boolean> = { ...problemFilter, ...authorFilter };
          if (status !== undefined) f.status = status;
          const want = await expected(caller, f);
          if (want.length > 0) nonEmpty++;
          const params = new URLSearchParams(
            Object.entries({ ...f, ...(caller.gid !== undefined ? { gid: caller.gid } : {}) }).map(
              ([k, v]) => [k, String(v)],
            ),
          );
          const lastPage = Math.ceil(want.length / LIMIT) + 1; // one page past the end
          for (let currentPage = 1; currentPage <= lastPage; currentPage++) {
            params.set('currentPage', String(currentPage));
            params.set('limit', String(LIMIT));
            const res = await w.call<{ records: { submitId: number }[]; total: number }>(
              'GET',
              `/api/get-submission-list?${params}`,
              { token: caller.token },
            );
            const label = `${caller.name} ${params}`;
            expect(res.status, label).toBe(200);
            expect(res.data.total, label).toBe(want.length);
            expect(
              res.data.records.map((r) => r.submitId),
              label,
            ).toEqual(want.slice((currentPage - 1) * LIMIT, currentPage * LIMIT));
            pages++;
          }
        }
  return { pages, nonEmpty };
}
