/**
 * The training rank's statement on a seeded bench database (issue 14), without the server:
 * `BENCH_DATA_DIR=dir node --import tsx bench/api/training-rank-plan.ts` after a run.ts run that
 * kept `dir`. For the busiest Public training (the first, holding the 50 most submitted problems)
 * and the busiest Private one it times the statement rank.ts runs (BENCH_REPEAT times, 10 by
 * default) and, for the Public one, the same ranking read from the submissions as it was before
 * migration 0017 kept the cells in user_problem_stat, checks that both give the same rows, and
 * prints each plan (EXPLAIN ANALYZE). Times are wall-clock ms of one statement in this process.
 */
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { loadTraining } from '../../packages/server/src/modules/training/access.ts';
import { rankSql } from '../../packages/server/src/modules/training/rank.ts';

const dir = process.env.BENCH_DATA_DIR;
if (!dir) throw new Error('BENCH_DATA_DIR: the directory a run.ts run kept');
const REPEAT = Number(process.env.BENCH_REPEAT ?? 10);

/** A Public training's ranking read from the submissions of its problems (rank.ts before 0017). */
function fromSubmissions(tid: number, author: string): SQL {
  return sql`with problems as (
      select tp.id as tpid, tp.display_id from training_problem tp join problem p on p.id = tp.pid
      where tp.tid = ${tid} and p.auth = 1),
    subs as (
      select j.uid, tp.id as tpid, j.status, j.score, j.time, j.submit_id
      from training_problem tp join judge j on j.pid = tp.pid and j.cid = 0 and j.gid is null
      where tp.tid = ${tid} and j.status in (-3, -2, -1, 0, 1, 2, 3, 8)),
    cells as (
      select s.uid, pr.display_id,
        bool_or(s.status = 0) as is_ac,
        min(s.time) filter (where s.status = 0) as run_time,
        (array_agg(s.score order by s.submit_id) filter (where s.status = 0))[1] as ac_score,
        (array_agg(s.status order by s.submit_id desc))[1] as last_status,
        (array_agg(s.score order by s.submit_id desc))[1] as last_score,
        min(s.submit_id) as first_submit
      from subs s join problems pr on pr.tpid = s.tpid
      group by s.uid, pr.display_id),
    ranked as (
      select c.uid,
        count(*) filter (where c.is_ac) as ac,
        coalesce(sum(coalesce(c.run_time, 0)) filter (where c.is_ac), 0) as total_run_time,
        min(c.first_submit) as first_submit,
        json_object_agg(c.display_id, case when c.is_ac
          then json_build_object('status', 0, 'score', c.ac_score, 'isAC', true, 'runTime', coalesce(c.run_time, 0))
          else json_build_object('status', c.last_status, 'score', c.last_score) end) as info
      from cells c
      group by c.uid)
    select json_build_object('uid', u.uuid, 'username', u.username, 'realname', u.realname,
        'nickname', u.nickname, 'school', u.school, 'gender', u.gender, 'avatar', u.avatar,
        'ac', r.ac, 'totalRunTime', r.total_run_time, 'submissionInfo', r.info) as row
    from ranked r join user_info u on u.uuid = r.uid
    where u.username <> ${author}
      and not exists (select 1 from user_role ur where ur.uid = r.uid and ur.role_id = 1000)
    order by r.ac desc, r.total_run_time asc, r.first_submit asc`;
}

const database = await openDatabase({ dataDir: path.join(path.resolve(dir), 'db') });
try {
  await migrateDatabase(database);
  const db = database.db;

  async function time(name: string, query: SQL) {
    let rows: unknown[] = await queryRows(db, query); // warm-up
    const ms: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const start = performance.now();
      rows = await queryRows(db, query);
      ms.push(performance.now() - start);
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(1);
    console.log(
      `${name.padEnd(44)} ${String(rows.length).padStart(6)} rows  median ${at(0.5)} ms  max ${at(1)} ms`,
    );
    return rows;
  }
  async function plan(name: string, query: SQL) {
    const lines = await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${query}`);
    console.log(`\n${name}:\n${lines.map((l) => `  ${l['QUERY PLAN']}`).join('\n')}`);
  }

  const trainings = await queryRows<{ id: string; auth: string }>(
    db,
    sql`select id, auth from training where title like 'Bench training %' order by rank`,
  );
  const busiestPublic = (await loadTraining(db, Number(trainings.find((t) => t.auth === 'Public')!.id)))!;
  const busiestPrivate = (await loadTraining(db, Number(trainings.find((t) => t.auth === 'Private')!.id)))!;
  const [cells] = await queryRows<{ cells: number; submissions: number }>(
    db,
    sql`select (select count(*)::int from training_problem tp join user_problem_stat s on s.pid = tp.pid
                 and s.first_ranked_id is not null where tp.tid = ${busiestPublic.id}) as cells,
               (select count(*)::int from training_problem tp join judge j on j.pid = tp.pid
                 and j.cid = 0 and j.gid is null where tp.tid = ${busiestPublic.id}) as submissions`,
  );
  console.log(
    `busiest Public training ${busiestPublic.id}: ${cells!.submissions} submissions, ${cells!.cells} ranked cells;` +
      ` ${REPEAT} runs each after one warm-up\n`,
  );
  const kept = await time('Public, from the kept cells (rank.ts)', rankSql(busiestPublic));
  const recount = await time(
    'Public, from the submissions (before 0017)',
    fromSubmissions(busiestPublic.id, busiestPublic.author),
  );
  await time(`Private ${busiestPrivate.id}, from its records (rank.ts)`, rankSql(busiestPrivate));
  // the cells' key order follows each plan's aggregation order, so they are compared sorted
  const canonical = (rows: unknown[]) =>
    JSON.stringify(
      (rows as { row: { submissionInfo: Record<string, unknown> } }[]).map(({ row }) => ({
        ...row,
        submissionInfo: Object.entries(row.submissionInfo).sort(([a], [b]) => a.localeCompare(b)),
      })),
    );
  console.log(
    canonical(kept) === canonical(recount)
      ? 'Both Public rankings are the same.'
      : 'The Public rankings DIFFER: the kept cells are wrong.',
  );
  await plan('Public, from the kept cells', rankSql(busiestPublic));
  await plan(
    'Public, from the submissions (before 0017)',
    fromSubmissions(busiestPublic.id, busiestPublic.author),
  );
} finally {
  await database.close();
}
