import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  addTrainingProblemBody,
  PROBLEM_AUTH,
  TRAINING_ADMIN_MESSAGES,
  trainingProblemBody,
  type adminTrainingProblemListQuery,
  type TrainingProblemLink,
} from '@verdict/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { problem, training, trainingProblem } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { page } from '../../../http/envelope.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import { problemJson } from '../../problem/json.ts';
import { trainingScope } from '../../submission/lifecycle/scopes.ts';
import { isUniqueViolation } from '../../admin/unique.ts';
import { parseFormInput } from '../../contest/admin/input.ts';
import { adminProblemKeyword, newestProblemPage } from '../../problem/admin/picker.ts';
import { deleteProblem } from '../../problem/admin/service.ts';
import { trainingProblemJson } from './json.ts';
import { manageableTraining } from './manage.ts';
import { trainingAdminMessages } from './messages.ts';

type Query = z.output<typeof adminTrainingProblemListQuery>;
type LinkRow = typeof trainingProblem.$inferSelect;

/**
 * reference §3.12 `GET /api/admin/training/get-problem-list` (the training's managers):
 * `{problemList: IPage<Problem>, trainingProblemMap: {pid: TrainingProblem}}`. `queryExisted`
 * true: the training's problems by rank; false: the candidates of the public bank (public, non-group,
 * not in the training yet; reference §7.13), newest first. Keyword: title, problem id or author.
 */
export async function trainingProblemList(db: Db, user: AuthUser, query: Query) {
  await manageableTraining(db, user, query.tid);
  const links = await db.select().from(trainingProblem).where(eq(trainingProblem.tid, query.tid));
  const keyword = adminProblemKeyword(query.keyword);

  if (query.queryExisted) {
    const where = and(eq(trainingProblem.tid, query.tid), keyword);
    const [rows, [total]] = await Promise.all([
      db
        .select({ problem })
        .from(trainingProblem)
        .innerJoin(problem, eq(problem.id, trainingProblem.pid))
        .where(where)
        .orderBy(
          asc(trainingProblem.rank),
          sql`length(${trainingProblem.displayId})`,
          asc(trainingProblem.displayId),
        )
        .limit(query.limit)
        .offset((query.currentPage - 1) * query.limit),
      db
        .select({ n: count() })
        .from(trainingProblem)
        .innerJoin(problem, eq(problem.id, trainingProblem.pid))
        .where(where),
    ]);
    return answer(
      rows.map((r) => r.problem),
      total?.n ?? 0,
      query,
      links,
    );
  }

  const { rows, total } = await newestProblemPage(
    db,
    [eq(problem.isGroup, false), eq(problem.auth, PROBLEM_AUTH.public), keyword],
    links.map((l) => l.pid),
    query.currentPage,
    query.limit,
  );
  return answer(rows, total, query, links);
}

function answer(rows: (typeof problem.$inferSelect)[], total: number, query: Query, links: LinkRow[]) {
  const trainingProblemMap: Record<number, TrainingProblemLink> = {};
  for (const link of links) trainingProblemMap[link.pid] = trainingProblemJson(link);
  return {
    problemList: page(
      rows.map((row) => problemJson(row)),
      total,
      query.currentPage,
      query.limit,
    ),
    trainingProblemMap,
  };
}

/** A training problem's display id is its problem's id (reference §4.5: a foreign key to problem.problem_id). */
function assertDisplayId(displayId: string | null | undefined, problemId: string) {
  if (displayId && displayId.toUpperCase() !== problemId)
    throw fail(trainingAdminMessages.displayIdIsProblemId);
}

/**
 * reference §3.12 `POST /api/admin/training/add-problem-from-public` `{pid, tid, displayId}`: a
 * public problem of the bank (§7.13: only public problems count in a training) joins the training
 * once, last in its order. For a Private training the registered users' earlier submissions of it
 * become records (the lifecycle's training scope), in the same transaction.
 */
export async function addProblemFromPublic(db: Db, user: AuthUser, body: unknown, now: Date) {
  const input = parseFormInput(addTrainingProblemBody, body, TRAINING_ADMIN_MESSAGES);
  await manageableTraining(db, user, input.tid);
  const [target] = await db.select().from(problem).where(eq(problem.id, input.pid));
  if (!target) throw notFound(problemMessages.problemNotFound);
  if (target.auth !== PROBLEM_AUTH.public || target.isGroup)
    throw fail(trainingAdminMessages.problemNotPublic);
  assertDisplayId(input.displayId, target.problemId);
  try {
    return await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ rank: sql<number | null>`max(${trainingProblem.rank})` })
        .from(trainingProblem)
        .where(eq(trainingProblem.tid, input.tid));
      const [link] = await tx
        .insert(trainingProblem)
        .values({
          tid: input.tid,
          pid: target.id,
          displayId: target.problemId,
          rank: (last?.rank ?? 0) + 1,
          gmtCreate: now,
          gmtModified: now,
        })
        .returning();
      await trainingScope.onProblemAdded(tx, input.tid, link!.id);
      await tx.update(training).set({ gmtModified: now }).where(eq(training.id, input.tid));
      return trainingProblemJson(link!);
    });
  } catch (error) {
    // the unique (tid, pid) key: already in the training (also two adds sent at once)
    if (isUniqueViolation(error)) throw fail(trainingAdminMessages.problemAlreadyInTraining);
    throw error;
  }
}

/**
 * reference §3.12 `PUT /api/admin/training/problem` body TrainingProblem (R(root|problem_admin)):
 * the order (`rank`) of a problem in the training; its display id stays its problem's id.
 */
export async function updateTrainingProblem(db: Db, user: AuthUser, body: unknown, now: Date) {
  const input = parseFormInput(trainingProblemBody, body, TRAINING_ADMIN_MESSAGES);
  const [link] = await db
    .select({ link: trainingProblem, problemId: problem.problemId })
    .from(trainingProblem)
    .innerJoin(problem, eq(problem.id, trainingProblem.pid))
    .where(eq(trainingProblem.id, input.id));
  if (!link || (input.tid && input.tid !== link.link.tid) || (input.pid && input.pid !== link.link.pid))
    throw notFound(trainingAdminMessages.trainingProblemNotFound);
  await manageableTraining(db, user, link.link.tid);
  assertDisplayId(input.displayId, link.problemId);
  const [row] = await db
    .update(trainingProblem)
    .set({ rank: input.rank ?? link.link.rank, gmtModified: now })
    .where(eq(trainingProblem.id, input.id))
    .returning();
  return trainingProblemJson(row!);
}

/**
 * reference §3.12 `DELETE /api/admin/training/problem?pid&tid` (R(root|problem_admin)): with `tid`
 * the problem leaves the training (its records go by cascade; the submissions stay); without it
 * the problem is deleted, as `DELETE /api/admin/problem` does.
 */
export async function removeTrainingProblem(
  db: Db,
  user: AuthUser,
  pid: number,
  tid: number | undefined,
  now: Date,
) {
  if (!tid) {
    await deleteProblem(db, pid);
    return;
  }
  await manageableTraining(db, user, tid);
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(trainingProblem)
      .where(and(eq(trainingProblem.tid, tid), eq(trainingProblem.pid, pid)))
      .returning({ id: trainingProblem.id });
    if (gone.length === 0) throw notFound(trainingAdminMessages.trainingProblemNotFound);
    await tx.update(training).set({ gmtModified: now }).where(eq(training.id, tid));
  });
}
