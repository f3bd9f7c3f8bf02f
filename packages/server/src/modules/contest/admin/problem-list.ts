import { and, asc, count, eq, ne, or } from 'drizzle-orm';
import { PROBLEM_AUTH, type adminContestProblemListQuery, type ContestProblemLink } from '@verdict/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { contestProblem, problem } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { page } from '../../../http/envelope.ts';
import { problemJson } from '../../problem/json.ts';
import { ojCondition } from '../../problem/query.ts';
import { adminProblemKeyword, newestProblemPage } from '../../problem/admin/picker.ts';
import { contestProblemJson } from './json.ts';
import { manageableContest } from './manage.ts';

type Query = z.output<typeof adminContestProblemListQuery>;

/**
 * reference §3.12 `GET /api/admin/contest/get-problem-list` (the contest's admins):
 * `{problemList: IPage<Problem>, contestProblemMap: {pid: ContestProblem}}`. Without `problemType`
 * the contest's problems by display id; with it the candidates of the bank: non-group, of that type
 * or remote, not hidden (auth ≠ 2), not in the contest yet. Keyword: title, problem id or author.
 */
export async function contestProblemList(db: Db, user: AuthUser, query: Query, now: Date) {
  await manageableContest(db, user, query.cid, now);
  const links = await db.select().from(contestProblem).where(eq(contestProblem.cid, query.cid));
  const keyword = adminProblemKeyword(query.keyword);

  if (query.problemType === undefined) {
    const where = and(eq(contestProblem.cid, query.cid), keyword);
    const [rows, [total]] = await Promise.all([
      db
        .select({ problem, link: contestProblem })
        .from(contestProblem)
        .innerJoin(problem, eq(problem.id, contestProblem.pid))
        .where(where)
        .orderBy(asc(contestProblem.displayId))
        .limit(query.limit)
        .offset((query.currentPage - 1) * query.limit),
      db
        .select({ n: count() })
        .from(contestProblem)
        .innerJoin(problem, eq(problem.id, contestProblem.pid))
        .where(where),
    ]);
    return answer(
      rows.map((r) => r.problem),
      total?.n ?? 0,
      query,
      rows.map((r) => r.link),
    );
  }

  const { rows, total } = await newestProblemPage(
    db,
    [
      eq(problem.isGroup, false),
      or(eq(problem.type, query.problemType), eq(problem.isRemote, true)),
      ne(problem.auth, PROBLEM_AUTH.hidden),
      ojCondition(query.oj),
      keyword,
    ],
    links.map((l) => l.pid),
    query.currentPage,
    query.limit,
  );
  return answer(rows, total, query, links);
}

function answer(
  rows: (typeof problem.$inferSelect)[],
  total: number,
  query: Query,
  links: (typeof contestProblem.$inferSelect)[],
) {
  const contestProblemMap: Record<number, ContestProblemLink> = {};
  for (const link of links) contestProblemMap[link.pid] = contestProblemJson(link);
  return {
    problemList: page(
      rows.map((row) => problemJson(row)),
      total,
      query.currentPage,
      query.limit,
    ),
    contestProblemMap,
  };
}
