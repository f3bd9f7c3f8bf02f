import type { Db } from '../../../db/client.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { assertCan } from '../../../policy/index.ts';
import { contestFacts, loadContest, type ContestRow } from '../facts.ts';

/**
 * The contest `cid` if the caller manages it (reference §2: root, the creator, or a group root of
 * its group; policy 'contest.manage'), else the policy's refusal. A missing contest answers the
 * reference's "contest does not exist".
 */
export async function manageableContest(db: Db, user: AuthUser, cid: number, now: Date): Promise<ContestRow> {
  const row = await loadContest(db, cid);
  assertCan(user, 'contest.manage', await contestFacts(db, row, user, now));
  return row;
}
