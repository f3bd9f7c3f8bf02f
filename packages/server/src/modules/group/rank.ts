import { sql } from 'drizzle-orm';
import {
  GROUP_MEMBER_AUTH,
  HOME_LIMITS,
  RANK_TYPE,
  type GroupRankListQuery,
  type OIRankVO,
} from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page } from '../../http/envelope.ts';
import { containsPattern } from '../problem/query.ts';
import { groupFor } from './access.ts';

/**
 * reference §3.10 `GET /api/get-group-rank-list`, §7.11 "group rank": the group's members (levels
 * 3–5) by what they did inside it: `ac` distinct problems accepted and `total` submissions, over the
 * group's submissions (judge.gid) and those made in the group's contests; `score` the sum over
 * problems of the best OI rank score of the group's non-contest submissions. (HOJ gives a group
 * contest's submissions the group's gid; Verdict's keep gid null and are found by contest.gid.)
 * ACM order `ac desc, total asc`, OI `score desc, ac desc`, then the earlier member. For its
 * members only. **Changed:** HOJ listed every active user of the site (a right join) and cached
 * pages for 60 s; Verdict lists the members, and reads the judge rows (a group's are few) each time.
 */
export async function groupRankList(db: Db, user: AuthUser, query: GroupRankListQuery) {
  await groupFor(db, user, query.gid, 'group.member');
  const oi = query.type === RANK_TYPE.oi;
  const order = oi ? sql`score desc, ac desc` : sql`ac desc, total asc`;
  const search = query.searchUser
    ? sql`and (u.username ilike ${containsPattern(query.searchUser)}
          or u.nickname ilike ${containsPattern(query.searchUser)}
          or u.realname ilike ${containsPattern(query.searchUser)})`
    : sql``;
  const members = sql`group_member m join user_info u on u.uuid = m.uid
    where m.gid = ${query.gid} and m.auth >= ${GROUP_MEMBER_AUTH.member} and u.status = 0 ${search}`;
  const rows = await queryRows<OIRankVO & { listTotal: number }>(
    db,
    sql`with members as (
        select m.uid, m.id from ${members}
      ), submissions as (
        select j.uid, j.pid, j.status, j.oi_rank_score from judge j
        where j.gid = ${query.gid} and j.cid = 0
        union all
        select j.uid, j.pid, j.status, null from judge j join contest c on c.id = j.cid
        where c.gid = ${query.gid}
      ), best as (
        select s.uid, s.pid, bool_or(s.status = 0) as accepted, max(s.oi_rank_score) as score, count(*) as n
        from submissions s join members on members.uid = s.uid
        group by s.uid, s.pid
      ), totals as (
        select m.uid, m.id,
          coalesce(sum(b.n), 0)::int as total,
          count(b.pid) filter (where b.accepted)::int as ac,
          coalesce(sum(b.score), 0)::int as score
        from members m left join best b on b.uid = m.uid
        group by m.uid, m.id
      )
      select t.uid, u.username, u.nickname, left(u.signature, ${HOME_LIMITS.rankSignatureMax}) as signature, u.avatar, u.title_name as "titleName",
        u.title_color as "titleColor", t.total, t.ac, t.score, count(*) over ()::int as "listTotal"
      from totals t join user_info u on u.uuid = t.uid
      order by ${order}, t.id
      limit ${query.limit} offset ${(query.currentPage - 1) * query.limit}`,
  );
  const records = rows.map(({ listTotal: _total, score, ...row }) => (oi ? { ...row, score } : row));
  // a page past the end has no row to carry the count
  const total =
    rows[0]?.listTotal ??
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${members}`))[0]?.n ??
    0;
  return page(records, total, query.currentPage, query.limit);
}
