import { sql, type SQL } from 'drizzle-orm';
import { ROLES } from '@verdict/shared';
import type { ContestView } from './access.ts';

/**
 * Whether submissions after the end count for this caller: asked for (`containsEnd`, the 'include
 * submissions after the contest' switch), allowed by the contest (allowEndSubmit) and the board not
 * sealed for the caller (reference §7.8, §7.9, §9.1).
 */
export function includesAfterEnd(view: ContestView, containsEnd: boolean | undefined): boolean {
  return !!containsEnd && view.row.allowEndSubmit && !view.sealed;
}

/**
 * The contest's window of `judge` rows (alias `j`) that count in its figures: from the start up to
 * the seal time when sealed for the caller, else up to the end (or on, with `afterEnd`).
 */
export function countedWindowSql(view: ContestView, afterEnd: boolean): SQL {
  const start = sql`j.submit_time >= ${view.row.startTime.toISOString()}::timestamptz`;
  if (view.sealed && view.row.sealRankTime)
    return sql`${start} and j.submit_time < ${view.row.sealRankTime.toISOString()}::timestamptz`;
  if (afterEnd) return start;
  return sql`${start} and j.submit_time < ${view.row.endTime.toISOString()}::timestamptz`;
}

/**
 * reference §7.8, §9.1: the submitters whose submissions never count in a contest's figures — its
 * creator, every root, and for a group contest the group's roots — as a condition on `j.uid`.
 */
export function rankedSubmitterSql(view: ContestView): SQL {
  const groupRoots = view.row.gid
    ? sql` and j.uid not in (select gm.uid from group_member gm where gm.gid = ${view.row.gid} and gm.auth = 5)`
    : sql``;
  return sql`j.uid <> ${view.row.uid}
    and j.uid not in (select ur.uid from user_role ur where ur.role_id = ${ROLES.root.id})${groupRoots}`;
}
