import { bigint, boolean, index, integer, jsonb, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { announcement } from './announcements.ts';
import { bigintId, bigintPk, timestamps, timestamptz } from './columns.ts';
import { group } from './groups.ts';
import { problem } from './problems.ts';
import { judge } from './submissions.ts';
import { userInfo } from './users.ts';

/** `star_account` JSON (ref §4.4): usernames shown but not ranked. */
export interface StarAccount {
  star_account: string[];
}

/** `award_config` JSON (ref §4.4, §9.5), sorted by priority on save. */
export interface AwardConfig {
  config: { priority: number; name: string; background: string; color: string; num: number }[];
}

/**
 * ref §4.4 contest. Ids start at 1000 like HOJ; HOJ's composite key (id, uid) is reduced to id.
 * Deleting a contest cascades to every contest_* table and its comments, but not to its `judge` rows.
 */
export const contest = pgTable(
  'contest',
  {
    id: bigintPk('id', 1000),
    /** creator */
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    author: varchar('author', { length: 255 }),
    title: varchar('title', { length: 255 }),
    /** 0 ACM, 1 OI */
    type: integer('type').notNull().default(0),
    description: text('description'),
    /** 0 original, else the id of the contest it was cloned from */
    source: bigintId('source').notNull().default(0),
    /** 0 public, 1 private (password to access), 2 protected (password to submit) */
    auth: integer('auth').notNull().default(0),
    pwd: varchar('pwd', { length: 255 }),
    startTime: timestamptz('start_time').notNull(),
    endTime: timestamptz('end_time').notNull(),
    /** seconds */
    duration: bigint('duration', { mode: 'number' }),
    sealRank: boolean('seal_rank').notNull().default(false),
    sealRankTime: timestamptz('seal_rank_time'),
    /** unfreeze automatically after the end */
    autoRealRank: boolean('auto_real_rank').notNull().default(true),
    /**
     * -1 scheduled, 0 running, 1 ended. HOJ kept it current with a MySQL trigger and a 1 s event
     * (ref §4.8); here the contest-status job and the services derive it from the clock.
     */
    status: integer('status').notNull().default(-1),
    visible: boolean('visible').notNull().default(true),
    openPrint: boolean('open_print').notNull().default(false),
    openAccountLimit: boolean('open_account_limit').notNull().default(false),
    /** `<prefix>..</prefix><suffix>..</suffix><start>n</start><end>m</end><extra>u1 u2</extra>` */
    accountLimitRule: text('account_limit_rule'),
    /** 'username' | 'nickname' | 'realname' */
    rankShowName: varchar('rank_show_name', { length: 20 }).notNull().default('username'),
    openRank: boolean('open_rank').notNull().default(false),
    starAccount: jsonb('star_account').$type<StarAccount>(),
    /** 'Recent' | 'Highest' */
    oiRankScoreType: varchar('oi_rank_score_type', { length: 255 }).notNull().default('Recent'),
    isGroup: boolean('is_group').notNull().default(false),
    gid: bigintId('gid').references(() => group.id, { onDelete: 'cascade' }),
    /** 0 none, 1 by percentage, 2 by count */
    awardType: integer('award_type').notNull().default(0),
    awardConfig: jsonb('award_config').$type<AwardConfig>(),
    allowEndSubmit: boolean('allow_end_submit').notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.startTime), index().on(t.status), index().on(t.uid), index().on(t.gid)],
);

/**
 * ref §4.4 contest_problem. HOJ's UNIQUE (display_id, cid, pid) is tightened to what its admin code
 * checks: a display id and a problem each appear once per contest.
 */
export const contestProblem = pgTable(
  'contest_problem',
  {
    id: bigintPk(),
    displayId: varchar('display_id', { length: 255 }).notNull(),
    cid: bigintId('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    pid: bigintId('pid')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    displayTitle: varchar('display_title', { length: 255 }).notNull(),
    /** balloon colour */
    color: varchar('color', { length: 255 }),
    ...timestamps,
  },
  (t) => [
    unique('contest_problem_cid_display_id_unique').on(t.cid, t.displayId),
    unique('contest_problem_cid_pid_unique').on(t.cid, t.pid),
    index().on(t.pid),
  ],
);

/** ref §4.4 contest_record: one row per contest submission, the input of the scoreboards (ref §9). */
export const contestRecord = pgTable(
  'contest_record',
  {
    id: bigintPk(),
    cid: bigintId('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    pid: bigintId('pid')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    cpid: bigintId('cpid')
      .notNull()
      .references(() => contestProblem.id, { onDelete: 'cascade' }),
    username: varchar('username', { length: 255 }),
    realname: varchar('realname', { length: 255 }),
    displayId: varchar('display_id', { length: 255 }),
    submitId: bigintId('submit_id')
      .notNull()
      .unique()
      .references(() => judge.submitId, { onDelete: 'cascade' }),
    /** null not judged yet, 1 AC, 0 not AC without penalty, -1 not AC with penalty (ref §8.1) */
    status: integer('status'),
    submitTime: timestamptz('submit_time').notNull(),
    /** seconds since the contest start, 0 if submitted before it */
    time: bigint('time', { mode: 'number' }).notNull().default(0),
    /** OI score */
    score: integer('score'),
    /** run time, ms */
    useTime: integer('use_time'),
    /** unused by HOJ */
    firstBlood: boolean('first_blood').notNull().default(false),
    /** AC helper (ref §9.8) */
    checked: boolean('checked').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    // scoreboards read a contest's records in submission order
    index().on(t.cid, t.time),
    index().on(t.uid),
    index().on(t.pid),
    index().on(t.cpid),
  ],
);

/** ref §4.4 contest_register: one row per (contest, user); status 0 normal. */
export const contestRegister = pgTable(
  'contest_register',
  {
    id: bigintPk(),
    cid: bigintId('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    status: integer('status').notNull().default(0),
    ...timestamps,
  },
  (t) => [unique('contest_register_cid_uid_unique').on(t.cid, t.uid), index().on(t.uid)],
);

/** ref §4.4 contest_announcement: links `announcement` rows to a contest. */
export const contestAnnouncement = pgTable(
  'contest_announcement',
  {
    id: bigintPk(),
    aid: bigintId('aid')
      .notNull()
      .references(() => announcement.id, { onDelete: 'cascade' }),
    cid: bigintId('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index().on(t.cid), index().on(t.aid)],
);

/** ref §4.4 contest_explanation (unused by HOJ's API, kept for imports). */
export const contestExplanation = pgTable(
  'contest_explanation',
  {
    id: bigintPk(),
    cid: bigintId('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    content: text('content'),
    ...timestamps,
  },
  (t) => [index().on(t.cid), index().on(t.uid)],
);

/** ref §4.4 contest_print: printing requests; status 0 not printed, 1 printed. */
export const contestPrint = pgTable(
  'contest_print',
  {
    id: bigintPk(),
    username: varchar('username', { length: 100 }).references(() => userInfo.username, {
      onDelete: 'cascade',
      onUpdate: 'cascade',
    }),
    realname: varchar('realname', { length: 100 }),
    cid: bigintId('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    status: integer('status').notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.cid), index().on(t.username)],
);

/** ref §4.4 contest_score (rating leftovers, unused by HOJ). */
export const contestScore = pgTable(
  'contest_score',
  {
    id: bigintPk(),
    cid: bigintId('cid')
      .notNull()
      .references(() => contest.id, { onDelete: 'cascade' }),
    last: integer('last'),
    change: integer('change'),
    now: integer('now'),
    ...timestamps,
  },
  (t) => [index().on(t.cid)],
);
