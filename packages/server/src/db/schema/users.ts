import { index, integer, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { bigintId, bigintPk, timestamps } from './columns.ts';

/**
 * ref §4.1 user_info. `uuid` is a 32-hex-char simple UUID (root is '1').
 * username, email and avatar are unique: other tables reference username and avatar so that a rename or
 * a new avatar cascades through ON UPDATE CASCADE (ref §4 intro).
 */
export const userInfo = pgTable('user_info', {
  uuid: text('uuid').primaryKey(),
  username: varchar('username', { length: 100 }).notNull().unique(),
  /** scrypt hash string, or an MD5 hex imported from HOJ that is rehashed on the next login (ref §1.3). */
  password: varchar('password', { length: 255 }).notNull(),
  nickname: varchar('nickname', { length: 100 }),
  school: varchar('school', { length: 100 }),
  /** major */
  course: varchar('course', { length: 100 }),
  /** student number; HOJ's column is 20 chars but its own validation allows 200 (ref §7.4). */
  number: varchar('number', { length: 200 }),
  realname: varchar('realname', { length: 100 }),
  /** 'male' | 'female' | 'secrecy' */
  gender: varchar('gender', { length: 20 }).notNull().default('secrecy'),
  github: varchar('github', { length: 255 }),
  blog: varchar('blog', { length: 255 }),
  /** drives the nightly Codeforces rating copy (ref §7.16) */
  cfUsername: varchar('cf_username', { length: 255 }),
  /** Codeforces session id for the user's own remote-judge account (spec part 1 §7 update-cfSession). */
  cfSession: text('cf_session'),
  email: varchar('email', { length: 320 }).unique(),
  /**
   * Verdict: the mobile number of the Account pane (spec part 2 §2.6, §5); HOJ's user_info has none
   * (ref §4.1). Stored normalised by the shared schema: an optional '+' then 6–20 digits. Not unique:
   * a family or a school office may share one number.
   */
  mobile: varchar('mobile', { length: 32 }),
  avatar: varchar('avatar', { length: 255 }).unique(),
  signature: text('signature'),
  titleName: varchar('title_name', { length: 255 }),
  titleColor: varchar('title_color', { length: 255 }),
  /** 0 active, 1 banned */
  status: integer('status').notNull().default(0),
  ...timestamps,
});

/** ref §4.1 user_record: one row per user, created at registration; `rating` is the copied CF rating. */
export const userRecord = pgTable('user_record', {
  id: bigintPk(),
  uid: text('uid')
    .notNull()
    .unique()
    .references(() => userInfo.uuid, { onDelete: 'cascade' }),
  rating: integer('rating'),
  ...timestamps,
});

/** ref §2 roles 1000–1008 (fixed ids, seeded). */
export const role = pgTable('role', {
  id: bigintId('id').primaryKey(),
  role: varchar('role', { length: 50 }).notNull().unique(),
  description: varchar('description', { length: 100 }),
  /** 0 usable, 1 disabled */
  status: integer('status').notNull().default(0),
  ...timestamps,
});

/** ref §2 permissions 1–14 (seeded); ids from 100 up are left for permissions added later. */
export const auth = pgTable('auth', {
  id: bigintId('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100 }),
  name: varchar('name', { length: 100 }),
  permission: varchar('permission', { length: 100 }).notNull().unique(),
  /** 0 usable, 1 disabled */
  status: integer('status').notNull().default(0),
  ...timestamps,
});

/** ref §2 role → permission mapping. */
export const roleAuth = pgTable(
  'role_auth',
  {
    id: bigintPk(),
    authId: bigintId('auth_id')
      .notNull()
      .references(() => auth.id, { onDelete: 'cascade' }),
    // HOJ: NO ACTION, so a role in use by a mapping cannot be deleted by accident.
    roleId: bigintId('role_id')
      .notNull()
      .references(() => role.id),
    ...timestamps,
  },
  (t) => [unique('role_auth_role_id_auth_id_unique').on(t.roleId, t.authId), index().on(t.authId)],
);

/** ref §2 user → role (one role per user in practice). */
export const userRole = pgTable(
  'user_role',
  {
    id: bigintPk(),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    roleId: bigintId('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [unique('user_role_uid_role_id_unique').on(t.uid, t.roleId), index().on(t.roleId)],
);
