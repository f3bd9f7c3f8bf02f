import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { JudgeStatus, type ProblemCount } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { judge } from '../../db/schema/index.ts';

/** reference §7.8: which status each counter of `problemCount` counts. */
const COUNTED: Record<number, keyof Omit<ProblemCount, 'pid' | 'total'>> = {
  [JudgeStatus.PRESENTATION_ERROR]: 'pe',
  [JudgeStatus.COMPILE_ERROR]: 'ce',
  [JudgeStatus.WRONG_ANSWER]: 'wa',
  [JudgeStatus.ACCEPTED]: 'ac',
  [JudgeStatus.TIME_LIMIT_EXCEEDED]: 'tle',
  [JudgeStatus.MEMORY_LIMIT_EXCEEDED]: 'mle',
  [JudgeStatus.RUNTIME_ERROR]: 're',
  [JudgeStatus.SYSTEM_ERROR]: 'se',
  [JudgeStatus.PARTIAL_ACCEPTED]: 'pa',
};

export const emptyCount = (pid: number): ProblemCount => ({
  pid,
  total: 0,
  ac: 0,
  wa: 0,
  ce: 0,
  pa: 0,
  tle: 0,
  mle: 0,
  re: 0,
  pe: 0,
  se: 0,
});

/** A problem's counts from `{status: n}` as computed in SQL (see list.ts pageExtras). */
export function countsFromJson(pid: number, byStatus: Record<string, number | string>): ProblemCount {
  const count = emptyCount(pid);
  for (const [status, n] of Object.entries(byStatus)) {
    count.total += Number(n);
    const field = COUNTED[Number(status)];
    if (field) count[field] += Number(n);
  }
  return count;
}

/**
 * reference §7.9 (non-contest): the user's status on each problem — Accepted if any submission was
 * accepted, else the status of the latest one; problems never submitted are left out (-10).
 * `final` skips the pending statuses, as the full-screen list does.
 */
export async function userProblemStatuses(
  db: Db,
  uid: string,
  pids: number[],
  /** `gid`: the user's submissions inside that group instead of the public ones */
  options: { final?: boolean; gid?: number } = {},
): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  if (pids.length === 0) return statuses;
  const inScope = options.gid === undefined ? isNull(judge.gid) : eq(judge.gid, options.gid);
  const conditions = [eq(judge.uid, uid), inArray(judge.pid, pids), eq(judge.cid, 0), inScope];
  if (options.final) conditions.push(sql`${judge.status} not in (5, 6, 7)`);
  const rows = await db
    .selectDistinctOn([judge.pid], {
      pid: judge.pid,
      latest: judge.status,
      accepted: sql<boolean>`bool_or(${judge.status} = 0) over (partition by ${judge.pid})`,
    })
    .from(judge)
    .where(and(...conditions))
    .orderBy(judge.pid, desc(judge.submitTime), desc(judge.submitId));
  for (const row of rows) statuses.set(row.pid, row.accepted ? JudgeStatus.ACCEPTED : row.latest);
  return statuses;
}
