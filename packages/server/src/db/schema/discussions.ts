import { boolean, index, integer, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { bigintId, intPk, timestamps } from './columns.ts';
import { contest } from './contests.ts';
import { group } from './groups.ts';
import { problem } from './problems.ts';
import { userInfo } from './users.ts';

/**
 * Author avatars are copied into posts, comments and replies; the FK to user_info.avatar keeps the copies
 * current through ON UPDATE CASCADE (ref §4 intro). Deleting the author removes the rows through their uid.
 */
const avatarRef = (name: string) =>
  varchar(name, { length: 255 }).references(() => userInfo.avatar, {
    onDelete: 'set null',
    onUpdate: 'cascade',
  });

/** ref §4.6 category; seeded 闲聊, 题解, 求助, 建议, 记录. */
export const category = pgTable('category', {
  id: intPk(),
  name: varchar('name', { length: 255 }),
  ...timestamps,
});

/** ref §4.6 discussion. */
export const discussion = pgTable(
  'discussion',
  {
    id: intPk(),
    // HOJ: NO ACTION, so a category in use cannot be deleted
    categoryId: integer('category_id')
      .notNull()
      .references(() => category.id, { onUpdate: 'cascade' }),
    title: varchar('title', { length: 255 }),
    description: varchar('description', { length: 255 }),
    content: text('content'),
    /** problem display id (problem.problem_id) */
    pid: varchar('pid', { length: 255 }).references(() => problem.problemId, {
      onDelete: 'cascade',
      onUpdate: 'cascade',
    }),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    /** author's username */
    author: varchar('author', { length: 255 }).notNull(),
    avatar: avatarRef('avatar'),
    /** 'root' | 'admin' | 'user' */
    role: varchar('role', { length: 25 }).notNull().default('user'),
    viewNum: integer('view_num').notNull().default(0),
    likeNum: integer('like_num').notNull().default(0),
    topPriority: boolean('top_priority').notNull().default(false),
    commentNum: integer('comment_num').notNull().default(0),
    /** 0 normal, 1 banned / hidden */
    status: integer('status').notNull().default(0),
    gid: bigintId('gid').references(() => group.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index().on(t.categoryId),
    index().on(t.pid),
    index().on(t.uid),
    index().on(t.avatar),
    index().on(t.gid),
    // lists show pinned posts first, newest first
    index().on(t.topPriority, t.gmtCreate),
  ],
);

/** ref §4.6 discussion_like: one row per (discussion, user). */
export const discussionLike = pgTable(
  'discussion_like',
  {
    id: intPk(),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    did: integer('did')
      .notNull()
      .references(() => discussion.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [unique('discussion_like_did_uid_unique').on(t.did, t.uid), index().on(t.uid)],
);

/** ref §4.6 discussion_report; status = read by an admin. */
export const discussionReport = pgTable(
  'discussion_report',
  {
    id: intPk(),
    did: integer('did').references(() => discussion.id, { onDelete: 'cascade' }),
    /** reporter's username */
    reporter: varchar('reporter', { length: 255 }).references(() => userInfo.username, {
      onDelete: 'cascade',
      onUpdate: 'cascade',
    }),
    content: varchar('content', { length: 255 }).notNull(),
    status: boolean('status').notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.did), index().on(t.reporter)],
);

/** ref §4.6 comment on a discussion (`did`) or in a contest (`cid`). */
export const comment = pgTable(
  'comment',
  {
    id: intPk(),
    cid: bigintId('cid').references(() => contest.id, { onDelete: 'cascade' }),
    did: integer('did').references(() => discussion.id, { onDelete: 'cascade' }),
    content: text('content'),
    fromUid: text('from_uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    fromName: varchar('from_name', { length: 255 }),
    fromAvatar: avatarRef('from_avatar'),
    fromRole: varchar('from_role', { length: 20 }),
    likeNum: integer('like_num').notNull().default(0),
    status: integer('status').notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.did), index().on(t.cid), index().on(t.fromUid), index().on(t.fromAvatar)],
);

/** ref §4.6 comment_like; `cid` is the comment id. */
export const commentLike = pgTable(
  'comment_like',
  {
    id: intPk(),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    cid: integer('cid')
      .notNull()
      .references(() => comment.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [unique('comment_like_cid_uid_unique').on(t.cid, t.uid), index().on(t.uid)],
);

/** ref §4.6 reply to a comment. */
export const reply = pgTable(
  'reply',
  {
    id: intPk(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comment.id, { onDelete: 'cascade' }),
    fromUid: text('from_uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    fromName: varchar('from_name', { length: 255 }).notNull(),
    fromAvatar: avatarRef('from_avatar'),
    fromRole: varchar('from_role', { length: 255 }),
    toUid: text('to_uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    toName: varchar('to_name', { length: 255 }).notNull(),
    toAvatar: avatarRef('to_avatar'),
    content: text('content'),
    status: integer('status').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index().on(t.commentId),
    index().on(t.fromUid),
    index().on(t.toUid),
    index().on(t.fromAvatar),
    index().on(t.toAvatar),
  ],
);
