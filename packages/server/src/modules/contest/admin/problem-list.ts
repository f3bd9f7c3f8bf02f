import { asc, eq, ne, or } from 'drizzle-orm';
import { PROBLEM_AUTH, type adminContestProblemListQuery, type EditorScope } from '@verdict/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { contestProblem, problem } from '../../../db/schema/index.ts';
import { inScope } from '../../../db/scope.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { ojCondition } from '../../problem/query.ts';
import { linkedProblemAnswer, linkedProblemPage } from '../../problem/admin/linked-problems.ts';
import { adminProblemKeyword, newestProblemPage } from '../../problem/admin/picker.ts';
import { contestProblemJson } from './json.ts';
import { manageableContest } from './manage.ts';

type Query = z.output<typeof adminContestProblemListQuery>;

/**
 * reference §3.12 `GET /api/admin/contest/get-problem-list` (the contest's admins):
 * `{problemList: IPage<Problem>, contestProblemMap: {pid: ContestProblem}}`. Without `problemType`
 * the contest's problems by display id (the map: those of the page); with it the candidates of the
 * scope's bank: of that type or remote, not hidden (auth ≠ 2), not in the contest yet. Keyword:
 * title, problem id or author.
 */
export async function contestProblemList(
  db: Db,
  user: AuthUser,
  query: Query,
  now: Date,
  scope: EditorScope,
) {
  await manageableContest(db, user, query.cid, now);
  const links = await db.select().from(contestProblem).where(eq(contestProblem.cid, query.cid));
  const keyword = adminProblemKeyword(query.keyword);

  if (query.problemType === undefined) {
    const { rows, total } = await linkedProblemPage(
      db,
      {
        table: contestProblem,
        pid: contestProblem.pid,
        owner: eq(contestProblem.cid, query.cid),
        orderBy: [asc(contestProblem.displayId)],
      },
      keyword,
      query,
    );
    const shown = new Set(rows.map((row) => row.id));
    return answer(
      rows,
      total,
      query,
      links.filter((link) => shown.has(link.pid)),
    );
  }

  const { rows, total } = await newestProblemPage(
    db,
    [
      inScope(problem, scope),
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
  const { problemList, byPid } = linkedProblemAnswer(rows, total, query, links, contestProblemJson);
  return { problemList, contestProblemMap: byPid };
}
