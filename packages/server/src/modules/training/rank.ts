import { ROLES, type TrainingRankQuery, type TrainingRankVO } from '@verdict/shared';
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
 * The rows are kept up to date by the triggers of migration 0018 (`training_rank_row`, its size in
 * `training_rank_size`), so a page is one statement: an index range of the training in rank order,
 * and the total from the kept size less the author's and roots' rows (a keyword counts its matches).
 */
export async function trainingRank(
  db: Db,
  user: AuthUser,
  query: TrainingRankQuery,
): Promise<Page<TrainingRankVO>> {
  const { row, admin } = await trainingFor(db, user, query.tid);
  const keyword = query.keyword?.toLowerCase() || undefined;
  const ranked = sql`training_rank_row r join user_info u on u.uuid = r.uid
    where r.tid = ${row.id} and u.username <> ${row.author}
      and not exists (select 1 from user_role ur where ur.uid = r.uid and ur.role_id = ${ROLES.root.id})
      ${
        keyword
          ? sql`and (strpos(lower(u.username), ${keyword}) > 0 or strpos(lower(u.school), ${keyword}) > 0
              ${admin ? sql`or strpos(lower(u.realname), ${keyword}) > 0` : sql``})`
          : sql``
      }`;
  const total = keyword
    ? sql`(select count(*) from ${ranked})`
    : sql`coalesce((select s.users from training_rank_size s where s.tid = ${row.id}), 0)
        - (select count(*) from training_rank_row r
            where r.tid = ${row.id} and (
              r.uid in (select ur.uid from user_role ur where ur.role_id = ${ROLES.root.id})
              or r.uid in (select u.uuid from user_info u where u.username = ${row.author})))`;
  const [result] = await queryRows<{ records: TrainingRankVO[]; total: number | string }>(
    db,
    sql`select ${total} as total,
      (select coalesce(json_agg(p.row order by p.ac desc, p.total_run_time, p.first_submit), '[]')
        from (select r.ac, r.total_run_time, r.first_submit,
            json_build_object('uid', u.uuid, 'username', u.username,
              'realname', ${admin ? sql`u.realname` : sql`null`}, 'nickname', u.nickname, 'school', u.school,
              'gender', u.gender, 'avatar', u.avatar, 'ac', r.ac, 'totalRunTime', r.total_run_time,
              'submissionInfo', r.info) as row
          from ${ranked}
          order by r.ac desc, r.total_run_time, r.first_submit
          limit ${query.limit} offset ${(query.currentPage - 1) * query.limit}) p) as records`,
  );
  return page(result!.records, Number(result!.total), query.currentPage, query.limit);
}
