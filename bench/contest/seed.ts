import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';

export interface ContestSize {
  participants: number;
  problems: number;
  /** judged submissions already in the contest */
  judged: number;
  /** Pending submissions, judged while the benchmark runs */
  pending: number;
}

/** The contest started this long before the benchmark and ends this long after. */
const STARTED_MS = 3 * 3600_000;
const LEFT_MS = 3 * 3600_000;

/**
 * One ACM contest (openRank, creator root) with `problems` problems A, B, … (contest-only, no test
 * cases: the benchmark's judge answers without running anything) and `participants` users
 * c1 … cN, written with `insert … select … generate_series`:
 * - `judged` submissions spread over the three hours so far, each with its contest_record (status
 *   1 / -1 / 0 as the lifecycle's contest hook writes it: 30 % accepted, 45 % penalised, the rest
 *   not), users and problems drawn uniformly, problems skewed towards the first ones;
 * - `pending` Pending submissions made in the last minute (contest_record status null), which the
 *   benchmark's judge claims and judges through the gateway while the boards are read.
 * `setseed` makes the data the same on every run. Answers the contest id.
 *
 * Works on the embedded database and on a PostgreSQL server alike: it all runs in one transaction,
 * so on one connection of a server's pool, where `setseed` holds for the `random()` that follow.
 */
export async function seedContest(db: Db, size: ContestSize, now: Date): Promise<number> {
  return db.transaction((tx) => seedIn(tx as unknown as Db, size, now));
}

async function seedIn(db: Db, size: ContestSize, now: Date): Promise<number> {
  await db.execute(sql`select setseed(0.12)`);
  await db.execute(sql`
    insert into user_info (uuid, username, password, school, nickname)
    select md5('contest' || g), 'c' || g, 'x', 'School ' || (g % 200), 'Nick ' || g
    from generate_series(1, ${size.participants}) g`);
  await db.execute(
    sql`insert into user_record (uid) select uuid from user_info where username ~ '^c[0-9]+$'`,
  );
  await db.execute(sql`
    insert into user_role (uid, role_id) select uuid, 1002 from user_info where username ~ '^c[0-9]+$'`);
  await db.execute(sql`
    insert into problem (problem_id, title, author, type, difficulty, auth, description, input, output, examples,
      source, is_upload_case, case_version)
    select 'CB' || g, 'Contest problem ' || g, 'root', 0, 1, 3, 'Statement.', 'In.', 'Out.',
      '<input>1 2</input><output>3</output>', 'Bench', false, '1'
    from generate_series(1, ${size.problems}) g`);
  const start = new Date(now.getTime() - STARTED_MS).toISOString();
  const end = new Date(now.getTime() + LEFT_MS).toISOString();
  const [contest] = await queryRows<{ id: number }>(
    db,
    sql`
    insert into contest (uid, author, title, type, auth, start_time, end_time, duration, status, open_rank, description)
    values ('1', 'root', 'Bench contest', 0, 0, ${start}::timestamptz, ${end}::timestamptz,
      ${(STARTED_MS + LEFT_MS) / 1000}, 0, true, 'A benchmark contest')
    returning id`,
  );
  const cid = Number(contest!.id);
  await db.execute(sql`
    insert into contest_problem (display_id, cid, pid, display_title, color)
    select chr(64 + row_number() over (order by id)::int), ${cid}, id, title, '#409eff'
    from problem where problem_id like 'CB%'`);

  const insertSubmissions = async (count: number, pending: boolean) => {
    const spanSeconds = pending ? 60 : STARTED_MS / 1000 - 120;
    await db.execute(sql`
      with cps as (select array_agg(id order by display_id) as ids, array_agg(pid order by display_id) as pids,
                          array_agg(display_id order by display_id) as dids
                   from contest_problem where cid = ${cid}),
           users as (select array_agg(uuid order by uuid) as uids, array_agg(username order by uuid) as names,
                            array_agg(realname order by uuid) as realnames
                     from user_info where username ~ '^c[0-9]+$'),
           draws as (select g,
                            1 + floor(power(random(), 1.5) * ${size.problems})::int as p,
                            1 + floor(random() * ${size.participants})::int as u,
                            random() as s,
                            ${now.toISOString()}::timestamptz - make_interval(secs => ${spanSeconds} * (1 - g::float8 / ${count + 1})) as at
                     from generate_series(1, ${count}) g),
           made as (
             insert into judge (pid, display_pid, uid, username, submit_time, status, share, time, memory, length, code,
                                language, cid, cpid, judger, priority)
             select cps.pids[d.p], cps.dids[d.p], users.uids[d.u], users.names[d.u], d.at,
                    ${
                      pending
                        ? sql`5`
                        : sql`case when d.s < 0.30 then 0 when d.s < 0.60 then -1 when d.s < 0.70 then 1
                         when d.s < 0.75 then 3 when d.s < 0.90 then -2 else 4 end`
                    },
                    false, 15, 2048, 120, 'int main() { return 0; }', 'C++', ${cid}, cps.ids[d.p], 'bench', 4
             from draws d, cps, users
             returning submit_id, uid, username, pid, cpid, display_pid, submit_time, status)
      insert into contest_record (cid, uid, pid, cpid, username, display_id, submit_id, submit_time, time, status)
      select ${cid}, m.uid, m.pid, m.cpid, m.username, m.display_pid, m.submit_id, m.submit_time,
             floor(extract(epoch from m.submit_time - ${start}::timestamptz))::bigint,
             ${pending ? sql`null` : sql`case m.status when 0 then 1 when -1 then -1 when 1 then -1 when 3 then -1 else 0 end`}
      from made m`);
  };
  for (let done = 0; done < size.judged; done += 50_000)
    await insertSubmissions(Math.min(50_000, size.judged - done), false);
  await insertSubmissions(size.pending, true);
  return cid;
}
