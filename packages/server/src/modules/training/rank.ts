import { ROLES, type TrainingRankQuery, type TrainingRankVO } from '@verdict/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { containsPattern } from '../problem/query.ts';
import { trainingFor, type TrainingRow } from './access.ts';

/** reference §7.13: the verdicts a training rank reads (PE, CE, WA, AC, TLE, MLE, RE, PA). */
const RANKED_STATUSES = sql.raw('(-3, -2, -1, 0, 1, 2, 3, 8)');

/**
 * The submissions a training's rank is built from, as (uid, tpid, status, score, time, submit_id).
 * Private: its training_record rows (reference §7.13: registered users, back-filled on
 * registration). **Changed:** HOJ keeps records for Private trainings only, so a Public training's
 * rank is empty; Verdict ranks a Public one from every non-contest, non-group submission of its
 * problems, read straight from `judge` through the (pid, submit_time) index of public submissions,
 * so no record rows are written for it.
 */
function submissionsOf(row: TrainingRow): SQL {
  if (row.auth === 'Private') {
    return sql`select j.uid, r.tpid, j.status, j.score, j.time, j.submit_id
      from training_record r join judge j on j.submit_id = r.submit_id
      where r.tid = ${row.id} and j.status in ${RANKED_STATUSES}`;
  }
  return sql`select j.uid, tp.id as tpid, j.status, j.score, j.time, j.submit_id
    from training_problem tp join judge j on j.pid = tp.pid and j.cid = 0 and j.gid is null
    where tp.tid = ${row.id} and j.status in ${RANKED_STATUSES}`;
}

interface RankRow {
  row: Omit<TrainingRankVO, 'ac' | 'totalRunTime'> & { ac: number | string; totalRunTime: number | string };
  total: number | string;
}

/**
 * reference §3.5 `GET /api/get-training-rank`, §7.13: one row per user with a ranked submission of
 * the training's public problems, its author and roots left out. Per problem the first accepted
 * submission wins (`isAC`, `runTime` the fastest accepted run), otherwise the latest verdict shows;
 * `ac` counts the solved problems and `totalRunTime` adds their fastest runs; order `ac` desc,
 * `totalRunTime` asc, then who got there first. `keyword` matches username or school, and the
 * real name for training admins, who alone see real names (spec part 2 §2.1). One statement: the
 * cells and rows are aggregated in SQL and only the page's rows leave the database.
 */
export async function trainingRank(
  db: Db,
  user: AuthUser,
  query: TrainingRankQuery,
): Promise<Page<TrainingRankVO>> {
  const { row, admin } = await trainingFor(db, user, query.tid);
  const keyword = query.keyword ? containsPattern(query.keyword) : null;
  const search = keyword
    ? sql`and (u.username ilike ${keyword} or u.school ilike ${keyword}
        ${admin ? sql`or u.realname ilike ${keyword}` : sql``})`
    : sql``;
  const pageOf = (limit: number, offset: number) =>
    queryRows<RankRow>(
      db,
      sql`with problems as (
        select tp.id as tpid, tp.display_id from training_problem tp join problem p on p.id = tp.pid
        where tp.tid = ${row.id} and p.auth = 1),
      subs as (${submissionsOf(row)}),
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
      select json_build_object('uid', u.uuid, 'username', u.username,
          'realname', ${admin ? sql`u.realname` : sql`null`}, 'nickname', u.nickname, 'school', u.school,
          'gender', u.gender, 'avatar', u.avatar, 'ac', r.ac, 'totalRunTime', r.total_run_time,
          'submissionInfo', r.info) as row,
        count(*) over () as total
      from ranked r join user_info u on u.uuid = r.uid
      where u.username <> ${row.author}
        and not exists (select 1 from user_role ur where ur.uid = r.uid and ur.role_id = ${ROLES.root.id})
        ${search}
      order by r.ac desc, r.total_run_time asc, r.first_submit asc
      limit ${limit} offset ${offset}`,
    );
  const offset = (query.currentPage - 1) * query.limit;
  const rows = await pageOf(query.limit, offset);
  // a page past the end carries no total: the first row of the same ranking does
  const first = rows.length > 0 || offset === 0 ? rows : await pageOf(1, 0);
  const total = first.length > 0 ? Number(first[0]!.total) : 0;
  const records = rows.map(({ row: r }) => ({
    ...r,
    ac: Number(r.ac),
    totalRunTime: Number(r.totalRunTime),
  }));
  return page(records, total, query.currentPage, query.limit);
}
