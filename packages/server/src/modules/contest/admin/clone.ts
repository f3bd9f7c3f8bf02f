import { CONTEST_ADMIN_LIMITS } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { contest } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { contestStatusAt } from '../facts.ts';
import { manageableContest } from './manage.ts';
import { contestAdminMessages } from './messages.ts';

/**
 * reference §3.12 `GET /api/admin/contest/clone?cid=` (its creator or root): a copy of the settings
 * owned by the caller, titled "<title> [Cloned]", `source` = the original's id. As in the
 * reference, problems, announcements and registrations are not copied: the copy's problems are
 * added anew (a problem of the original stays contest-only in it). Answers the copy's id.
 */
export async function cloneContest(db: Db, user: AuthUser, cid: number, now: Date) {
  const original = await manageableContest(db, user, cid, now);
  const { id: _id, gmtCreate: _c, gmtModified: _m, ...settings } = original;
  const suffix = contestAdminMessages.clonedSuffix;
  const title = `${(original.title ?? '').slice(0, CONTEST_ADMIN_LIMITS.titleMax - suffix.length)}${suffix}`;
  const [copy] = await db
    .insert(contest)
    .values({
      ...settings,
      uid: user.uid,
      author: user.username,
      title,
      source: original.id,
      status: contestStatusAt(original, now),
      gmtCreate: now,
      gmtModified: now,
    })
    .returning({ id: contest.id });
  return { cid: copy!.id };
}
