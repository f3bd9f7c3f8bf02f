import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigintId, bigintPk, timestamps } from './columns.ts';

/**
 * ref §4.1 user_info. `uuid` is a 32-hex-char simple UUID (root is '1').
 * username, email and avatar are unique: other tables reference username and avatar so that a rename or
 * a new avatar cascades through ON UPDATE CASCADE (ref §4 intro).
 */
export const userInfo = pgTable(
  'user_info',
  {
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
  },
  (t) => [
    // The submission list's author filter, `username ILIKE '%…%'` (reference §3.4): pg_trgm finds the
    // users by the keyword's uncommon part (modules/submission/list.ts) instead of reading them all.
    index('user_info_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
  ],
);

/**
 * ref §4.1 user_record: one row per user, created at registration; `rating` is the copied Codeforces
 * rating (ref §7.11, the `codeforces-ratings` job). Verdict keeps here what the global rank lists
 * order by (ref §3.7, §7.11), so a rank page is one indexed query instead of HOJ's count per user
 * behind a 60 s cache. Triggers keep them (migration 0015_user_rank_counters):
 *  * `ac`, `total`, `score` follow `user_problem_stat` (itself kept by triggers on `judge`): the
 *    problems with an accepted public submission, the public submissions, and Σ of each problem's
 *    best OI rank score;
 *  * `ranked` (active and not root: ref §7.11 "status 0", §5 the super admins left out of ranks) and
 *    `search_key` (lower-cased username, nickname and real name for `searchUser`) follow user_info
 *    and user_role.
 * Nothing in the application writes these columns.
 */
export const userRecord = pgTable(
  'user_record',
  {
    id: bigintPk(),
    uid: text('uid')
      .notNull()
      .unique()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    rating: integer('rating'),
    /** problems with an accepted public submission (ref §7.11 "distinct pids in user_acproblem") */
    ac: integer('ac').notNull().default(0),
    /** public (non-contest, non-group) submissions, any status */
    total: integer('total').notNull().default(0),
    /** Σ over problems of the best OI rank score of the public submissions (ref §7.11) */
    score: integer('score').notNull().default(0),
    /** shown in the rank lists: active (status 0) and not a super admin */
    ranked: boolean('ranked').notNull().default(false),
    /** lower(username, nickname, realname): what `searchUser` matches, inside the rank indexes */
    searchKey: text('search_key').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    // ACM order (ref §7.11): ac desc, total asc; ties: registered earlier first, then the uid. The
    // keys are ascending expressions (-ac) so that a deep page can start at a row comparison
    // `(-ac, total) >= (…)` inside the index (user_rank_bucket says where); migration 0016 adds
    // `INCLUDE (ac, score)` (drizzle cannot say it) so that a page is an index-only scan.
    index('user_record_acm_rank_idx')
      .on(sql`(-${t.ac})`, t.total, t.gmtCreate, t.uid)
      .where(sql`ranked`),
    // OI order (ref §7.11): score desc, ac desc; same ties; 0016 adds `INCLUDE (score, ac, total)`.
    index('user_record_oi_rank_idx')
      .on(sql`(-${t.score})`, sql`(-${t.ac})`, t.gmtCreate, t.uid)
      .where(sql`ranked`),
    // searchUser (pg_trgm, migration 0016): `search_key LIKE '%…%'` of three characters or more, and
    // the word-start match of shorter keywords (modules/home/rank.ts), without reading every user.
    index('user_record_search_trgm_idx')
      .using('gin', t.searchKey.op('gin_trgm_ops'))
      .where(sql`ranked`),
  ],
);

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

/**
 * How many users the rank lists show (`user_record.ranked`), kept by a statement-level trigger on
 * user_record (migration 0015_user_rank_counters), so that an unfiltered rank page reads its total
 * from one row instead of counting 100,000 users. One row, id 1.
 */
export const rankedUserCount = pgTable('ranked_user_count', {
  id: integer('id').primaryKey().default(1),
  n: integer('n').notNull().default(0),
});

/**
 * How many ranked users share each leading sort key of a rank list, kept by a statement trigger on
 * user_record (migration 0016_rank_list_search_and_pages): list 0 (ACM) counts by (k1, k2) =
 * (-ac, total), list 1 (OI) by (-score, -ac). Summing the counts before a key gives the position of
 * its first row, so a page at any depth starts inside the rank index at the key that holds its first
 * row and skips only within that key (modules/home/rank.ts) instead of walking every row before it.
 * Keys without users are deleted.
 */
export const userRankBucket = pgTable(
  'user_rank_bucket',
  {
    list: smallint('list').notNull(),
    k1: integer('k1').notNull(),
    k2: integer('k2').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.k1, t.k2] })],
);
