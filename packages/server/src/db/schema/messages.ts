import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { bigintId, bigintPk, timestamps } from './columns.ts';
import { userInfo } from './users.ts';

/**
 * ref §4.6 admin_sys_notice: a notice written by an admin. type 'All' | 'Single' | 'Admin';
 * `state` = already pushed to the users (ref §7.15).
 */
export const adminSysNotice = pgTable(
  'admin_sys_notice',
  {
    id: bigintPk(),
    title: varchar('title', { length: 255 }),
    content: text('content'),
    type: varchar('type', { length: 255 }),
    state: boolean('state').notNull().default(false),
    /** for type 'Single' */
    recipientId: text('recipient_id').references(() => userInfo.uuid, { onDelete: 'cascade' }),
    adminId: text('admin_id').references(() => userInfo.uuid, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index().on(t.state), index().on(t.recipientId), index().on(t.adminId)],
);

/** ref §4.6 user_sys_notice: a notice delivered to one user; type 'Sys' | 'Mine', `state` = read. */
export const userSysNotice = pgTable(
  'user_sys_notice',
  {
    id: bigintPk(),
    sysNoticeId: bigintId('sys_notice_id').references(() => adminSysNotice.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id').references(() => userInfo.uuid, { onDelete: 'cascade' }),
    type: varchar('type', { length: 255 }),
    state: boolean('state').notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.recipientId, t.type, t.state), index().on(t.sysNoticeId)],
);

/**
 * ref §4.6 msg_remind: comment / reply / like notifications. action 'Discuss' | 'Reply' | 'Like_Post' |
 * 'Like_Discuss'; source_type 'Discussion' | 'Contest'; quote_type 'Comment' | 'Reply'; `state` = read.
 */
export const msgRemind = pgTable(
  'msg_remind',
  {
    id: bigintPk(),
    action: varchar('action', { length: 255 }).notNull(),
    /** discussion id or contest id */
    sourceId: bigintId('source_id'),
    sourceType: varchar('source_type', { length: 255 }),
    /** at most 200 characters plus "..." */
    sourceContent: varchar('source_content', { length: 255 }),
    quoteId: integer('quote_id'),
    quoteType: varchar('quote_type', { length: 255 }),
    url: varchar('url', { length: 255 }),
    state: boolean('state').notNull().default(false),
    senderId: text('sender_id').references(() => userInfo.uuid, { onDelete: 'cascade' }),
    recipientId: text('recipient_id').references(() => userInfo.uuid, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index().on(t.recipientId, t.action, t.state), index().on(t.senderId)],
);
