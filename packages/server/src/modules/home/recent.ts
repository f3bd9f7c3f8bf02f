import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { HOME_LIMITS, type ContestVO, type OtherContestVO, type RecentAcRankVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { contest } from '../../db/schema/index.ts';
import { startOfDay } from '../admin/dashboard/counts.ts';
import { contestJson } from '../contest/json.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * reference §3.2 `GET /api/get-recent-contest`: visible contests outside groups that have not ended
 * and start on or before the day 14 days from today (server time zone), newest start first, with
 * their registration counts.
 */
export async function recentContests(db: Db, now: Date): Promise<ContestVO[]> {
  const lastDay = startOfDay(now);
  lastDay.setDate(lastDay.getDate() + HOME_LIMITS.recentContestDays + 1);
  const rows = await db
    .select({
      contest,
      count: sql<number>`(select count(*)::int from contest_register r where r.cid = "contest"."id")`,
    })
    .from(contest)
    .where(
      and(
        eq(contest.visible, true),
        isNull(contest.gid),
        gt(contest.endTime, now),
        lt(contest.startTime, lastDay),
      ),
    )
    .orderBy(desc(contest.startTime), desc(contest.id));
  return rows.map((r) => contestJson(r.contest, Number(r.count), now));
}

/**
 * reference §3.2 `GET /api/get-recent-seven-ac-rank`: the 10 users with the most distinct problems
 * accepted in the public scope (user_acproblem rows) in the 7 days up to `now` (both ends
 * included), ties to the user registered last. Only users the rank lists show (active, not a super
 * admin); **Changed:** HOJ also lists users with no AC at all when fewer than 10 have one.
 */
export async function recentSevenAcRank(db: Db, now: Date): Promise<RecentAcRankVO[]> {
  const since = new Date(now.getTime() - HOME_LIMITS.recentAcRankDays * DAY_MS);
  return queryRows<RecentAcRankVO>(
    db,
    sql`select u.uuid as uid, u.username, u.nickname, u.avatar, u.title_name as "titleName",
          u.title_color as "titleColor", a.ac
        from (select uid, count(distinct pid)::int as ac from user_acproblem
              where gmt_create >= ${since.toISOString()}::timestamptz and gmt_create <= ${now.toISOString()}::timestamptz
              group by uid) a
        join user_record r on r.uid = a.uid and r.ranked
        join user_info u on u.uuid = a.uid
        order by a.ac desc, u.gmt_create desc, u.uuid
        limit ${HOME_LIMITS.recentAcRankSize}`,
  );
}

/**
 * reference §3.2 `GET /api/get-recent-other-contest`. HOJ fetched other judges' contests from the
 * internet every 2 hours; a Verdict server may have no internet, and the home page must never wait
 * on it, so this answers what is configured (nothing yet: an empty list) at once.
 */
export function recentOtherContests(): OtherContestVO[] {
  return [];
}
