import { sql } from 'drizzle-orm';
import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/** Every date is a `timestamp with time zone`, read as a JS Date (serialised as ISO-8601 like HOJ, ref §1.1). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * `gmt_create` / `gmt_modified` of every HOJ table (ref §4). PostgreSQL has no ON UPDATE CURRENT_TIMESTAMP,
 * so Drizzle sets gmt_modified on each update it builds (unless the caller sets it).
 */
export const timestamps = {
  gmtCreate: timestamptz('gmt_create').notNull().defaultNow(),
  gmtModified: timestamptz('gmt_modified')
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
};

/** Ids are plain numbers in the API; bigint ids stay far below 2^53. */
export const bigintId = (name: string) => bigint(name, { mode: 'number' });

/**
 * Auto-increment primary key. "By default" (not "always") so imports from HOJ can keep their ids.
 * `startWith` mirrors HOJ's AUTO_INCREMENT=1000 for problems, contests and groups.
 */
export const bigintPk = (name = 'id', startWith?: number) =>
  bigintId(name)
    .primaryKey()
    .generatedByDefaultAsIdentity(startWith === undefined ? {} : { startWith });

/** HOJ uses int(11) ids for discussions, comments, replies and categories. */
export const intPk = (name = 'id') => integer(name).primaryKey().generatedByDefaultAsIdentity();
