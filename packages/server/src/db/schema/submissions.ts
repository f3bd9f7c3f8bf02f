import { JudgeStatus, UNFINISHED_STATUSES } from '@verdict/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { bigintId, bigintPk, timestamps, timestamptz } from './columns.ts';
import { group } from './groups.ts';
import { problem } from './problems.ts';
import { userInfo } from './users.ts';

/**
 * Queue priority: a higher number is claimed first (ARCHITECTURE "judge gateway").
 * Test runs live in `test_run` but share the scale so one claim can order both queues.
 */
export const JUDGE_PRIORITY = { contest: 3, ordinary: 2, testRun: 1, rejudge: 0 } as const;

/** Lease columns shared by the two judge queues (`judge` and `test_run`). */
const leaseColumns = (defaultPriority: number) => ({
  /** higher is claimed first, see JUDGE_PRIORITY */
  priority: integer('priority').notNull().default(defaultPriority),
  /** id of the judge worker holding the task */
  leaseOwner: text('lease_owner'),
  /** the task goes back to the queue once this passes without a report */
  leaseExpiresAt: timestamptz('lease_expires_at'),
  /** incremented on every claim; a report carrying an older attempt is ignored */
  attempt: integer('attempt').notNull().default(0),
});

/**
 * The claim query `… WHERE status IN (5, 6, 7) ORDER BY priority DESC, <id> FOR UPDATE SKIP LOCKED` reads a
 * partial index over the unfinished rows only (Pending, Compiling, Judging; an expired lease is reclaimed).
 */
const unfinishedCondition = sql.raw(`status in (${UNFINISHED_STATUSES.join(', ')})`);

/**
 * ref §4.3 judge: one row per submission, and the judge queue itself. HOJ's composite primary key
 * (submit_id, pid, display_pid, uid, cid) is reduced to submit_id. `cid` has no FK on purpose: a contest's
 * submissions survive its deletion (ref §4 intro).
 */
export const judge = pgTable(
  'judge',
  {
    submitId: bigintPk('submit_id'),
    pid: bigintId('pid')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    /** the problem's problem_id at submission time */
    displayPid: varchar('display_pid', { length: 255 }).notNull(),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    username: varchar('username', { length: 255 }).references(() => userInfo.username, {
      onDelete: 'cascade',
      onUpdate: 'cascade',
    }),
    submitTime: timestamptz('submit_time').notNull().defaultNow(),
    /**
     * ref §8.1 (`JudgeStatus` in @verdict/shared): -4 Cancelled, -3 PE, -2 CE, -1 WA, 0 AC, 1 TLE, 2 MLE,
     * 3 RE, 4 System Error, 5 Pending, 6 Compiling, 7 Judging, 8 Partial Accepted, 10 Submitted Failed.
     * (-10, -5 and 9 exist in the UI only.)
     */
    status: integer('status').notNull().default(JudgeStatus.PENDING),
    share: boolean('share').notNull().default(false),
    /** compile error text, system/submit error text, remote CE text */
    errorMessage: text('error_message'),
    /** ms */
    time: integer('time'),
    /** KB */
    memory: integer('memory'),
    score: integer('score'),
    /** characters of code */
    length: integer('length'),
    code: text('code').notNull(),
    language: varchar('language', { length: 255 }),
    gid: bigintId('gid').references(() => group.id, { onDelete: 'cascade' }),
    /** 0 = not in a contest */
    cid: bigintId('cid').notNull().default(0),
    /** contest_problem.id, 0 = not in a contest */
    cpid: bigintId('cpid').notNull().default(0),
    /** judge worker name; the admin's username for manual judge / cancel */
    judger: varchar('judger', { length: 255 }),
    ip: varchar('ip', { length: 64 }),
    /** optimistic lock, incremented on rejudge */
    version: integer('version').notNull().default(0),
    /** OI rank points (ref §7.11); null for ACM problems */
    oiRankScore: integer('oi_rank_score'),
    vjudgeSubmitId: bigintId('vjudge_submit_id'),
    vjudgeUsername: varchar('vjudge_username', { length: 255 }),
    vjudgePassword: varchar('vjudge_password', { length: 255 }),
    isManual: boolean('is_manual').notNull().default(false),
    // Whether the problem is not public (auth <> 1 or is_group), kept by triggers (migration 0021):
    // the public lists leave such submissions out (ref §7.7) by reading it from their index.
    problemHidden: boolean('problem_hidden').notNull().default(false),
    ...leaseColumns(JUDGE_PRIORITY.rejudge),
    ...timestamps,
  },
  (t) => [
    index('judge_claim_idx').on(t.priority.desc().nullsFirst(), t.submitId).where(unfinishedCondition),
    index().on(t.submitTime),
    index().on(t.uid, t.submitTime),
    index().on(t.pid, t.status),
    index().on(t.cid, t.submitTime),
    index().on(t.username),
    index().on(t.gid),
    // The public submission list (non-contest, non-group), newest first (ref §3.4 get-submission-list),
    // read backwards; the page's ids come from the index alone, the problem filter, the status filter
    // and whether the problem is public included (trailing key columns: Drizzle has no INCLUDE).
    index('judge_public_list_idx')
      .on(t.submitTime, t.submitId, t.pid, t.status, t.problemHidden)
      .where(sql`cid = 0 and gid is null`),
    // The same list filtered by status: a rare status is found directly, not by skipping the others.
    index('judge_public_status_idx')
      .on(t.status, t.submitTime, t.submitId, t.pid, t.problemHidden)
      .where(sql`cid = 0 and gid is null`),
    // The same list filtered by problem.
    index('judge_public_problem_idx')
      .on(t.pid, t.submitTime, t.submitId)
      .where(sql`cid = 0 and gid is null`),
    // A user's status on given problems, last accepted code, full-screen lists (ref §7.9).
    index('judge_uid_pid_idx').on(t.uid, t.pid),
  ],
);

/**
 * Counts of the non-contest, non-group submissions (`cid = 0 and gid is null`) per status, and per
 * problem and status. They are kept by statement-level triggers on `judge` (migration
 * 0004_judge_counter_triggers, extended in 0009), in the same transaction as every insert, status change or delete,
 * whoever makes it (submit, gateway result, rejudge, cascade). The problem statistics of ref §7.8
 * and the submission list total then cost a few row reads instead of a count over every submission.
 * `pid` has no foreign key on purpose: deleting a problem deletes its judge rows first, and the
 * trigger must still be able to write the decrement; the problem service removes the rows after.
 */
export const judgeStatusCount = pgTable('judge_status_count', {
  status: integer('status').primaryKey(),
  n: bigintId('n').notNull().default(0),
});

/**
 * The part of judgeStatusCount that belongs to problems that are not public (hidden, contest-only
 * or a group's: `auth <> 1 or is_group`), whose submissions the public submission list leaves out
 * (ref §7.7): that list's total is judgeStatusCount minus this, a few row reads whatever the number
 * of such problems. Kept by the same triggers on `judge`, which look the problem up, and by
 * triggers on `problem` when its publicness changes or it is deleted (migration
 * 0009_judge_hidden_counter_triggers).
 */
export const judgeHiddenStatusCount = pgTable('judge_hidden_status_count', {
  status: integer('status').primaryKey(),
  n: bigintId('n').notNull().default(0),
});

export const judgeProblemCount = pgTable(
  'judge_problem_count',
  {
    pid: bigintId('pid').notNull(),
    status: integer('status').notNull(),
    n: bigintId('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pid, t.status] })],
);

/**
 * ref §4.3 judge_case: per-case results. `input_data` / `output_data` are test file names and
 * `user_output` holds the case message, not the program output.
 */
export const judgeCase = pgTable(
  'judge_case',
  {
    id: bigintPk(),
    submitId: bigintId('submit_id')
      .notNull()
      .references(() => judge.submitId, { onDelete: 'cascade' }),
    /**
     * The submission's user and problem, copied from its judge row. No foreign keys of their own: a
     * case goes with its submission (submit_id's cascade), and the submission with its user or
     * problem, so two more checks on every case written would guard nothing (issue 25: a verdict's
     * cost on the server).
     */
    uid: text('uid').notNull(),
    pid: bigintId('pid').notNull(),
    /** problem_case.id at judge time; no FK so results outlive replaced test data */
    caseId: bigintId('case_id'),
    status: integer('status'),
    time: integer('time'),
    memory: integer('memory'),
    score: integer('score'),
    groupNum: integer('group_num'),
    /** 1-based case order */
    seq: integer('seq'),
    /** case mode (ref §8.10) */
    mode: varchar('mode', { length: 255 }).notNull().default('default'),
    inputData: text('input_data'),
    outputData: text('output_data'),
    userOutput: text('user_output'),
    ...timestamps,
  },
  (t) => [index().on(t.submitId)],
);

/** ref §4.1 user_acproblem: one row per accepted non-contest, non-group submission. */
export const userAcproblem = pgTable(
  'user_acproblem',
  {
    id: bigintPk(),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    pid: bigintId('pid')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    submitId: bigintId('submit_id')
      .notNull()
      .references(() => judge.submitId, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    index().on(t.uid, t.pid),
    index().on(t.pid),
    index().on(t.submitId),
    // the home page's 7-day AC rank (ref §3.2): rows created since a week ago
    index().on(t.gmtCreate, t.uid, t.pid),
  ],
);

/**
 * What a user did on one problem in the public scope (`cid = 0 and gid is null`): submissions, how
 * many of them are accepted, and the best OI rank score (ref §7.11). Kept by statement-level
 * triggers on `judge` (migration 0015_user_rank_counters) in the transaction of every insert,
 * verdict, rejudge or delete; a pair without submissions has no row. It feeds `user_record`'s rank
 * counters and the user home's solved, tried and score lists. No foreign keys, like the other
 * counters: a cascade deleting a user's or a problem's submissions must still be able to write.
 *
 * It also holds the pair's cell of a Public training's rank (ref §7.13; migration
 * 0017_training_rank_cells): of the submissions with a ranked verdict (PE, CE, WA, AC, TLE, MLE, RE,
 * PA), the first one, the first accepted one with its score and the fastest accepted run, and the
 * latest one with its verdict and score. The same triggers read them again from `judge` for every
 * pair whose ranked verdicts, run times or scores changed, so a rank is one aggregate over the
 * training's problems' cells instead of over their submissions.
 */
export const userProblemStat = pgTable(
  'user_problem_stat',
  {
    uid: text('uid').notNull(),
    pid: bigintId('pid').notNull(),
    submissions: integer('submissions').notNull().default(0),
    accepted: integer('accepted').notNull().default(0),
    bestScore: integer('best_score'),
    /** the first submission with a ranked verdict (null: none yet, the pair is not in a rank) */
    firstRankedId: bigintId('first_ranked_id'),
    /** the first accepted submission, the one a solved cell stands for */
    acSubmitId: bigintId('ac_submit_id'),
    /** ms, the fastest accepted run */
    acTime: integer('ac_time'),
    /** the first accepted submission's score */
    acScore: integer('ac_score'),
    /** the latest submission with a ranked verdict, what an unsolved cell shows */
    lastRankedId: bigintId('last_ranked_id'),
    lastStatus: integer('last_status'),
    lastScore: integer('last_score'),
  },
  (t) => [
    primaryKey({ columns: [t.uid, t.pid] }),
    // a training rank: the cells of its problems
    index('user_problem_stat_ranked_idx')
      .on(t.pid, t.uid)
      .where(sql`first_ranked_id is not null`),
  ],
);

/**
 * Online test ("test judge", ref §8.12): the program runs once on the user's input. HOJ kept these in
 * Redis (ref §5 TEST_JUDGE_*); here they are a second judge queue with the same lease columns.
 */
export const testRun = pgTable(
  'test_run',
  {
    /** uuid, the `testJudgeKey` returned to the client */
    id: text('id').primaryKey(),
    uid: text('uid')
      .notNull()
      .references(() => userInfo.uuid, { onDelete: 'cascade' }),
    pid: bigintId('pid')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 255 }).notNull(),
    code: text('code').notNull(),
    input: text('input').notNull(),
    /** optional; without it a clean run is Accepted */
    expectedOutput: text('expected_output'),
    status: integer('status').notNull().default(JudgeStatus.PENDING),
    time: integer('time'),
    memory: integer('memory'),
    /** truncated program output */
    output: text('output'),
    /** compiler output or stderr */
    errorMessage: text('error_message'),
    ...leaseColumns(JUDGE_PRIORITY.testRun),
    gmtCreate: timestamps.gmtCreate,
  },
  (t) => [
    index('test_run_claim_idx').on(t.priority.desc().nullsFirst(), t.gmtCreate).where(unfinishedCondition),
    index().on(t.uid),
    index().on(t.gmtCreate),
  ],
);
