import type { Clock } from '../../src/clock.ts';
import type { Db } from '../../src/db/client.ts';
import {
  announcement,
  contest,
  contestAnnouncement,
  contestProblem,
  contestRegister,
} from '../../src/db/schema/index.ts';

/**
 * Contest rows written directly (reference §4.4), for tests of the contest calls that need a
 * contest without going through the admin API. Times are whole minutes from the clock's now.
 */
export type ContestRow = typeof contest.$inferSelect;
export type NewContest = Partial<typeof contest.$inferInsert> & { uid: string };

const MINUTE = 60_000;

/** A time `minutes` from the clock's current time. */
export const minutesFrom = (clock: Clock, minutes: number) =>
  new Date(clock.now().getTime() + minutes * MINUTE);

/**
 * Inserts a contest. By default: an ACM contest of `uid` (its creator), public and visible,
 * starting in 60 minutes and lasting 3 hours, not sealed.
 */
export async function createContest(db: Db, clock: Clock, values: NewContest): Promise<ContestRow> {
  const startTime = values.startTime ?? minutesFrom(clock, 60);
  const endTime = values.endTime ?? new Date(startTime.getTime() + 180 * MINUTE);
  const [row] = await db
    .insert(contest)
    .values({
      title: 'Contest',
      author: 'creator',
      type: 0,
      auth: 0,
      description: 'A contest',
      duration: Math.round((endTime.getTime() - startTime.getTime()) / 1000),
      ...values,
      startTime,
      endTime,
    })
    .returning();
  return row!;
}

/** Adds problem `pid` to a contest under `displayId` (display title and colour optional). */
export async function addContestProblem(
  db: Db,
  values: { cid: number; pid: number; displayId: string; displayTitle?: string; color?: string | null },
) {
  const [row] = await db
    .insert(contestProblem)
    .values({ displayTitle: `Problem ${values.displayId}`, color: '#ff0000', ...values })
    .returning();
  return row!;
}

/** A contest_register row, as register-contest writes it. */
export async function registerInContest(db: Db, cid: number, uid: string) {
  await db.insert(contestRegister).values({ cid, uid });
}

/** A contest announcement (an `announcement` row linked through contest_announcement). */
export async function addContestAnnouncement(
  db: Db,
  values: { cid: number; uid: string; title: string; content?: string; status?: number; gmtCreate?: Date },
) {
  const [a] = await db
    .insert(announcement)
    .values({
      title: values.title,
      content: values.content ?? 'text',
      uid: values.uid,
      status: values.status ?? 0,
      ...(values.gmtCreate ? { gmtCreate: values.gmtCreate } : {}),
    })
    .returning();
  await db.insert(contestAnnouncement).values({ aid: a!.id, cid: values.cid });
  return a!;
}
