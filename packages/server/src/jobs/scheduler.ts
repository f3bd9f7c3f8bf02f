import os from 'node:os';
import { Cron } from 'croner';
import { and, eq, lt } from 'drizzle-orm';
import { systemClock, type Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { scheduledJobRun } from '../db/schema/index.ts';
import { cronOf, periodOf, type Job, type JobLog, type JobOptions } from './job.ts';

/**
 * What became of one job's turn: `ran` / `failed` (this process claimed the period), `taken`
 * (another process, or an earlier turn, claimed it), `busy` (this process still runs the previous
 * period, so nothing was claimed), `none` (the pattern has no instant yet, or the scheduler stopped).
 */
export type RunOutcome = 'ran' | 'failed' | 'taken' | 'busy' | 'none';

export interface SchedulerOptions {
  db: Db;
  jobs: readonly Job[];
  dataDir: string;
  log: JobLog;
  /** settings passed to every run (JobContext.options) */
  options?: JobOptions;
  /** whose time decides the period and the jobs' `now` (tests move a ManualClock) */
  clock?: Clock;
  /** cron pattern per job name replacing the job's own; '*' replaces every job's (JOB_SCHEDULES) */
  schedules?: Readonly<Record<string, string>>;
  /** how long claim rows are kept (a week by default): the history of recent runs */
  retentionMs?: number;
  /** who claims, as recorded in the claim rows; host name and pid by default */
  owner?: string;
}

export const DEFAULT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

interface Entry {
  job: Job;
  pattern: string;
  cron: Cron;
}

/**
 * Runs periodic jobs exactly once per period across every server process sharing the database.
 * croner decides *when* (cron patterns, UTC); the database decides *who*: each turn inserts
 * (job, period) into `scheduled_job_run`, and only the process whose insert went in runs the job.
 * Unlike an advisory lock, the row stays, so a process that comes late to a period does not run it
 * again. Works alike on PGlite and on a PostgreSQL server.
 */
export class Scheduler {
  private readonly entries: Entry[];
  private readonly db: Db;
  private readonly log: JobLog;
  private readonly clock: Clock;
  private readonly retentionMs: number;
  private readonly owner: string;
  private readonly running = new Map<string, Promise<RunOutcome>>();
  private timers: Cron[] = [];
  private stopped = false;

  constructor(private readonly opts: SchedulerOptions) {
    this.db = opts.db;
    this.log = opts.log;
    this.clock = opts.clock ?? systemClock;
    this.retentionMs = opts.retentionMs ?? DEFAULT_RETENTION_MS;
    this.owner = opts.owner ?? `${os.hostname()}:${process.pid}`;
    const schedules = opts.schedules ?? {};
    const names = opts.jobs.map((job) => job.name);
    const duplicate = names.find((name, i) => names.indexOf(name) !== i);
    if (duplicate) throw new Error(`two jobs are named "${duplicate}"`);
    const unknown = Object.keys(schedules).filter((name) => name !== '*' && !names.includes(name));
    if (unknown.length > 0) throw new Error(`no job is named ${unknown.map((n) => `"${n}"`).join(', ')}`);
    this.entries = opts.jobs.map((job) => {
      const pattern = schedules[job.name] ?? schedules['*'] ?? job.schedule;
      return { job, pattern, cron: cronOf(pattern) };
    });
  }

  /** Each job's name and the pattern it runs on. */
  get schedule(): { name: string; pattern: string }[] {
    return this.entries.map(({ job, pattern }) => ({ name: job.name, pattern }));
  }

  /**
   * Starts a timer per job, and gives each job its current period at once: a period that passed
   * while no server ran (a daily job at 03:00, the servers down from 02:00 to 04:00) is made up.
   */
  start(): void {
    if (this.timers.length > 0 || this.stopped) return;
    for (const entry of this.entries) {
      // unref: a pending timer alone does not keep the process alive.
      this.timers.push(
        new Cron(entry.pattern, { timezone: 'UTC', unref: true }, () => void this.turn(entry)),
      );
      void this.turn(entry);
    }
  }

  /** Stops the timers and waits for the runs in progress (call before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) timer.stop();
    this.timers = [];
    await Promise.allSettled(this.running.values());
  }

  /**
   * Gives every job (or the named one) its turn for the period the clock is in, as the timers do;
   * tests call it after moving a ManualClock.
   */
  async runDue(name?: string): Promise<Record<string, RunOutcome>> {
    const entries = this.entries.filter((entry) => name === undefined || entry.job.name === name);
    if (entries.length === 0) throw new Error(`no job is named "${name}"`);
    const outcomes = await Promise.all(entries.map((entry) => this.turn(entry)));
    return Object.fromEntries(entries.map((entry, i) => [entry.job.name, outcomes[i]!]));
  }

  /** One turn of one job; never rejects. A job still running skips the turn without claiming it. */
  private turn(entry: Entry): Promise<RunOutcome> {
    const name = entry.job.name;
    if (this.stopped) return Promise.resolve('none');
    if (this.running.has(name)) {
      this.log.warn({ job: name }, 'scheduled job still running; this period is left to other servers');
      return Promise.resolve('busy');
    }
    const run = this.claimAndRun(entry)
      .catch((error: unknown): RunOutcome => {
        // claimAndRun catches what a job or the database throws; this is for its own mistakes,
        // which must not become an unhandled rejection that ends the process.
        this.log.error({ job: name, err: error }, 'scheduled job: turn failed');
        return 'failed';
      })
      .finally(() => this.running.delete(name));
    this.running.set(name, run);
    return run;
  }

  private async claimAndRun({ job, cron }: Entry): Promise<RunOutcome> {
    const now = this.clock.now();
    const period = periodOf(cron, now);
    if (!period) return 'none';
    const fields = { job: job.name, period: period.toISOString() };
    let claimed: boolean;
    try {
      claimed = await this.claim(job.name, period, now);
    } catch (error) {
      this.log.error({ ...fields, err: error }, 'scheduled job: could not claim its period');
      return 'failed';
    }
    if (!claimed) {
      this.log.debug(fields, 'scheduled job: period already claimed');
      return 'taken';
    }
    let failure: unknown;
    try {
      await job.run({
        db: this.db,
        now,
        period,
        dataDir: this.opts.dataDir,
        log: this.log,
        options: this.opts.options ?? {},
      });
    } catch (error) {
      failure = error;
    }
    const finishedAt = this.clock.now();
    const ms = finishedAt.getTime() - now.getTime();
    if (failure === undefined) this.log.info({ ...fields, ms }, 'scheduled job done');
    // The next period runs it again; nothing else retries.
    else this.log.error({ ...fields, ms, err: failure }, 'scheduled job failed');
    try {
      await this.finish(job.name, period, finishedAt, failure);
      await this.prune(job.name, now, job.retentionMs ?? this.retentionMs);
    } catch (error) {
      this.log.error({ ...fields, err: error }, 'scheduled job: could not record its run');
    }
    return failure === undefined ? 'ran' : 'failed';
  }

  /** The insert that decides which process runs the period: only one can succeed. */
  private async claim(job: string, period: Date, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(scheduledJobRun)
      .values({ job, periodStart: period, claimedBy: this.owner, startedAt: now })
      .onConflictDoNothing()
      .returning({ job: scheduledJobRun.job });
    return rows.length === 1;
  }

  private async finish(job: string, period: Date, finishedAt: Date, failure: unknown): Promise<void> {
    const error = failure === undefined ? null : failure instanceof Error ? failure.message : String(failure);
    await this.db
      .update(scheduledJobRun)
      .set({ finishedAt, error })
      .where(and(eq(scheduledJobRun.job, job), eq(scheduledJobRun.periodStart, period)));
  }

  /** Claims older than the retention are history nobody needs; no turn can ask for them again. */
  private async prune(job: string, now: Date, retentionMs: number): Promise<void> {
    await this.db
      .delete(scheduledJobRun)
      .where(
        and(
          eq(scheduledJobRun.job, job),
          lt(scheduledJobRun.periodStart, new Date(now.getTime() - retentionMs)),
        ),
      );
  }
}
