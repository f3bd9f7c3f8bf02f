import { index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { bigintId, bigintPk, timestamps } from './columns.ts';
import { group } from './groups.ts';
import { userInfo } from './users.ts';

/** ref §4.6 announcement: site, group (gid) and contest announcements (linked via contest_announcement). */
export const announcement = pgTable(
  'announcement',
  {
    id: bigintPk(),
    title: varchar('title', { length: 255 }).notNull(),
    content: text('content'),
    uid: text('uid').references(() => userInfo.uuid, { onDelete: 'cascade' }),
    /** 0 visible, 1 hidden */
    status: integer('status').notNull().default(0),
    gid: bigintId('gid').references(() => group.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index().on(t.uid), index().on(t.gid)],
);
