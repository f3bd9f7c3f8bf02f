import type { ContestFacts } from '../../policy/resources.ts';
import type { Db } from '../../db/client.ts';
import { assertCan, can } from '../../policy/index.ts';
import type { Subject } from '../../policy/subjects.ts';
import { contestFacts, loadContest, type ContestRow } from './facts.ts';

/** The contest rules a call checks before it reads anything of the contest (reference §7.18). */
export type ContestAction =
  | 'contest.info'
  | 'contest.enter'
  | 'contest.problems'
  | 'contest.submit'
  | 'contest.print'
  | 'contest.staff'
  | 'contest.outsideBoard';

/** A contest as one caller sees it at one instant. */
export interface ContestView {
  row: ContestRow;
  facts: ContestFacts;
  now: Date;
  /** root, the creator or a group root (reference §2) */
  admin: boolean;
  /** the board's seal holds for this caller: sealed now and not a contest admin (reference §9.2) */
  sealed: boolean;
}

/** The view of a loaded contest row for `user` at `now`, without checking any rule. */
export async function viewOf(db: Db, row: ContestRow, user: Subject, now: Date): Promise<ContestView> {
  const facts = await contestFacts(db, row, user, now);
  const admin = can(user, 'contest.manage', facts);
  return { row, facts, now, admin, sealed: !can(user, 'contest.realTime', facts) };
}

/**
 * Loads contest `cid` and checks `action` for `user` (policy/rules/contest.ts). A contest that is
 * invisible to the caller answers exactly as one that does not exist (reference §7.18).
 */
export async function contestFor(
  db: Db,
  user: Subject,
  cid: number,
  now: Date,
  action: ContestAction,
): Promise<ContestView> {
  const row = await loadContest(db, cid);
  const view = await viewOf(db, row, user, now);
  assertCan(user, action, view.facts);
  return view;
}
