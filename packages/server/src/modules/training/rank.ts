import type { TrainingRankQuery, TrainingRankVO } from '@verdict/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { trainingFor } from './access.ts';

/**
 * reference §3.5 `GET /api/get-training-rank`, §7.13: one row per user with a ranked submission
 * (PE, CE, WA, AC, TLE, MLE, RE, PA) of the training's public problems, its author and roots left
 * out. Per problem the first accepted submission wins (`isAC`, `runTime` the fastest accepted run),
 * otherwise the latest ranked verdict shows; `ac` counts the solved problems and `totalRunTime` adds
 * their fastest runs; order `ac` desc, `totalRunTime` asc, then who got there first. `keyword`
 * matches username or school, and the real name for training admins, who alone see real names
 * (spec part 2 §2.1).
 *
 * Private trainings rank their registered users' records (reference §7.13, back-filled on
 * registration). **Changed:** HOJ keeps records for Private trainings only, so a Public training's
 * rank is empty; Verdict ranks a Public one from every non-contest, non-group submission of its
 * problems.
 *
 * The rows are kept up to date by the triggers of migration 0018 (`training_rank_row`, without the
 * author's and roots' rows; its size in `training_rank_size`), so a page is one statement: a range of
 * the training's rank index, and the total from the kept size (a keyword counts its matches).
 */
export async function trainingRank(
  db: Db,
  user: AuthUser,
  query: TrainingRankQuery,
): Promise<Page<TrainingRankVO>> {
  const { row, admin } = await trainingFor(db, user, query.tid);
  const keyword = query.keyword?.toLowerCase() || undefined;
  const offset = (query.currentPage - 1) * query.limit;
  const order = sql`order by r.ac desc, r.total_run_time, r.first_submit`;
  // Without a keyword the page is a range of the rank index; a keyword filters on the users first.
  const pageRows = keyword
    ? sql`select r.* from training_rank_row r join user_info u on u.uuid = r.uid
        where r.tid = ${row.id}
          and (strpos(lower(u.username), ${keyword}) > 0 or strpos(lower(u.school), ${keyword}) > 0
            ${admin ? sql`or strpos(lower(u.realname), ${keyword}) > 0` : sql``})`
    : sql`select r.* from training_rank_row r where r.tid = ${row.id}`;
  const total = keyword
    ? sql`(select count(*) from (${pageRows}) r)`
    : sql`coalesce((select s.users from training_rank_size s where s.tid = ${row.id}), 0)`;
  const [result] = await queryRows<{ records: TrainingRankVO[]; total: number | string }>(
    db,
    sql`select ${total} as total,
      (select coalesce(json_agg(json_build_object('uid', u.uuid, 'username', u.username,
          'realname', ${admin ? sql`u.realname` : sql`null`}, 'nickname', u.nickname, 'school', u.school,
          'gender', u.gender, 'avatar', u.avatar, 'ac', r.ac, 'totalRunTime', r.total_run_time,
          'submissionInfo', r.info) ${order}), '[]')
        from (${pageRows} ${order} limit ${query.limit} offset ${offset}) r
        -- a lookup per row of the page (limit 1 keeps the planner from hashing every user)
        cross join lateral (select * from user_info u where u.uuid = r.uid limit 1) u) as records`,
  );
  return page(result!.records, Number(result!.total), query.currentPage, query.limit);
}
