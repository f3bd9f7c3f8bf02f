import { ROLES, type TrainingRankQuery, type TrainingRankVO } from '@verdict/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { trainingFor, type TrainingRow } from './access.ts';
import { trainingRankEpoch } from './rank-epoch.ts';

/** reference §7.13: the verdicts a training rank reads (PE, CE, WA, AC, TLE, MLE, RE, PA). */
const RANKED_STATUSES = sql.raw('(-3, -2, -1, 0, 1, 2, 3, 8)');

/**
 * A training's rank cells, one per (user, problem display id) as (uid, display_id, is_ac,
 * run_time, ac_score, last_status, last_score, first_submit), over `problems` (tpid, pid,
 * display_id: its public problems). Per problem the first accepted submission wins (its score,
 * the fastest accepted run), otherwise the latest ranked verdict shows.
 *
 * Private: aggregated from its training_record rows (reference §7.13: registered users,
 * back-filled on registration). **Changed:** HOJ keeps records for Private trainings only, so a
 * Public training's rank is empty; Verdict ranks a Public one from every non-contest, non-group
 * submission of its problems, whose cells `user_problem_stat` keeps per (user, problem) (migration
 * 0017, triggers on `judge`): read through its (pid, uid) index of ranked pairs, no submission is
 * read and no record row is written.
 */
function cellsOf(row: TrainingRow): SQL {
  if (row.auth === 'Private') {
    return sql`select j.uid, pr.display_id,
        bool_or(j.status = 0) as is_ac,
        min(j.time) filter (where j.status = 0) as run_time,
        (array_agg(j.score order by j.submit_id) filter (where j.status = 0))[1] as ac_score,
        (array_agg(j.status order by j.submit_id desc))[1] as last_status,
        (array_agg(j.score order by j.submit_id desc))[1] as last_score,
        min(j.submit_id) as first_submit
      from training_record r join judge j on j.submit_id = r.submit_id
      join problems pr on pr.tpid = r.tpid
      where r.tid = ${row.id} and j.status in ${RANKED_STATUSES}
      group by j.uid, pr.display_id`;
  }
  return sql`select s.uid, pr.display_id, s.ac_submit_id is not null as is_ac, s.ac_time as run_time,
      s.ac_score, s.last_status, s.last_score, s.first_ranked_id as first_submit
    from problems pr join user_problem_stat s on s.pid = pr.pid and s.first_ranked_id is not null`;
}

interface RankRow {
  row: Omit<TrainingRankVO, 'ac' | 'totalRunTime'> & { ac: number | string; totalRunTime: number | string };
}

/** How long a computed rank may be reused while nothing in this process changed (rank-epoch.ts). */
const CACHE_MS = 5_000;
/** Ranks kept at most (the busiest trainings' ranks are the ones asked for again and again). */
const CACHE_ENTRIES = 20;
type RankCache = Map<number, { at: number; epoch: number; rows: TrainingRankVO[] }>;
/** Per database (tests run several apps in one process), by training id. */
const caches = new WeakMap<Db, RankCache>();

/**
 * The whole ranking of a training, every ranked user in order, with real names (shown to training
 * admins only), one JSON `row` each. One statement: the cells and rows are aggregated in SQL
 * (exported for bench/api/training-rank-plan.ts).
 */
export function rankSql(row: TrainingRow): SQL {
  return sql`with problems as (
        select tp.id as tpid, tp.pid, tp.display_id from training_problem tp join problem p on p.id = tp.pid
        where tp.tid = ${row.id} and p.auth = 1),
      cells as (${cellsOf(row)}),
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
      where u.username <> ${row.author}
        and not exists (select 1 from user_role ur where ur.uid = r.uid and ur.role_id = ${ROLES.root.id})
      order by r.ac desc, r.total_run_time asc, r.first_submit asc`;
}

async function computeRank(db: Db, row: TrainingRow): Promise<TrainingRankVO[]> {
  const rows = await queryRows<RankRow>(db, rankSql(row));
  return rows.map(({ row: r }) => ({ ...r, ac: Number(r.ac), totalRunTime: Number(r.totalRunTime) }));
}

/** The ranking of a training, reused from the cache while fresh (see CACHE_MS and rank-epoch.ts). */
async function rankOf(db: Db, row: TrainingRow): Promise<TrainingRankVO[]> {
  const now = Date.now();
  const epoch = trainingRankEpoch();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(row.id);
  if (hit && hit.epoch === epoch && now - hit.at < CACHE_MS) return hit.rows;
  const rows = await computeRank(db, row);
  cache.delete(row.id);
  cache.set(row.id, { at: now, epoch, rows });
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return rows;
}

const contains = (value: string | null, keyword: string) => !!value && value.toLowerCase().includes(keyword);

/**
 * reference §3.5 `GET /api/get-training-rank`, §7.13: one row per user with a ranked submission of
 * the training's public problems, its author and roots left out. Per problem the first accepted
 * submission wins (`isAC`, `runTime` the fastest accepted run), otherwise the latest verdict shows;
 * `ac` counts the solved problems and `totalRunTime` adds their fastest runs; order `ac` desc,
 * `totalRunTime` asc, then who got there first. `keyword` matches username or school, and the
 * real name for training admins, who alone see real names (spec part 2 §2.1).
 *
 * The whole ranking is computed in one statement and kept for a few seconds (CACHE_MS) unless a
 * verdict, rejudge or registration in this process changed anything (rank-epoch.ts): a busy
 * training's rank is asked for far more often than it changes. Paging and the keyword then work on
 * the kept ranking.
 */
export async function trainingRank(
  db: Db,
  user: AuthUser,
  query: TrainingRankQuery,
): Promise<Page<TrainingRankVO>> {
  const { row, admin } = await trainingFor(db, user, query.tid);
  let rows = await rankOf(db, row);
  const keyword = query.keyword?.toLowerCase();
  if (keyword) {
    rows = rows.filter(
      (r) =>
        contains(r.username, keyword) ||
        contains(r.school, keyword) ||
        (admin && contains(r.realname, keyword)),
    );
  }
  const offset = (query.currentPage - 1) * query.limit;
  const records = rows.slice(offset, offset + query.limit).map((r) => (admin ? r : { ...r, realname: null }));
  return page(records, rows.length, query.currentPage, query.limit);
}
