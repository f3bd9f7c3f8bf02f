import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contest, contestProblem, judge } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { notFound } from '../../../http/errors.ts';
import { assertCan } from '../../../policy/index.ts';
import * as lifecycle from '../../submission/lifecycle/transitions.ts';
import { viewOf } from '../access.ts';
import { loadContest } from '../facts.ts';
import { staffMessages } from './messages.ts';

/**
 * reference §3.4 `rejudge-contest-problem`, §6.4 "Rejudge contest problem": every submission of one
 * problem in one contest goes back to Pending through the submission lifecycle (`requeue`), which
 * resets their contest records. Who may: the policy's `contest.rejudge` (site root in every contest;
 * Verdict: a group contest's contest admins in theirs); the route needs a login only. The contest
 * must exist and hold the problem. Answers how many were queued.
 */
export async function rejudgeContestProblem(db: Db, user: AuthUser, cid: number, pid: number, now: Date) {
  const [known] = await db.select({ id: contest.id }).from(contest).where(eq(contest.id, cid));
  // a missing contest: not found for site root, "no permission" for everyone else (as the route gate said)
  if (!known) assertCan(user, 'contest.rejudge', undefined);
  const view = await viewOf(db, await loadContest(db, cid), user, now);
  assertCan(user, 'contest.rejudge', view.facts);
  const [cp] = await db
    .select({ id: contestProblem.id })
    .from(contestProblem)
    .where(and(eq(contestProblem.cid, cid), eq(contestProblem.pid, pid)));
  if (!cp) throw notFound(staffMessages.contestProblemNotFound);
  return (await lifecycle.requeue(db, and(eq(judge.cid, cid), eq(judge.pid, pid))!, 'rejudge', now)).length;
}
