import type { DiscussionReportVO } from '@verdict/shared';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { discussion, discussionReport } from '../../db/schema/index.ts';
import { page, type Page } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { discussionMessages as m } from './messages.ts';

/**
 * reference §3.12 `PUT /api/admin/discussion` (admin roles): hide or show (`status`) and pin
 * (`topPriority`); the other fields of the body are ignored (the author's text stays theirs).
 */
export async function adminUpdateDiscussion(
  db: Db,
  body: { id: number; status?: 0 | 1 | null; topPriority?: boolean | null },
): Promise<void> {
  const changes = {
    ...(body.status != null ? { status: body.status } : {}),
    ...(body.topPriority != null ? { topPriority: body.topPriority } : {}),
  };
  const [row] =
    Object.keys(changes).length > 0
      ? await db
          .update(discussion)
          .set(changes)
          .where(eq(discussion.id, body.id))
          .returning({ id: discussion.id })
      : await db.select({ id: discussion.id }).from(discussion).where(eq(discussion.id, body.id));
  if (!row) throw notFound(m.discussionNotFound);
}

/** reference §3.12 `DELETE /api/admin/discussion` body `[did…]`: unknown ids are skipped. */
export async function adminDeleteDiscussions(db: Db, ids: number[]): Promise<void> {
  await db.delete(discussion).where(inArray(discussion.id, ids));
}

/** reference §3.12 `GET /api/admin/discussion-report`: newest first, unread ones first. */
export async function discussionReports(
  db: Db,
  q: { limit: number; currentPage: number },
): Promise<Page<DiscussionReportVO>> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        r: discussionReport,
        gid: discussion.gid,
        discussionTitle: discussion.title,
        discussionAuthor: discussion.author,
      })
      .from(discussionReport)
      .leftJoin(discussion, eq(discussion.id, discussionReport.did))
      .orderBy(discussionReport.status, desc(discussionReport.gmtCreate), desc(discussionReport.id))
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    db.select({ n: count() }).from(discussionReport),
  ]);
  const records = rows.map((x): DiscussionReportVO => ({
    id: x.r.id,
    did: x.r.did,
    gid: x.gid,
    discussionTitle: x.discussionTitle,
    discussionAuthor: x.discussionAuthor,
    reporter: x.r.reporter,
    content: x.r.content,
    status: x.r.status,
    gmtCreate: x.r.gmtCreate.toISOString(),
    gmtModified: x.r.gmtModified.toISOString(),
  }));
  return page(records, total?.n ?? 0, q.currentPage, q.limit);
}

/** reference §3.12 `PUT /api/admin/discussion-report` body `{id, status}`: marks a report read or unread. */
export async function setReportState(db: Db, body: { id: number; status: boolean }): Promise<void> {
  const [row] = await db
    .update(discussionReport)
    .set({ status: body.status })
    .where(eq(discussionReport.id, body.id))
    .returning({ id: discussionReport.id });
  if (!row) throw notFound();
}
