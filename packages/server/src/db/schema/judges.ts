import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { bigintId, intPk, timestamps, timestamptz } from './columns.ts';

/**
 * ref §4.3 judge_server: one row per judge worker. Verdict's workers pull tasks from the judge gateway
 * (ARCHITECTURE), so HOJ's ip / port / url (the address the back end pushed to) and the legacy
 * cf_submittable are replaced by the worker's self-description and a heartbeat.
 */
export const judgeServer = pgTable(
  'judge_server',
  {
    id: intPk(),
    name: varchar('name', { length: 255 }).notNull().unique(),
    /** address the worker connects from, for the admin dashboard */
    host: varchar('host', { length: 255 }),
    cpuCore: integer('cpu_core').notNull().default(0),
    /** concurrency */
    maxTaskNumber: integer('max_task_number').notNull().default(1),
    /** tasks running now */
    taskNumber: integer('task_number').notNull().default(0),
    /** 0 usable, 1 disabled */
    status: integer('status').notNull().default(0),
    /** also judges remote (vjudge) problems */
    isRemote: boolean('is_remote').notNull().default(false),
    version: text('version'),
    /** language names the worker offers */
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    lastHeartbeat: timestamptz('last_heartbeat'),
    ...timestamps,
  },
  (t) => [index().on(t.isRemote)],
);

/**
 * ref §4.3 / §10.1 remote_judge_account: the account pool per remote OJ. `status` true = free.
 * The lease columns let a crashed worker's account return to the pool (HOJ only reset it at restart).
 */
export const remoteJudgeAccount = pgTable(
  'remote_judge_account',
  {
    id: intPk(),
    /** 'HDU' | 'CF' | 'POJ' | 'SPOJ' | 'AC' | 'LIBRE' (GYM uses CF's accounts) */
    oj: varchar('oj', { length: 50 }).notNull(),
    username: varchar('username', { length: 255 }).notNull(),
    password: varchar('password', { length: 255 }).notNull(),
    status: boolean('status').notNull().default(true),
    version: bigintId('version').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamptz('lease_expires_at'),
    ...timestamps,
  },
  (t) => [unique('remote_judge_account_oj_username_unique').on(t.oj, t.username)],
);

/**
 * A request to compile a special judge or an interactor on a judge worker (ref §3.12 compile-spj /
 * compile-interactive). HOJ's back end called one judge server over HTTP and passed its answer through;
 * Verdict's workers pull (ARCHITECTURE "judge gateway"), so the admin's request waits on a row here
 * that any server process can see and any worker offering the language can claim. Rows are short-lived:
 * the waiting request deletes its row when it answers, and stale rows are swept.
 */
export const judgeCompileCheck = pgTable(
  'judge_compile_check',
  {
    /** uuid */
    id: text('id').primaryKey(),
    /** 'spj' | 'interactive' */
    kind: varchar('kind', { length: 16 }).$type<'spj' | 'interactive'>().notNull(),
    /** a checker language name of the language table ("C", "C++") */
    language: varchar('language', { length: 255 }).notNull(),
    code: text('code').notNull(),
    /** file name → content, written beside the source (HOJ's extraFiles) */
    extraFiles: jsonb('extra_files').$type<Record<string, string>>().notNull().default({}),
    /** 'pending' | 'claimed' | 'done' */
    status: varchar('status', { length: 16 })
      .$type<'pending' | 'claimed' | 'done'>()
      .notNull()
      .default('pending'),
    /** set when done: the compiler accepted the code */
    ok: boolean('ok'),
    /** set when done: the compiler's output (empty when it said nothing) */
    message: text('message'),
    /** judge worker name holding or having answered the check */
    workerName: text('worker_name'),
    /** incremented on every claim; a report carrying an older attempt is ignored */
    attempt: integer('attempt').notNull().default(0),
    /** a claimed check whose worker went silent past this is claimable again */
    leaseExpiresAt: timestamptz('lease_expires_at'),
    gmtCreate: timestamps.gmtCreate,
    claimedAt: timestamptz('claimed_at'),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('judge_compile_check_open_idx')
      .on(t.gmtCreate)
      .where(sql`status <> 'done'`),
  ],
);
