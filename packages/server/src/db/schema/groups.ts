import { boolean, index, integer, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { bigintId, bigintPk, timestamps } from './columns.ts';
import { userInfo } from './users.ts';

/**
 * ref §4.7 group. Deleting a group cascades to its problems, contests, trainings, discussions,
 * announcements, tags and submissions (their `gid` FKs), as in HOJ.
 */
export const group = pgTable(
  'group',
  {
    id: bigintPk('id', 1000),
    avatar: varchar('avatar', { length: 255 }),
    name: varchar('name', { length: 25 }).notNull().unique(),
    /** prefix of group problem ids (ref §7.12) */
    shortName: varchar('short_name', { length: 10 }).notNull().unique(),
    brief: varchar('brief', { length: 50 }),
    description: text('description'),
    /** owner's username */
    owner: varchar('owner', { length: 255 }).notNull(),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    /** 1 public, 2 protected, 3 private (ref §4.7: the code uses 1–3, the column comment is stale) */
    auth: integer('auth').notNull(),
    visible: boolean('visible').notNull().default(true),
    /** 0 normal, 1 banned */
    status: integer('status').notNull().default(0),
    /** 6-char invitation code */
    code: varchar('code', { length: 6 }),
    ...timestamps,
  },
  (t) => [index().on(t.uid)],
);

/** Member levels of ref §2: 1 applying, 2 refused, 3 member, 4 group admin, 5 group root (owner). */
export const groupMember = pgTable(
  'group_member',
  {
    id: bigintPk(),
    gid: bigintId('gid')
      .notNull()
      .references(() => group.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    auth: integer('auth').notNull().default(1),
    reason: varchar('reason', { length: 100 }),
    ...timestamps,
  },
  (t) => [unique('group_member_gid_uid_unique').on(t.gid, t.uid), index().on(t.uid)],
);
