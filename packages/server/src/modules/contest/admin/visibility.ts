import type { EditorScope } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { contest } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { manageableContest } from './manage.ts';

/**
 * reference §3.12 `PUT /api/admin/contest/change-contest-visible?cid&uid&visible`. HOJ trusts the
 * `uid` parameter ("must be the caller unless root"); Verdict asks the policy about the contest
 * itself (its creator or root), so a forged uid changes nothing.
 */
export async function changeContestVisible(
  db: Db,
  user: AuthUser,
  cid: number,
  visible: boolean,
  now: Date,
  scope?: EditorScope,
) {
  await manageableContest(db, user, cid, now, scope);
  await db.update(contest).set({ visible, gmtModified: now }).where(eq(contest.id, cid));
}
