import { and, asc, eq, sql } from 'drizzle-orm';
import { JudgeStatus, PROBLEM_AUTH } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { problem, training, trainingProblem, trainingRegister } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, forbidden, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { userProblemStatuses } from './counts.ts';
import { isProblemManager, isRoot } from './visibility.ts';

/**
 * reference §7.13: who may use a training. It must exist and be visible; a Private one needs a
 * registration that is not banned, unless the caller is its author or root. Group trainings need
 * the group rules (not available yet).
 */
export async function assertTrainingAccess(db: Db, user: AuthUser, tid: number) {
  const [row] = await db.select().from(training).where(eq(training.id, tid));
  if (!row || (!row.status && !isRoot(user))) throw notFound(problemMessages.trainingNotFound);
  if (row.isGroup || row.gid !== null) throw fail(problemMessages.groupsNotAvailable);
  if (row.auth === 'Private' && row.author !== user.username && !isRoot(user)) {
    const [registration] = await db
      .select({ status: trainingRegister.status })
      .from(trainingRegister)
      .where(and(eq(trainingRegister.tid, tid), eq(trainingRegister.uid, user.uid)));
    if (!registration?.status) throw forbidden(problemMessages.trainingNotRegistered);
  }
  return row;
}

/**
 * reference §3.3 `GET /api/get-full-screen-problem-list`: the problems of a training (the contest
 * variant comes with contests) as `{pid, problemId, title, status, score}`, `problemId` being the
 * display id. Statuses follow §7.9 without the pending ones; -10 when never submitted.
 */
export async function fullScreenProblemList(db: Db, user: AuthUser, query: { tid?: number; cid?: number }) {
  if (query.cid !== undefined) throw fail(problemMessages.contestsNotAvailable);
  if (query.tid === undefined) throw fail(problemMessages.trainingOrContestRequired);
  await assertTrainingAccess(db, user, query.tid);
  const rows = await db
    .select({
      pid: problem.id,
      problemId: trainingProblem.displayId,
      title: problem.title,
      auth: problem.auth,
    })
    .from(trainingProblem)
    .innerJoin(problem, eq(problem.id, trainingProblem.pid))
    .where(eq(trainingProblem.tid, query.tid))
    .orderBy(
      asc(trainingProblem.rank),
      sql`length(${trainingProblem.displayId})`,
      asc(trainingProblem.displayId),
    );
  // reference §7.7: only public problems are shown outside the admin roles
  const visible = rows.filter((r) => r.auth === PROBLEM_AUTH.public || isProblemManager(user));
  const statuses = await userProblemStatuses(
    db,
    user.uid,
    visible.map((r) => r.pid),
    { final: true },
  );
  return visible.map((r) => ({
    pid: r.pid,
    problemId: r.problemId,
    title: r.title,
    status: statuses.get(r.pid) ?? JudgeStatus.NOT_SUBMITTED,
    score: null,
  }));
}
