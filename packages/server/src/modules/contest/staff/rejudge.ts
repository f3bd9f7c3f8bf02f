import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contestProblem, judge } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { notFound } from '../../../http/errors.ts';
import * as lifecycle from '../../submission/lifecycle/transitions.ts';
import { contestFor } from '../access.ts';
import { staffMessages } from './messages.ts';

/**
 * reference §3.4 `rejudge-contest-problem`, §6.4 "Rejudge contest problem": every submission of one
 * problem in one contest goes back to Pending through the submission lifecycle (`requeue`), which
 * resets their contest records. The route is root's (R(root) + P(rejudge)); the contest must exist
 * and hold the problem. Answers how many were queued.
 */
export async function rejudgeContestProblem(db: Db, user: AuthUser, cid: number, pid: number, now: Date) {
  await contestFor(db, user, cid, now, 'contest.staff');
  const [cp] = await db
    .select({ id: contestProblem.id })
    .from(contestProblem)
    .where(and(eq(contestProblem.cid, cid), eq(contestProblem.pid, pid)));
  if (!cp) throw notFound(staffMessages.contestProblemNotFound);
  return (await lifecycle.requeue(db, and(eq(judge.cid, cid), eq(judge.pid, pid))!, 'rejudge', now)).length;
}
