import { index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { bigintPk, timestamps, timestamptz } from './columns.ts';
import { userInfo } from './users.ts';

/**
 * ref §4.1 session: one row per login. Verdict's JWT carries this row's id (`sid`); a token is valid only
 * while its session is neither revoked nor expired. This replaces HOJ's Redis token keys (ref §1.3), so a
 * logout or an admin password change revokes exactly the sessions it should.
 */
export const session = pgTable(
  'session',
  {
    id: bigintPk(),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    userAgent: varchar('user_agent', { length: 512 }),
    ip: varchar('ip', { length: 255 }),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** when the token was last reissued (ref §1.3 refresh window); the login time at first */
    lastRefreshAt: timestamptz('last_refresh_at').notNull().defaultNow(),
    ...timestamps,
  },
  // (uid, gmt_create) serves "sessions of a user" and "latest login" (ref §7.11 recentLoginTime).
  (t) => [index().on(t.uid, t.gmtCreate)],
);

/** Failed logins per username for the lockout of ref §7.2 (HOJ kept this counter in Redis). */
export const loginFailure = pgTable('login_failure', {
  username: text('username').primaryKey(),
  count: integer('count').notNull().default(0),
  lastFailureAt: timestamptz('last_failure_at').notNull().defaultNow(),
});

/**
 * Mailed codes for register / reset-password / change-email (ref §7.1, §7.3, §7.4; HOJ's Redis keys of
 * ref §5). One live code per address and purpose; sending again replaces it.
 */
export const emailCode = pgTable(
  'email_code',
  {
    email: text('email').notNull(),
    /** 'register' | 'reset-password' | 'change-email' */
    purpose: text('purpose').notNull(),
    code: text('code').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** when the code was sent: the resend cooldown counts from here */
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** wrong guesses so far; the code is dropped after a few (a 6-digit code must not be guessable) */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.email, t.purpose] })],
);

/**
 * Captcha answers (ref §7.5; HOJ kept them in Redis): the image captcha of password reset ('image') and
 * the slide challenge of the login ('slide', spec part 1 §4). In a table so that every server sharing the
 * database can check an answer another one issued. An answer is used at most once.
 */
export const captcha = pgTable(
  'captcha',
  {
    key: text('key').primaryKey(),
    /** 'image' | 'slide' | 'submit-pass' (a user's last solved submit captcha, submission/captcha-gate.ts) */
    kind: text('kind').notNull(),
    answer: text('answer').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index().on(t.expiresAt)],
);

/**
 * ref §7.4: wrong current passwords (or e-mail codes) per user and action; 5 within 30 minutes lock the
 * action for 30 minutes. HOJ's CODE_CHANGE_*_FAIL / _LOCK Redis keys.
 */
export const accountLock = pgTable(
  'account_lock',
  {
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    /** 'change-password' | 'change-email' */
    action: text('action').notNull(),
    failures: integer('failures').notNull().default(0),
    firstFailureAt: timestamptz('first_failure_at').notNull(),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.uid, t.action] })],
);

/** Fixed-window request counters per client IP and route group (http/rate-limit.ts). */
export const rateLimit = pgTable('rate_limit', {
  /** '<bucket>:<ip>' */
  key: text('key').primaryKey(),
  windowStart: timestamptz('window_start').notNull(),
  count: integer('count').notNull(),
});

/**
 * Passwords of accounts made by the admin's generate-user (ref §3.12), kept until the one download
 * of `/api/file/generate-user-excel?key=` or for 30 minutes (ref §5, HOJ's Redis hash of the key),
 * so the admin can print slips. Removed with the download, by the expiry job, or with the user.
 */
export const generatedAccount = pgTable(
  'generated_account',
  {
    id: bigintPk(),
    key: text('key').notNull(),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    username: varchar('username', { length: 100 }).notNull(),
    password: text('password').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    gmtCreate: timestamptz('gmt_create').notNull().defaultNow(),
  },
  (t) => [index().on(t.key), index().on(t.expiresAt)],
);
