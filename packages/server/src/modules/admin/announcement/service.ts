import { SITE_SCOPE, type AnnouncementVO, type announcementBody, type EditorScope } from '@verdict/shared';
import { and, count, desc, eq, isNull, notExists, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { announcement, contestAnnouncement, userInfo } from '../../../db/schema/index.ts';
import { page, type Page } from '../../../http/envelope.ts';
import { notFound } from '../../../http/errors.ts';

export type AnnouncementInput = z.output<typeof announcementBody>;

/**
 * The announcements of a scope (reference §3.2, §3.10, §4.4): the site's have no group (gid null)
 * and are not linked to a contest; a group's carry its gid.
 */
const inScope = (db: Db, scope: EditorScope) =>
  scope.kind === 'group'
    ? eq(announcement.gid, scope.gid)
    : and(
        isNull(announcement.gid),
        notExists(
          db
            .select({ one: contestAnnouncement.id })
            .from(contestAnnouncement)
            .where(eq(contestAnnouncement.aid, announcement.id)),
        ),
      );

/** AnnouncementVO pages, newest first, with the author's username (also the contest admin's list). */
export async function listAnnouncements(db: Db, where: SQL | undefined, current: number, size: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: announcement.id,
        title: announcement.title,
        content: announcement.content,
        uid: announcement.uid,
        username: userInfo.username,
        status: announcement.status,
        gmtCreate: announcement.gmtCreate,
        gmtModified: announcement.gmtModified,
      })
      .from(announcement)
      .leftJoin(userInfo, eq(userInfo.uuid, announcement.uid))
      .where(where)
      .orderBy(desc(announcement.gmtCreate), desc(announcement.id))
      .limit(size)
      .offset((current - 1) * size),
    db.select({ n: count() }).from(announcement).where(where),
  ]);
  const records: AnnouncementVO[] = rows.map((r) => ({
    ...r,
    id: Number(r.id),
    username: r.username ?? null,
    gmtCreate: r.gmtCreate.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
  }));
  return page(records, total?.n ?? 0, current, size);
}

/**
 * reference §3.2 `GET /api/get-common-announcement`: shown (status 0) site announcements; §3.10
 * `get-announcement-list`: a group's.
 */
export function commonAnnouncements(
  db: Db,
  current: number,
  size: number,
  scope: EditorScope = SITE_SCOPE,
): Promise<Page<AnnouncementVO>> {
  return listAnnouncements(db, and(inScope(db, scope), eq(announcement.status, 0)), current, size);
}

/** reference §3.12 `GET /api/admin/announcement` (§3.10 a group's): every one, hidden ones too. */
export function adminAnnouncements(
  db: Db,
  current: number,
  size: number,
  scope: EditorScope = SITE_SCOPE,
): Promise<Page<AnnouncementVO>> {
  return listAnnouncements(db, inScope(db, scope), current, size);
}

/**
 * reference §3.12 `POST /api/admin/announcement`: the markdown is stored as written; the web app
 * renders it with its sanitising renderer.
 */
export async function createAnnouncement(
  db: Db,
  uid: string,
  input: AnnouncementInput,
  scope: EditorScope = SITE_SCOPE,
): Promise<void> {
  await db.insert(announcement).values({
    title: input.title,
    content: input.content ?? '',
    status: input.status ?? 0,
    uid,
    gid: scope.kind === 'group' ? scope.gid : null,
  });
}

/** reference §3.12 `PUT /api/admin/announcement`: one of the scope's (a contest's is never the site's). */
export async function updateAnnouncement(
  db: Db,
  input: AnnouncementInput,
  scope: EditorScope = SITE_SCOPE,
): Promise<void> {
  if (!input.id) throw notFound();
  const changed = await db
    .update(announcement)
    .set({
      title: input.title,
      ...(input.content != null ? { content: input.content } : {}),
      ...(input.status != null ? { status: input.status } : {}),
    })
    .where(and(eq(announcement.id, input.id), inScope(db, scope)))
    .returning({ id: announcement.id });
  if (changed.length === 0) throw notFound();
}

/** reference §3.12 `DELETE /api/admin/announcement?aid=` (§3.10 a group's) */
export async function deleteAnnouncement(
  db: Db,
  aid: number,
  scope: EditorScope = SITE_SCOPE,
): Promise<void> {
  const gone = await db
    .delete(announcement)
    .where(and(eq(announcement.id, aid), inScope(db, scope)))
    .returning({ id: announcement.id });
  if (gone.length === 0) throw notFound();
}
