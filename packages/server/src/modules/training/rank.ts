import type { TrainingRankQuery, TrainingRankVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { byShape, preparedStatement } from '../../db/prepared.ts';
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
  const statement = pageStatement({ keyword: keyword !== undefined, admin, limit: query.limit });
  const offset = (query.currentPage - 1) * query.limit;
  const [result] = await statement(db, [row.id, offset, ...(keyword ? [keyword] : [])]);
  return page(result!.records, Number(result!.total), query.currentPage, query.limit);
}

/**
 * A rank page for one shape (keyword or not, real names or not, page size), prepared once
 * (db/prepared.ts). $1 the training, $2 the offset, $3 the lower-cased keyword.
 */
const pageStatement = byShape((shape: { keyword: boolean; admin: boolean; limit: number }) => {
  const order = 'order by r.ac desc, r.total_run_time, r.first_submit';
  // Without a keyword the page is a range of the rank index; a keyword filters on the users first.
  const rows = shape.keyword
    ? `select r.* from training_rank_row r join user_info u on u.uuid = r.uid
        where r.tid = $1
          and (strpos(lower(u.username), $3) > 0 or strpos(lower(u.school), $3) > 0
            ${shape.admin ? 'or strpos(lower(u.realname), $3) > 0' : ''})`
    : 'select r.* from training_rank_row r where r.tid = $1';
  const total = shape.keyword
    ? `(select count(*) from (${rows}) r)`
    : 'coalesce((select s.users from training_rank_size s where s.tid = $1), 0)';
  return preparedStatement<{ records: TrainingRankVO[]; total: number | string }>(
    `select ${total} as total,
      (select coalesce(json_agg(json_build_object('uid', u.uuid, 'username', u.username,
          'realname', ${shape.admin ? 'u.realname' : 'null'}, 'nickname', u.nickname, 'school', u.school,
          'gender', u.gender, 'avatar', u.avatar, 'ac', r.ac, 'totalRunTime', r.total_run_time,
          'submissionInfo', r.info) ${order}), '[]')
        from (${rows} ${order} limit ${shape.limit} offset $2) r
        -- a lookup per row of the page (limit 1 keeps the planner from hashing every user)
        cross join lateral (select * from user_info u where u.uuid = r.uid limit 1) u) as records`,
  );
});
