import { and, asc, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import { SITE_SCOPE, type ContestListQuery, type ContestVO, type EditorScope } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { contest } from '../../db/schema/index.ts';
import { page, type Page } from '../../http/envelope.ts';
import { containsPattern } from '../problem/query.ts';
import { contestJson } from './json.ts';

/** The status of each row at `now` as SQL (reference §4.4: -1 scheduled, 0 running, 1 ended). */
function statusSql(now: Date): SQL<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<number>`(case when ${at} < ${contest.startTime} then -1 when ${at} < ${contest.endTime} then 0 else 1 end)`;
}

/** A status filter as a range of the start and end times, so that the start_time index serves it. */
function statusFilter(status: number, now: Date): SQL | undefined {
  const at = sql`${now.toISOString()}::timestamptz`;
  if (status === -1) return sql`${contest.startTime} > ${at}`;
  if (status === 0) return sql`${contest.startTime} <= ${at} and ${contest.endTime} > ${at}`;
  return sql`${contest.endTime} <= ${at}`;
}

/**
 * reference §3.6 `GET /api/get-contest-list`, spec part 1 §2: visible contests outside groups (or,
 * for `GET /api/group/get-contest-list`, of one group),
 * filtered by status (from the clock), rule type, auth and a title keyword, scheduled first, then
 * running, then ended, each newest start first; `count` is the number of registrations.
 */
export async function listContests(
  db: Db,
  query: ContestListQuery,
  now: Date,
  scope: EditorScope = SITE_SCOPE,
): Promise<Page<ContestVO>> {
  const where = and(
    eq(contest.visible, true),
    scope.kind === 'site' ? isNull(contest.gid) : eq(contest.gid, scope.gid),
    query.status === undefined ? undefined : statusFilter(query.status, now),
    query.type === undefined ? undefined : eq(contest.type, query.type),
    query.auth === undefined ? undefined : eq(contest.auth, query.auth),
    query.keyword ? ilike(contest.title, containsPattern(query.keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        contest,
        // qualified: an unqualified "id" would name the registration's own column
        count: sql<number>`(select count(*)::int from contest_register r where r.cid = "contest"."id")`,
      })
      .from(contest)
      .where(where)
      .orderBy(asc(statusSql(now)), desc(contest.startTime), desc(contest.id))
      .limit(query.limit)
      .offset((query.currentPage - 1) * query.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(contest)
      .where(where),
  ]);
  return page(
    rows.map((r) => contestJson(r.contest, Number(r.count), now)),
    total?.n ?? 0,
    query.currentPage,
    query.limit,
  );
}
