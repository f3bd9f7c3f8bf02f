import { sql } from 'drizzle-orm';
import type { Db } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';

export interface SeedSize {
  problems: number;
  submissions: number;
  users: number;
  /** trainings of TRAINING_PROBLEMS problems each (issue 14) */
  trainings: number;
}

/** Problems per bench training. */
export const TRAINING_PROBLEMS = 50;

/** Users bench1 … bench<LOGIN_USERS> get a real password, so the load generator can log in as them. */
export const LOGIN_USERS = 5;
export const BENCH_PASSWORD = 'bench-pass-1';

/** Submissions are inserted this many at a time (one statement each). */
const BATCH = 250_000;

const elapsed = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs one seeding step and logs its duration (seeding the full size takes minutes). */
async function step(name: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  console.log(`  seed: ${name} (${elapsed(started)})`);
}

/**
 * Runs load with `tables` bare: their own triggers and secondary indexes dropped and foreign-key
 * checks off (`session_replication_role = replica`; the bench data refers only to rows it wrote),
 * then builds the indexes again in one pass each and re-creates the triggers exactly as they were
 * (pg_get_triggerdef, pg_indexes). Inserting a million rows through a dozen indexes and the counter
 * triggers' transition tables took hours on PGlite; the caller then computes the counters those
 * triggers keep in one statement each (recomputeCounters).
 */
async function bulkLoad(db: Db, tables: string[], load: () => Promise<void>): Promise<void> {
  const names = sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  );
  const indexes = await queryRows<{ name: string; def: string }>(
    db,
    sql`select indexname as name, indexdef as def from pg_indexes i
        where schemaname = 'public' and tablename in (${names})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  const triggers = await queryRows<{ name: string; tbl: string; def: string }>(
    db,
    sql`select t.tgname as name, c.relname as tbl, pg_get_triggerdef(t.oid) as def
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and c.relname in (${names}) and c.relnamespace = 'public'::regnamespace`,
  );
  for (const t of triggers) await db.execute(sql.raw(`drop trigger "${t.name}" on "${t.tbl}"`));
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.name}"`));
  await db.execute(sql`set session_replication_role = replica`);
  try {
    await load();
  } finally {
    await db.execute(sql`set session_replication_role = origin`);
  }
  for (const i of indexes) await db.execute(sql.raw(i.def));
  for (const t of triggers) await db.execute(sql.raw(t.def));
  // Planner statistics for what follows (PGlite has no autovacuum): without them a join over the
  // new rows was planned for an empty table, a scan of judge per training problem.
  for (const table of tables) await db.execute(sql.raw(`analyze "${table}"`));
}

/**
 * What the triggers on judge keep, computed from scratch in one statement each, as their migrations
 * fill them (0004 judge_status_count and judge_problem_count, 0009 judge_hidden_status_count, 0015
 * user_problem_stat and user_record's ac, total and score, 0017 the training rank cells; that
 * update goes through user_record's own triggers, which keep user_rank_bucket, 0016).
 */
async function recomputeCounters(db: Db): Promise<void> {
  await db.execute(sql`delete from judge_status_count`);
  await db.execute(sql`
    insert into judge_status_count (status, n)
    select status, count(*) from judge where cid = 0 and gid is null group by status`);
  await db.execute(sql`delete from judge_problem_count`);
  await db.execute(sql`
    insert into judge_problem_count (pid, status, n)
    select pid, status, count(*) from judge where cid = 0 and gid is null group by pid, status`);
  await db.execute(sql`delete from judge_hidden_status_count`);
  await db.execute(sql`
    insert into judge_hidden_status_count (status, n)
    select c.status, sum(c.n) from judge_problem_count c join problem p on p.id = c.pid
    where p.auth <> 1 or p.is_group group by c.status`);
  await db.execute(sql`delete from user_problem_stat`);
  // with the training rank cells of 0017 (its back-fill statement, folded into the one pass)
  await db.execute(sql`
    insert into user_problem_stat (uid, pid, submissions, accepted, best_score, first_ranked_id, ac_submit_id,
                                   ac_time, ac_score, last_ranked_id, last_status, last_score)
    select uid, pid, count(*), count(*) filter (where status = 0), max(oi_rank_score),
           min(submit_id) filter (where ranked), min(submit_id) filter (where status = 0),
           min(time) filter (where status = 0),
           (array_agg(score order by submit_id) filter (where status = 0))[1],
           max(submit_id) filter (where ranked),
           (array_agg(status order by submit_id desc) filter (where ranked))[1],
           (array_agg(score order by submit_id desc) filter (where ranked))[1]
    from (select *, status in (-3, -2, -1, 0, 1, 2, 3, 8) as ranked from judge
          where cid = 0 and gid is null) j
    group by uid, pid`);
  await db.execute(sql`
    update user_record r set ac = s.ac, total = s.total, score = s.score
    from (select uid, count(*) filter (where accepted > 0) as ac, sum(submissions) as total,
                 coalesce(sum(best_score), 0) as score
          from user_problem_stat group by uid) s
    where r.uid = s.uid`);
}

/**
 * Bulk data for the API benchmark, written with `insert … select … generate_series` in a few
 * statements: users bench1 … benchN, problems B1001 … (1 % hidden, 1 % contest-only, the rest
 * public, difficulties 0–5) with five languages and two of 60 tags each, and submissions spread over
 * the problems with a power-law skew towards the first ones and over 12 days, one a second, newest
 * last (5 % of them in a contest; OI problems' submissions carry a score and its rank points).
 * Every third user has a nickname, every other a signature. `setseed` makes the data the same on
 * every run. Users and problems go through their triggers (one statement each); the submissions are
 * loaded bare (bulkLoad) and the counters of judge's triggers computed afterwards
 * (recomputeCounters), which the rank-list test's "from scratch" checks show to be what the
 * triggers keep.
 */
export async function seedBench(db: Db, size: SeedSize, passwordHash: string): Promise<void> {
  await db.execute(sql`select setseed(0.42)`);
  // Loaded bare like the submissions (three row triggers per user took over a minute for 10,000
  // on a busy machine): ranked and search_key are what user_record's insert trigger would compute
  // (migration 0015: status 0 and not root; user_rank_search_key), the rank counters follow.
  await step(`${size.users} users, loaded bare`, async () => {
    await bulkLoad(db, ['user_info', 'user_role', 'user_record'], async () => {
      await db.execute(sql`
        insert into user_info (uuid, username, password, nickname, signature)
        select md5('bench' || g), 'bench' || g, case when g <= ${LOGIN_USERS} then ${passwordHash} else 'x' end,
          case when g % 3 = 0 then 'Nick ' || g end, case when g % 2 = 0 then repeat('A signature line. ', 10) end
        from generate_series(1, ${size.users}) g`);
      await db.execute(sql`
        insert into user_role (uid, role_id) select uuid, 1002 from user_info where username like 'bench%'`);
      await db.execute(sql`
        insert into user_record (uid, ranked, search_key)
        select u.uuid, u.status = 0 and root.uid is null, user_rank_search_key(u.username, u.nickname, u.realname)
        from user_info u left join (select uid from user_role where role_id = 1000) root on root.uid = u.uuid
        where u.username like 'bench%'`);
    });
    await db.execute(
      sql`update ranked_user_count set n = (select count(*) from user_record where ranked) where id = 1`,
    );
    await db.execute(sql`delete from user_rank_bucket`);
    await db.execute(sql`
      insert into user_rank_bucket (list, k1, k2, n)
      select 0, -ac, total, count(*) from user_record where ranked group by 2, 3
      union all
      select 1, -score, -ac, count(*) from user_record where ranked group by 2, 3`);
  });

  await step(`${size.problems} problems`, async () => {
    await db.execute(sql`
    insert into problem (problem_id, title, author, type, difficulty, auth, description, input, output, examples,
      source, is_upload_case, case_version)
    select 'B' || (1000 + g), 'Bench problem ' || g, 'root', g % 2, g % 6,
      case when g % 100 = 50 then 2 when g % 100 = 51 then 3 else 1 end,
      repeat('A statement paragraph with $math$ and **markdown**. ', 40), 'Two integers.', 'One integer.',
      '<input>1 2</input><output>3</output>', 'Bench', false, '1'
    from generate_series(1, ${size.problems}) g`);
    await db.execute(sql`
    insert into problem_language (pid, lid)
    select p.id, l.id from problem p cross join language l
    where p.problem_id like 'B%' and l.oj = 'ME' and l.name in ('C', 'C++', 'Java', 'Python3', 'C++ 17')`);
    await db.execute(sql`
    insert into tag (name, color, oj) select 'tag-' || g, '#409eff', 'ME' from generate_series(1, 60) g`);
    await db.execute(sql`
    insert into problem_tag (pid, tid)
    select p.id, t.id from problem p join tag t
      on t.name in ('tag-' || (p.id % 60 + 1), 'tag-' || ((p.id * 7) % 60 + 1))
    where p.problem_id like 'B%'
    on conflict do nothing`);
  });

  // Submissions: problem p drawn as 1 + floor(r² · problems), so the first problems are the popular ones.
  const newest = new Date().toISOString();
  await step(`${size.submissions} submissions, loaded bare`, () =>
    bulkLoad(db, ['judge'], async () => {
      for (let from = 1; from <= size.submissions; from += BATCH) {
        const to = Math.min(size.submissions, from + BATCH - 1);
        await db.execute(sql`
      -- problems numbered 1…n by a hash join, users by the formula they were made with: picking from
      -- arrays of text (problem ids, user ids) walked each array to the element, per submission.
      with problems as (select row_number() over (order by id)::int as p, id, problem_id, type, difficulty,
                               auth <> 1 or is_group as hidden
                        from problem where problem_id like 'B%'),
           draws as (select g,
                            1 + floor(power(random(), 2) * ${size.problems})::int as p,
                            1 + floor(random() * ${size.users})::int as u,
                            random() as s
                     from generate_series(${from}::int, ${to}::int) g)
      insert into judge (pid, display_pid, uid, username, submit_time, status, share, time, memory, length, code,
                         language, cid, cpid, judger, priority, score, oi_rank_score, problem_hidden)
      select pr.id, pr.problem_id, md5('bench' || d.u), 'bench' || d.u,
             ${newest}::timestamptz - make_interval(secs => ${size.submissions}::int - d.g),
             case when d.s < 0.35 then 0 when d.s < 0.65 then -1 when d.s < 0.75 then -2 when d.s < 0.85 then 1
                  when d.s < 0.90 then 3 when d.s < 0.93 then 2 when d.s < 0.96 then 8 else -3 end,
             false, 15, 2048, 120, 'int main() { return 0; }', 'C++',
             case when d.g % 20 = 0 then 1000 else 0 end, 0, 'bench', 2,
             -- OI problems: 100 points when accepted, a share of them otherwise; the rank points of
             -- reference §7.11, round(0.1 · score + 2 · difficulty · score / 100)
             case when pr.type = 1 then case when d.s < 0.35 then 100 else floor(d.s * 100)::int % 100 end end,
             case when pr.type = 1 then round(
               0.1 * (case when d.s < 0.35 then 100 else floor(d.s * 100)::int % 100 end)
               + 2 * pr.difficulty * (case when d.s < 0.35 then 100 else floor(d.s * 100)::int % 100 end) / 100.0)::int end,
             -- what judge_problem_hidden_set (migration 0021) would write
             pr.hidden
      from draws d join problems pr on pr.p = d.p`);
      }
    }),
  );
  await step('counters of the submissions', () => recomputeCounters(db));
}

/**
 * Trainings for the training list and rank (issue 14): `size.trainings` trainings of
 * TRAINING_PROBLEMS consecutive bench problems each (training 1 holds the most submitted problems,
 * the last ones the least), in five categories, odd ones Public and even ones Private. Every user who
 * submitted to a Private training's problems is registered in it with the records of those
 * submissions, as registering back-fills them (reference §7.13). user_acproblem gets one row per
 * accepted non-contest submission, as the lifecycle's public scope writes it: it is the progress's
 * source and the submissions above were inserted without the lifecycle.
 */
export async function seedTrainings(db: Db, size: SeedSize): Promise<void> {
  await step('user_acproblem', () =>
    bulkLoad(db, ['user_acproblem'], async () => {
      await db.execute(sql`
        insert into user_acproblem (uid, pid, submit_id)
        select uid, pid, submit_id from judge where status = 0 and cid = 0 and gid is null`);
    }),
  );
  await db.execute(sql`
    insert into training_category (name, color) select 'Bench category ' || g, '#409eff' from generate_series(1, 5) g`);
  await db.execute(sql`
    insert into training (title, description, author, auth, private_pwd, rank, status)
    select 'Bench training ' || g, 'Problems ' || g, 'root', case when g % 2 = 1 then 'Public' else 'Private' end,
      case when g % 2 = 1 then null else 'bench' end, g, true
    from generate_series(1, ${size.trainings}) g`);
  await db.execute(sql`
    insert into mapping_training_category (tid, cid)
    select t.id, c.id from training t
    join training_category c on c.name = 'Bench category ' || (t.rank % 5 + 1)`);
  await db.execute(sql`
    insert into training_problem (tid, pid, display_id, rank)
    select t.id, p.id, p.problem_id, p.n - (t.rank - 1) * ${TRAINING_PROBLEMS}
    from training t
    join (select id, problem_id, row_number() over (order by id) as n from problem where problem_id like 'B%') p
      on p.n > (t.rank - 1) * ${TRAINING_PROBLEMS} and p.n <= t.rank * ${TRAINING_PROBLEMS}`);
  await step('training registrations and records', () =>
    bulkLoad(db, ['training_register', 'training_record'], async () => {
      await db.execute(sql`
    insert into training_register (tid, uid)
    select distinct tp.tid, j.uid from training_problem tp
    join training t on t.id = tp.tid and t.auth = 'Private'
    join judge j on j.pid = tp.pid and j.cid = 0`);
      await db.execute(sql`
    insert into training_record (tid, tpid, pid, uid, submit_id)
    select tp.tid, tp.id, tp.pid, j.uid, j.submit_id from training_problem tp
    join training t on t.id = tp.tid and t.auth = 'Private'
    join judge j on j.pid = tp.pid and j.cid = 0
    order by j.submit_id`);
    }),
  );
  // the records went in without their triggers: the Private trainings' rank rows (migration 0018)
  // are computed once each; the Public ones were when their problems went in
  await step('private training ranks', () =>
    db.execute(sql`select training_rank_refresh(id, null) from training where auth = 'Private' order by id`),
  );
}
