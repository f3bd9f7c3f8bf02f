import { and, desc, eq, sql } from 'drizzle-orm';
import type { CalendarHeatmapVO, UserHomeProblemVO, UserHomeQuery, UserHomeVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { session, userInfo, userRecord } from '../../db/schema/index.ts';
import { fail, notFound } from '../../http/errors.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { startOfDay } from '../admin/dashboard/counts.ts';
import { localDays } from './days.ts';
import { homeMessages } from './messages.ts';

type UserRow = typeof userInfo.$inferSelect;

/**
 * The user a user-home call names: `uid`, else `username`, else the caller (reference §3.1: both
 * empty and anonymous is refused). A banned user (status 1) is not found (§7.11).
 */
export async function homeUser(
  db: Db,
  query: UserHomeQuery,
  caller: AuthUser | null | undefined,
): Promise<UserRow> {
  const where = query.uid
    ? eq(userInfo.uuid, query.uid)
    : query.username
      ? eq(userInfo.username, query.username)
      : caller
        ? eq(userInfo.uuid, caller.uid)
        : undefined;
  if (!where) throw fail(homeMessages.userRequired);
  const [user] = await db.select().from(userInfo).where(where);
  if (!user || user.status !== 0) throw notFound(homeMessages.userNotFound);
  return user;
}

interface ProblemRow extends UserHomeProblemVO {
  accepted: number;
  bestScore: number | null;
}

/**
 * reference §3.1 `GET /api/get-user-home-info`, §7.11 UserHomeVO, spec part 2 §2.6. Everything
 * about problems comes from user_problem_stat (the public scope, kept by triggers): the solved
 * list (problems with an accepted submission, as user_acproblem says), the tried list (submitted,
 * never accepted) and each scored problem's best OI rank score. `total` and `rating` are the
 * user's user_record; `recentLoginTime` the latest session.
 */
export async function userHomeInfo(db: Db, user: UserRow): Promise<UserHomeVO> {
  const [problems, [record], [login]] = await Promise.all([
    queryRows<ProblemRow>(
      db,
      sql`select p.id, p.problem_id as "problemId", p.title, p.difficulty, s.accepted, s.best_score as "bestScore"
          from user_problem_stat s join problem p on p.id = s.pid
          where s.uid = ${user.uuid}
          order by length(p.problem_id), p.problem_id`,
    ),
    db
      .select({ total: userRecord.total, rating: userRecord.rating })
      .from(userRecord)
      .where(eq(userRecord.uid, user.uuid)),
    db
      .select({ at: session.gmtCreate })
      .from(session)
      .where(and(eq(session.uid, user.uuid)))
      .orderBy(desc(session.gmtCreate))
      .limit(1),
  ]);
  const item = (p: ProblemRow): UserHomeProblemVO => ({
    id: Number(p.id),
    problemId: p.problemId,
    title: p.title,
    difficulty: p.difficulty,
  });
  const solved = problems.filter((p) => p.accepted > 0);
  const solvedGroupByDifficulty: Record<string, UserHomeProblemVO[]> = {};
  for (const p of solved) (solvedGroupByDifficulty[String(p.difficulty)] ??= []).push(item(p));
  const scoreList = problems.flatMap((p) => (p.bestScore === null ? [] : [p.bestScore]));
  return {
    uid: user.uuid,
    username: user.username,
    school: user.school,
    signature: user.signature,
    nickname: user.nickname,
    gender: user.gender,
    github: user.github,
    blog: user.blog,
    avatar: user.avatar,
    titleName: user.titleName,
    titleColor: user.titleColor,
    total: record?.total ?? 0,
    rating: record?.rating ?? null,
    scoreList,
    solvedList: solved.map((p) => p.problemId),
    solvedGroupByDifficulty,
    triedList: problems.filter((p) => p.accepted === 0).map(item),
    solved: solved.length,
    score: scoreList.reduce((sum, s) => sum + s, 0),
    recentLoginTime: login?.at.toISOString() ?? null,
  };
}

/**
 * reference §3.1 `GET /api/get-user-calendar-heatmap`, §7.11: the user's submissions (every scope)
 * per day of the server's time zone, over the year that ends today: from the day after today's
 * date a year ago up to today. Days without a submission are left out; `endDate` is today.
 */
export async function calendarHeatmap(db: Db, user: UserRow, now: Date): Promise<CalendarHeatmapVO> {
  const today = startOfDay(now);
  const yearAgo = new Date(today);
  yearAgo.setFullYear(today.getFullYear() - 1);
  const days = Math.round((today.getTime() - yearAgo.getTime()) / 86_400_000);
  const { bounds, labels } = localDays(now, days);
  const thresholds = sql.join(
    bounds.map((b) => sql`${b.toISOString()}::timestamptz`),
    sql`, `,
  );
  const rows = await queryRows<{ day: number; count: number }>(
    db,
    sql`select width_bucket(submit_time, array[${thresholds}]) as day, count(*)::int as count
        from judge
        where uid = ${user.uuid}
          and submit_time >= ${bounds[0]!.toISOString()}::timestamptz
          and submit_time < ${bounds.at(-1)!.toISOString()}::timestamptz
        group by 1 order by 1`,
  );
  return {
    endDate: labels.at(-1)!,
    dataList: rows.map((r) => ({ date: labels[r.day - 1]!, count: r.count })),
  };
}
