import type { Db } from '../../../db/client.ts';
import { assertCan, type Subject } from '../../../policy/index.ts';
import { contestFacts, loadContest, type ContestRow } from '../facts.ts';

/**
 * The contest a staff call names, after its rule (policy/rules/contest.ts): `contest.print` for a
 * participant's print, `contest.staff` for the contest admins' screens (reference §3.6, §7.18).
 * A missing contest is "does not exist"; an invisible one answers the same to all but its admins.
 */
export async function contestFor(
  db: Db,
  user: Subject,
  cid: number,
  action: 'contest.print' | 'contest.staff',
  now: Date,
): Promise<ContestRow> {
  const row = await loadContest(db, cid);
  assertCan(user, action, await contestFacts(db, row, user, now));
  return row;
}
