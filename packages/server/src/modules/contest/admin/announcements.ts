import { and, eq, exists } from 'drizzle-orm';
import { contestAnnouncementBody } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { announcement, contestAnnouncement } from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { listAnnouncements } from '../../admin/announcement/service.ts';
import { parseContestInput } from './input.ts';
import { manageableContest } from './manage.ts';
import { contestAdminMessages } from './messages.ts';

/** Announcements linked to contest `cid` (reference §4.4 contest_announcement). */
const ofContest = (db: Db, cid: number) =>
  exists(
    db
      .select({ one: contestAnnouncement.id })
      .from(contestAnnouncement)
      .where(and(eq(contestAnnouncement.aid, announcement.id), eq(contestAnnouncement.cid, cid))),
  );

/** reference §3.12 `GET /api/admin/contest/announcement?cid&limit&currentPage`: hidden ones too, newest first. */
export async function contestAnnouncements(
  db: Db,
  user: AuthUser,
  query: { cid: number; currentPage: number; limit: number },
  now: Date,
) {
  await manageableContest(db, user, query.cid, now);
  return listAnnouncements(db, ofContest(db, query.cid), query.currentPage, query.limit);
}

/**
 * reference §3.12 `POST /api/admin/contest/announcement` `{cid, announcement}`: the announcement
 * row and its link in one transaction. The markdown is stored as written (rendered sanitised).
 */
export async function createContestAnnouncement(db: Db, user: AuthUser, body: unknown, now: Date) {
  const { cid, announcement: input } = parseContestInput(contestAnnouncementBody, body);
  await manageableContest(db, user, cid, now);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcement)
      .values({
        title: input.title,
        content: input.content ?? '',
        status: input.status ?? 0,
        uid: user.uid,
        gmtCreate: now,
        gmtModified: now,
      })
      .returning({ id: announcement.id });
    await tx.insert(contestAnnouncement).values({ aid: row!.id, cid });
  });
}

/** reference §3.12 `PUT /api/admin/contest/announcement`: an announcement of that contest only. */
export async function updateContestAnnouncement(db: Db, user: AuthUser, body: unknown, now: Date) {
  const { cid, announcement: input } = parseContestInput(contestAnnouncementBody, body);
  if (!input.id) throw fail(contestAdminMessages.announcementNotFound);
  await manageableContest(db, user, cid, now);
  const changed = await db
    .update(announcement)
    .set({
      title: input.title,
      ...(input.content != null ? { content: input.content } : {}),
      ...(input.status != null ? { status: input.status } : {}),
      gmtModified: now,
    })
    .where(and(eq(announcement.id, input.id), ofContest(db, cid)))
    .returning({ id: announcement.id });
  if (changed.length === 0) throw notFound(contestAdminMessages.announcementNotFound);
}

/**
 * reference §3.12 `DELETE /api/admin/contest/announcement?aid=`: the contest is found through the
 * link, and the caller must manage it; a site announcement is not deleted here.
 */
export async function deleteContestAnnouncement(db: Db, user: AuthUser, aid: number, now: Date) {
  const [link] = await db
    .select({ cid: contestAnnouncement.cid })
    .from(contestAnnouncement)
    .where(eq(contestAnnouncement.aid, aid));
  if (!link) throw notFound(contestAdminMessages.announcementNotFound);
  await manageableContest(db, user, link.cid, now);
  await db.delete(announcement).where(eq(announcement.id, aid));
}
