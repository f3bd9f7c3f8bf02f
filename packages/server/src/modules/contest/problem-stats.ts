import { sql } from 'drizzle-orm';
import { CONTEST_TYPE, JudgeStatus } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { ContestView } from './access.ts';
import { countedWindowSql, rankedSubmitterSql } from './window.ts';

/**
 * reference §7.8: a contest's submissions per problem and status, counted from the start up to the
 * seal time (sealed for the caller) or the end (or on, with `afterEnd`), leaving out the contest's
 * creator, roots and group roots. Answers pid → status → count.
 */
export async function contestProblemCounts(
  db: Db,
  view: ContestView,
  afterEnd: boolean,
): Promise<Map<number, Map<number, number>>> {
  const rows = await queryRows<{ pid: string | number; status: number; n: string | number }>(
    db,
    sql`select j.pid, j.status, count(*) as n from judge j
      where j.cid = ${view.row.id} and ${countedWindowSql(view, afterEnd)} and ${rankedSubmitterSql(view)}
      group by j.pid, j.status`,
  );
  const counts = new Map<number, Map<number, number>>();
  for (const r of rows) {
    const pid = Number(r.pid);
    if (!counts.has(pid)) counts.set(pid, new Map());
    counts.get(pid)!.set(r.status, Number(r.n));
  }
  return counts;
}

/** The AC count and the total of one problem's counts. */
export function acAndTotal(byStatus: Map<number, number> | undefined): { ac: number; total: number } {
  let total = 0;
  for (const n of byStatus?.values() ?? []) total += n;
  return { ac: byStatus?.get(JudgeStatus.ACCEPTED) ?? 0, total };
}

export interface ContestProblemStatus {
  status: number;
  score: number | null;
}

/**
 * reference §7.9 (contest lists): the caller's status on each problem of the contest, from their
 * submissions in it newest first. ACM: Accepted if any was, else the latest status. OI: the latest
 * status and score, but while the board is sealed for the caller `{-5, null}` (Submitted Unknown
 * Result). Submissions at or after the end are ignored unless `afterEnd`. Problems never submitted
 * are left out (the caller answers -10). `final` skips the pending statuses (the full-screen list).
 */
export async function contestUserStatuses(
  db: Db,
  view: ContestView,
  uid: string,
  pids: number[],
  options: { afterEnd: boolean; final?: boolean },
): Promise<Map<number, ContestProblemStatus>> {
  const statuses = new Map<number, ContestProblemStatus>();
  if (pids.length === 0) return statuses;
  const end = options.afterEnd
    ? sql``
    : sql` and j.submit_time < ${view.row.endTime.toISOString()}::timestamptz`;
  const pending = options.final ? sql` and j.status not in (5, 6, 7)` : sql``;
  const rows = await queryRows<{
    pid: string | number;
    status: number;
    score: number | null;
    accepted: boolean;
  }>(
    db,
    sql`select distinct on (j.pid) j.pid, j.status, j.score,
        bool_or(j.status = 0) over (partition by j.pid) as accepted
      from judge j
      where j.cid = ${view.row.id} and j.uid = ${uid}
        and j.pid in (${sql.join(
          pids.map((p) => sql`${p}`),
          sql`, `,
        )})${end}${pending}
      order by j.pid, j.submit_time desc, j.submit_id desc`,
  );
  const oi = view.row.type === CONTEST_TYPE.oi;
  for (const r of rows) {
    const pid = Number(r.pid);
    if (oi && view.sealed) statuses.set(pid, { status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT, score: null });
    else if (oi) statuses.set(pid, { status: r.status, score: r.score });
    else statuses.set(pid, { status: r.accepted ? JudgeStatus.ACCEPTED : r.status, score: null });
  }
  return statuses;
}
