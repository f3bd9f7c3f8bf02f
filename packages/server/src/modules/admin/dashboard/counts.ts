import { and, count, gte, lt, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contest, judge, userInfo } from '../../../db/schema/index.ts';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Midnight of `now`'s day by the server's clock and time zone (HOJ: `DATE(gmt_create)` = today). */
export function startOfDay(now: Date): Date {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day;
}

/**
 * reference §3.12 `get-dashboard-info`: users, contests started in the last week, submissions made
 * today. Each is one count over an index (contest start_time, judge submit_time) or a small table.
 */
export async function dashboardInfo(db: Db, now: Date) {
  const today = startOfDay(now);
  const tomorrow = new Date(today);
  tomorrow.setDate(today.getDate() + 1);
  const [[users], [contests], [judged]] = await Promise.all([
    db.select({ n: count() }).from(userInfo),
    db
      .select({ n: count() })
      .from(contest)
      .where(and(gte(contest.startTime, new Date(now.getTime() - WEEK_MS)), lte(contest.startTime, now))),
    db
      .select({ n: count() })
      .from(judge)
      .where(and(gte(judge.submitTime, today), lt(judge.submitTime, tomorrow))),
  ]);
  return { userNum: users!.n, recentContestNum: contests!.n, todayJudgeNum: judged!.n };
}
