import { and, eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { judge, problem } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import * as lifecycle from '../../submission/lifecycle/transitions.ts';

/**
 * The admin's judging calls (reference §3.4 `/api/admin/judge/*`, §6.4). They find their targets;
 * the state changes and what follows from them (case rows, solved problems, contest records) are
 * the submission lifecycle's (`submission/lifecycle/`).
 */

/** reference §3.4 `GET /api/admin/judge/rejudge`. */
export async function rejudgeOne(db: Db, submitId: number, now: Date) {
  const [row] = await lifecycle.requeue(db, eq(judge.submitId, submitId), 'rejudge', now);
  if (!row) throw notFound(problemMessages.submissionNotFound);
  return row;
}

/**
 * reference §3.4 `GET /api/admin/judge/rejudge-contest-problem`: the contest staff's
 * (contest/staff/rejudge.ts, policy `contest.rejudge`).
 */
export { rejudgeContestProblem } from '../../contest/staff/rejudge.ts';

/** Verdict: every non-contest submission of a problem (after its test data changed). */
export async function rejudgeProblem(db: Db, pid: number, now: Date) {
  const [row] = await db.select({ id: problem.id }).from(problem).where(eq(problem.id, pid));
  if (!row) throw notFound(problemMessages.problemNotFound);
  return (await lifecycle.requeue(db, and(eq(judge.pid, pid), eq(judge.cid, 0))!, 'rejudge', now)).length;
}

/** reference §3.4 `GET /api/admin/judge/manual-judge`, §6.4, spec part 1 §4. */
export async function manualJudge(
  db: Db,
  admin: AuthUser,
  input: { submitId: number; status: number; score?: number },
) {
  const { submitId, judger, status, score, oiRankScore } = await lifecycle.manualJudge(
    db,
    admin.username,
    input,
  );
  return { submitId, judger, status, score, oiRankScore };
}

/** reference §3.4 `GET /api/admin/judge/cancel-judge`, §6.4. */
export async function cancelJudge(db: Db, admin: AuthUser, submitId: number, now: Date) {
  await lifecycle.cancel(db, admin.username, submitId, now);
  return { submitId, judger: admin.username, status: JudgeStatus.CANCELLED };
}
