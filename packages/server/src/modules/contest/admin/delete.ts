import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { announcement, contest, contestAnnouncement } from '../../../db/schema/index.ts';
import { notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';

/**
 * reference §3.12 `DELETE /api/admin/contest?cid=` (R(root)): the contest and, by cascade, its
 * problem links, records, registrations, prints and comments, in one transaction. Its announcements
 * go first: once unlinked they would read as site announcements. Its `judge` rows stay
 * (reference §4: submissions outlive their contest), and its problems stay contest-only (auth 3)
 * until an admin publishes them again.
 */
export async function deleteContest(db: Db, cid: number) {
  await db.transaction(async (tx) => {
    const links = tx
      .select({ aid: contestAnnouncement.aid })
      .from(contestAnnouncement)
      .where(eq(contestAnnouncement.cid, cid));
    await tx.delete(announcement).where(inArray(announcement.id, links));
    const gone = await tx.delete(contest).where(eq(contest.id, cid)).returning({ id: contest.id });
    if (gone.length === 0) throw notFound(problemMessages.contestNotFound);
  });
}
