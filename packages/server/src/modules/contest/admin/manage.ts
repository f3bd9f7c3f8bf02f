import type { EditorScope } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { rowInScope } from '../../../db/scope.ts';
import { notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { assertCan } from '../../../policy/index.ts';
import { contestFacts, loadContest, type ContestRow } from '../facts.ts';

/**
 * The contest `cid` if the caller manages it (reference §2: root, the creator, or a group root of
 * its group; policy 'contest.manage'), else the policy's refusal. A missing contest answers the
 * reference's "contest does not exist", and so does one of another scope when a scope is given (the
 * group calls never reach the site's contests).
 */
export async function manageableContest(
  db: Db,
  user: AuthUser,
  cid: number,
  now: Date,
  scope?: EditorScope,
): Promise<ContestRow> {
  const row = await loadContest(db, cid);
  if (scope && !rowInScope(row, scope)) throw notFound(problemMessages.contestNotFound);
  assertCan(user, 'contest.manage', await contestFacts(db, row, user, now));
  return row;
}
