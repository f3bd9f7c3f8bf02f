import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigintId, timestamptz } from './columns.ts';
import { contest } from './contests.ts';

/**
 * Verdict (issue 12): the scoreboards' change feed. Each transaction that changes a contest's
 * records bumps its contest's `version` (the row lock orders the bumps in commit order, so a reader
 * that sees version v has every change up to v) and writes which users' rows changed under it.
 * Every server process's in-memory board reads the feed past its own version on each read.
 */
export const contestRankVersion = pgTable('contest_rank_version', {
  cid: bigintId('cid')
    .primaryKey()
    .references(() => contest.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** One user's row of one contest changed at `version`; pruned after a day by a job. */
export const contestRankChange = pgTable(
  'contest_rank_change',
  {
    cid: bigintId('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    uid: text('uid').notNull(),
    gmtCreate: timestamptz('gmt_create').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cid, t.version, t.uid] }), index().on(t.gmtCreate)],
);
