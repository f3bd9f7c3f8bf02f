import { asc, eq, sql } from 'drizzle-orm';
import { PROBLEM_AUTH, type adminTrainingProblemListQuery, type EditorScope } from '@verdict/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { problem, trainingProblem } from '../../../db/schema/index.ts';
import { inScope } from '../../../db/scope.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { linkedProblemAnswer, linkedProblemPage } from '../../problem/admin/linked-problems.ts';
import { adminProblemKeyword, newestProblemPage } from '../../problem/admin/picker.ts';
import { trainingProblemJson } from './json.ts';
import { manageableTraining } from './manage.ts';

type Query = z.output<typeof adminTrainingProblemListQuery>;

/**
 * reference §3.12 `GET /api/admin/training/get-problem-list` (the training's managers):
 * `{problemList: IPage<Problem>, trainingProblemMap: {pid: TrainingProblem}}` (the map: all the
 * training's links). `queryExisted` true: the training's problems by rank; false: the candidates of
 * the scope's bank (public, not in the training yet; reference §7.13), newest first. Keyword: title,
 * problem id or author.
 */
export async function trainingProblemList(db: Db, user: AuthUser, query: Query, scope: EditorScope) {
  await manageableTraining(db, user, query.tid);
  const links = await db.select().from(trainingProblem).where(eq(trainingProblem.tid, query.tid));
  const keyword = adminProblemKeyword(query.keyword);

  const { rows, total } = query.queryExisted
    ? await linkedProblemPage(
        db,
        {
          table: trainingProblem,
          pid: trainingProblem.pid,
          owner: eq(trainingProblem.tid, query.tid),
          orderBy: [
            asc(trainingProblem.rank),
            sql`length(${trainingProblem.displayId})`,
            asc(trainingProblem.displayId),
          ],
        },
        keyword,
        query,
      )
    : await newestProblemPage(
        db,
        [inScope(problem, scope), eq(problem.auth, PROBLEM_AUTH.public), keyword],
        links.map((l) => l.pid),
        query.currentPage,
        query.limit,
      );
  const { problemList, byPid } = linkedProblemAnswer(rows, total, query, links, trainingProblemJson);
  return { problemList, trainingProblemMap: byPid };
}
