import {
  bigint,
  boolean,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { bigintId, bigintPk, timestamps } from './columns.ts';
import { group } from './groups.ts';
import { problem } from './problems.ts';
import { judge } from './submissions.ts';
import { userInfo } from './users.ts';

/** ref §4.5 training. */
export const training = pgTable(
  'training',
  {
    id: bigintPk(),
    /** the admin form allows 500 characters (ref §7.13) */
    title: varchar('title', { length: 500 }),
    description: text('description'),
    /** creator's username */
    author: varchar('author', { length: 255 }).notNull(),
    /** 'Public' | 'Private' */
    auth: varchar('auth', { length: 255 }).notNull(),
    privatePwd: varchar('private_pwd', { length: 255 }),
    /** sort key, ascending */
    rank: integer('rank').notNull().default(0),
    /** visible */
    status: boolean('status').notNull().default(true),
    isGroup: boolean('is_group').notNull().default(false),
    gid: bigintId('gid').references(() => group.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index().on(t.status, t.isGroup, t.rank), index().on(t.gid)],
);

/** ref §4.5 training_category (site-wide when gid is null). */
export const trainingCategory = pgTable(
  'training_category',
  {
    id: bigintPk(),
    name: varchar('name', { length: 255 }),
    color: varchar('color', { length: 255 }),
    gid: bigintId('gid').references(() => group.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index().on(t.gid)],
);

/** ref §4.5 training ↔ category. */
export const mappingTrainingCategory = pgTable(
  'mapping_training_category',
  {
    id: bigintPk(),
    tid: bigintId('tid')
      .notNull()
      .references(() => training.id, { onDelete: 'cascade' }),
    /** training_category.id */
    cid: bigintId('cid')
      .notNull()
      .references(() => trainingCategory.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index().on(t.tid), index().on(t.cid)],
);

/** ref §4.5 training_problem; `display_id` follows the problem's problem_id through ON UPDATE CASCADE. */
export const trainingProblem = pgTable(
  'training_problem',
  {
    id: bigintPk(),
    tid: bigintId('tid')
      .notNull()
      .references(() => training.id, { onDelete: 'cascade' }),
    pid: bigintId('pid')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull().default(0),
    displayId: varchar('display_id', { length: 255 })
      .notNull()
      .references(() => problem.problemId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    unique('training_problem_tid_pid_unique').on(t.tid, t.pid),
    index().on(t.pid),
    index().on(t.displayId),
  ],
);

/** ref §4.5 training_register: status true allowed, false banned from the training. */
export const trainingRegister = pgTable(
  'training_register',
  {
    id: bigintPk(),
    tid: bigintId('tid')
      .notNull()
      .references(() => training.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    status: boolean('status').notNull().default(true),
    ...timestamps,
  },
  (t) => [unique('training_register_tid_uid_unique').on(t.tid, t.uid), index().on(t.uid)],
);

/** ref §4.5 training_record: written only for Private trainings the user registered for (ref §7.13). */
export const trainingRecord = pgTable(
  'training_record',
  {
    id: bigintPk(),
    tid: bigintId('tid')
      .notNull()
      .references(() => training.id, { onDelete: 'cascade' }),
    /** training_problem.id */
    tpid: bigintId('tpid')
      .notNull()
      .references(() => trainingProblem.id, { onDelete: 'cascade' }),
    pid: bigintId('pid')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    submitId: bigintId('submit_id')
      .notNull()
      .references(() => judge.submitId, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index().on(t.tid, t.uid),
    index().on(t.tpid),
    index().on(t.pid),
    index().on(t.uid),
    index().on(t.submitId),
  ],
);

/**
 * A training's rank, one row per ranked user (reference §7.13, issue 14): what `get-training-rank`
 * pages through an index instead of aggregating every cell on each call. Kept by the triggers of
 * migration 0018 from the cells (`user_problem_stat` for Public trainings, `training_record` and
 * `judge` for Private ones), and rebuilt for the whole training when its problems or auth change.
 */
export const trainingRankRow = pgTable(
  'training_rank_row',
  {
    tid: bigintId('tid')
      .notNull()
      .references(() => training.id, { onDelete: 'cascade' }),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    /** problems solved */
    ac: integer('ac').notNull(),
    /** ms, the solved problems' fastest accepted runs added */
    totalRunTime: bigint('total_run_time', { mode: 'number' }).notNull(),
    /** the user's first ranked submission of the training: who got there first wins a tie */
    firstSubmit: bigintId('first_submit').notNull(),
    /** display id → cell, the `submissionInfo` of TrainingRankVO */
    info: json('info').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tid, t.uid] }),
    index('training_rank_row_order_idx').on(t.tid, t.ac.desc().nullsFirst(), t.totalRunTime, t.firstSubmit),
  ],
);

/** How many rows a training's rank holds (kept by a trigger on training_rank_row): a page's total. */
export const trainingRankSize = pgTable('training_rank_size', {
  tid: bigintId('tid')
    .primaryKey()
    .references(() => training.id, { onDelete: 'cascade' }),
  users: integer('users').notNull().default(0),
});
