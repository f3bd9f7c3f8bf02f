import { and, eq } from 'drizzle-orm';
import { judge } from '../../../db/schema/index.ts';
import type { Tx } from './scopes.ts';

/**
 * reference §3.12 `DELETE /api/admin/contest/problem?pid&cid`: a problem leaves a contest with the
 * contest's submissions of it. The judge rows go; their scopes' rows (contest_record, judge_case,
 * user_acproblem) follow by cascade and the status counters by trigger, in the caller's
 * transaction. A worker still judging one of them finds no row to report to and stops (its reports
 * change nothing). Answers how many went.
 */
export async function deleteContestProblemSubmissions(tx: Tx, cid: number, pid: number): Promise<number> {
  const gone = await tx
    .delete(judge)
    .where(and(eq(judge.cid, cid), eq(judge.pid, pid)))
    .returning({ submitId: judge.submitId });
  return gone.length;
}
