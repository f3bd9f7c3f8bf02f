import { eq } from 'drizzle-orm';
import type { GroupAnnouncementBody, GroupAnnouncementListQuery } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { announcement } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, notFound } from '../../http/errors.ts';
import { assertCan } from '../../policy/index.ts';
import {
  adminAnnouncements,
  commonAnnouncements,
  createAnnouncement,
  deleteAnnouncement,
  updateAnnouncement,
} from '../admin/announcement/service.ts';
import { groupFor } from './access.ts';
import { groupMessages as m } from './messages.ts';

const scopeOf = (gid: number) => ({ kind: 'group', gid }) as const;

/**
 * reference §3.10 `get-announcement-list` (members: the shown ones) and `get-admin-announcement-list`
 * (the group's admins: all): the site's announcement service told the group.
 */
export async function groupAnnouncements(
  db: Db,
  user: AuthUser,
  query: GroupAnnouncementListQuery,
  admin: boolean,
) {
  await groupFor(db, user, query.gid, admin ? 'group.admin' : 'group.member');
  const list = admin ? adminAnnouncements : commonAnnouncements;
  return list(db, query.currentPage, query.limit, scopeOf(query.gid));
}

/** reference §3.10 `POST /api/group/announcement`: a group admin writes one for the group `gid`. */
export async function createGroupAnnouncement(db: Db, user: AuthUser, body: GroupAnnouncementBody) {
  if (!body.gid) throw fail(m.announcementGroupMissing);
  await groupFor(db, user, body.gid, 'group.admin');
  await createAnnouncement(db, user.uid, body, scopeOf(body.gid));
}

/** A group's announcement that the caller may change: its author, the group's root or site root (§7.12). */
async function editableAnnouncement(db: Db, user: AuthUser, aid: number) {
  const [row] = await db.select().from(announcement).where(eq(announcement.id, aid));
  if (!row || row.gid === null) throw notFound();
  const view = await groupFor(db, user, row.gid, 'group.view');
  assertCan(user, 'group.editContent', { group: view.facts, authorUid: row.uid ?? undefined });
  return { ...row, gid: row.gid };
}

/** reference §3.10 `PUT /api/group/announcement`. */
export async function updateGroupAnnouncement(db: Db, user: AuthUser, body: GroupAnnouncementBody) {
  if (!body.id) throw notFound();
  const row = await editableAnnouncement(db, user, body.id);
  await updateAnnouncement(db, body, scopeOf(row.gid));
}

/** reference §3.10 `DELETE /api/group/announcement?aid`. */
export async function deleteGroupAnnouncement(db: Db, user: AuthUser, aid: number) {
  const row = await editableAnnouncement(db, user, aid);
  await deleteAnnouncement(db, aid, scopeOf(row.gid));
}
