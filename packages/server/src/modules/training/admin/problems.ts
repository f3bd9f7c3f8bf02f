import { and, eq, sql } from 'drizzle-orm';
import {
  addTrainingProblemBody,
  PROBLEM_AUTH,
  type EditorScope,
  TRAINING_ADMIN_MESSAGES,
  trainingProblemBody,
} from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { problem, training, trainingProblem } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import { trainingScope } from '../../submission/lifecycle/scopes.ts';
import { isUniqueViolation } from '../../admin/unique.ts';
import { parseFormInput } from '../../contest/admin/input.ts';
import { deleteProblem } from '../../problem/admin/service.ts';
import { trainingProblemJson } from './json.ts';
import { manageableTraining } from './manage.ts';
import { trainingAdminMessages } from './messages.ts';

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
export async function addProblemFromPublic(
  db: Db,
  user: AuthUser,
  body: unknown,
  now: Date,
  scope?: EditorScope,
) {
  const input = parseFormInput(addTrainingProblemBody, body, TRAINING_ADMIN_MESSAGES);
  await manageableTraining(db, user, input.tid, scope);
  const [target] = await db.select().from(problem).where(eq(problem.id, input.pid));
  if (!target) throw notFound(problemMessages.problemNotFound);
  if (target.auth !== PROBLEM_AUTH.public || target.isGroup)
    throw fail(trainingAdminMessages.problemNotPublic);
  assertDisplayId(input.displayId, target.problemId);
  return linkProblem(db, input.tid, target, now);
}

/**
 * reference §3.10 `POST /api/group/add-training-problem-from-group?problemId&tid`: a problem of the
 * training's own group, by its problem id, joins the training as a public one does.
 */
export async function addProblemFromGroup(db: Db, user: AuthUser, problemId: string, tid: number, now: Date) {
  const row = await manageableTraining(db, user, tid);
  const [target] = await db
    .select()
    .from(problem)
    .where(and(eq(problem.problemId, problemId.trim().toUpperCase()), eq(problem.isGroup, true)));
  if (!target || row.gid === null || target.gid !== row.gid) throw notFound(problemMessages.problemNotFound);
  return linkProblem(db, tid, target, now);
}

/**
 * The problem joins the training once, last in its order. For a Private training the registered
 * users' earlier submissions of it become records (the lifecycle's training scope), in the same
 * transaction.
 */
export async function linkProblem(db: Db, tid: number, target: { id: number; problemId: string }, now: Date) {
  try {
    return await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ rank: sql<number | null>`max(${trainingProblem.rank})` })
        .from(trainingProblem)
        .where(eq(trainingProblem.tid, tid));
      const [link] = await tx
        .insert(trainingProblem)
        .values({
          tid,
          pid: target.id,
          displayId: target.problemId,
          rank: (last?.rank ?? 0) + 1,
          gmtCreate: now,
          gmtModified: now,
        })
        .returning();
      await trainingScope.onProblemAdded(tx, tid, link!.id);
      await tx.update(training).set({ gmtModified: now }).where(eq(training.id, tid));
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
export async function updateTrainingProblem(
  db: Db,
  user: AuthUser,
  body: unknown,
  now: Date,
  scope?: EditorScope,
) {
  const input = parseFormInput(trainingProblemBody, body, TRAINING_ADMIN_MESSAGES);
  const [link] = await db
    .select({ link: trainingProblem, problemId: problem.problemId })
    .from(trainingProblem)
    .innerJoin(problem, eq(problem.id, trainingProblem.pid))
    .where(eq(trainingProblem.id, input.id));
  if (!link || (input.tid && input.tid !== link.link.tid) || (input.pid && input.pid !== link.link.pid))
    throw notFound(trainingAdminMessages.trainingProblemNotFound);
  await manageableTraining(db, user, link.link.tid, scope);
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
