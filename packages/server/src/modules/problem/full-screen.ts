import { asc, eq, sql } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { problem, trainingProblem } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { can } from '../../policy/index.ts';
import { contestFullScreenList } from '../contest/problem-status.ts';
import { trainingFor } from '../training/access.ts';
import { userProblemStatuses } from './counts.ts';

/**
 * reference §3.3 `GET /api/get-full-screen-problem-list`: the problems of a training (of a contest:
 * contest/problem-status.ts) as `{pid, problemId, title, status, score}`, `problemId` being the
 * display id. Statuses follow §7.9 without the pending ones; -10 when never submitted.
 */
export async function fullScreenProblemList(
  db: Db,
  user: AuthUser,
  query: { tid?: number; cid?: number },
  now: Date,
) {
  if (query.cid !== undefined) return contestFullScreenList(db, user, query.cid, now);
  if (query.tid === undefined) throw fail(problemMessages.trainingOrContestRequired);
  await trainingFor(db, user, query.tid);
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
  const visible = rows.filter((r) => can(user, 'training.problem', r));
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
