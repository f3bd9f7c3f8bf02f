import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import type { ContestAnnouncementVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { announcement, contestAnnouncement, userInfo } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { contestFor } from './access.ts';

const columns = {
  id: announcement.id,
  title: announcement.title,
  content: announcement.content,
  uid: announcement.uid,
  username: userInfo.username,
  status: announcement.status,
  gmtCreate: announcement.gmtCreate,
  gmtModified: announcement.gmtModified,
};

interface Selected {
  id: number;
  title: string;
  content: string | null;
  uid: string | null;
  username: string | null;
  status: number;
  gmtCreate: Date;
  gmtModified: Date;
}

function announcementJson(r: Selected): ContestAnnouncementVO {
  return {
    ...r,
    id: Number(r.id),
    gmtCreate: r.gmtCreate.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
  };
}

/** The shown (status 0) announcements of a contest, linked through contest_announcement (reference §4.4). */
const shownOf = (cid: number) => and(eq(contestAnnouncement.cid, cid), eq(announcement.status, 0));

/** reference §3.6 `GET /api/get-contest-announcement`: the contest's announcements, newest first, paged. */
export async function contestAnnouncements(
  db: Db,
  user: AuthUser,
  query: { cid: number; currentPage: number; limit: number },
  now: Date,
): Promise<Page<ContestAnnouncementVO>> {
  const { row } = await contestFor(db, user, query.cid, now, 'contest.enter');
  const where = shownOf(row.id);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(contestAnnouncement)
      .innerJoin(announcement, eq(announcement.id, contestAnnouncement.aid))
      .leftJoin(userInfo, eq(userInfo.uuid, announcement.uid))
      .where(where)
      .orderBy(desc(announcement.gmtCreate), desc(announcement.id))
      .limit(query.limit)
      .offset((query.currentPage - 1) * query.limit),
    db
      .select({ n: count() })
      .from(contestAnnouncement)
      .innerJoin(announcement, eq(announcement.id, contestAnnouncement.aid))
      .where(where),
  ]);
  return page(rows.map(announcementJson), total?.n ?? 0, query.currentPage, query.limit);
}

/**
 * reference §3.6 `POST /api/get-contest-not-read-announcement`, §7.18: the contest's announcements
 * whose ids the client has not listed as read, newest first (the web app polls it every 60 s).
 */
export async function unreadContestAnnouncements(
  db: Db,
  user: AuthUser,
  body: { cid: number; readAnnouncementList: number[] },
  now: Date,
): Promise<ContestAnnouncementVO[]> {
  const { row } = await contestFor(db, user, body.cid, now, 'contest.enter');
  const read = body.readAnnouncementList;
  const rows = await db
    .select(columns)
    .from(contestAnnouncement)
    .innerJoin(announcement, eq(announcement.id, contestAnnouncement.aid))
    .leftJoin(userInfo, eq(userInfo.uuid, announcement.uid))
    .where(and(shownOf(row.id), read.length > 0 ? notInArray(announcement.id, read) : undefined))
    .orderBy(desc(announcement.gmtCreate), desc(announcement.id));
  return rows.map(announcementJson);
}
