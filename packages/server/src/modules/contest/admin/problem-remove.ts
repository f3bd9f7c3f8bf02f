import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contestProblem } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { notFound } from '../../../http/errors.ts';
import { deleteContestProblemSubmissions } from '../../submission/lifecycle/removal.ts';
import { deleteProblem } from '../../problem/admin/service.ts';
import { manageableContest } from './manage.ts';
import { contestAdminMessages } from './messages.ts';

/**
 * reference §3.12 `DELETE /api/admin/contest/problem?pid&cid` (R(root|problem_admin)). With `cid`
 * the problem leaves the contest **with the contest's submissions of it** (and their records), in
 * one transaction; the web form says so in its confirmation. Verdict also asks the policy: the
 * caller must manage that contest. The problem itself stays, contest-only. Without `cid` the
 * problem is deleted, as `DELETE /api/admin/problem` does. Answers how many submissions went.
 */
export async function removeContestProblem(
  db: Db,
  user: AuthUser,
  pid: number,
  cid: number | undefined,
  now: Date,
): Promise<{ submissionsDeleted: number }> {
  if (!cid) {
    await deleteProblem(db, pid);
    return { submissionsDeleted: 0 };
  }
  await manageableContest(db, user, cid, now);
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(contestProblem)
      .where(and(eq(contestProblem.cid, cid), eq(contestProblem.pid, pid)))
      .returning({ id: contestProblem.id });
    if (gone.length === 0) throw notFound(contestAdminMessages.contestProblemNotFound);
    return { submissionsDeleted: await deleteContestProblemSubmissions(tx, cid, pid) };
  });
}
