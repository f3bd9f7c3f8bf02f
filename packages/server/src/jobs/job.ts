import { Cron } from 'croner';
import type { Db } from '../db/client.ts';

/** The logger a job writes to: pino's signature, so Fastify's `app.log` fits. */
export interface JobLog {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** What one run of a job gets. */
export interface JobContext {
  db: Db;
  /** the injected clock's time when the run started */
  now: Date;
  /** the scheduled instant this run stands for (one run per period across all servers) */
  period: Date;
  /** DATA_DIR, where uploaded files live */
  dataDir: string;
  log: JobLog;
  /** settings some jobs need (config.ts) */
  options: JobOptions;
}

/** What jobs read of the configuration. */
export interface JobOptions {
  /** CODEFORCES_API_URL: where the `codeforces-ratings` job asks; unset, that job is off */
  codeforcesApiUrl?: string;
}

/**
 * A periodic job: a name (the key of its runs in `scheduled_job_run`), when it runs, and what it does.
 * Adding a job is one `defineJob` in a file under src/jobs/ and one entry in `JOBS` (jobs/index.ts).
 */
export interface Job {
  /** lower-case words joined by '-'; JOB_SCHEDULES names jobs by it */
  name: string;
  /** a cron pattern in croner's syntax (5 fields, or 6 with seconds first), read in UTC */
  schedule: string;
  run(ctx: JobContext): Promise<void>;
  /**
   * How long its claim rows are kept; the scheduler's retention (a week) by default. A job that runs
   * every few seconds keeps less. Must be longer than its period.
   */
  retentionMs?: number;
}

export const JOB_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export function defineJob(job: Job): Job {
  if (!JOB_NAME.test(job.name))
    throw new Error(`job name "${job.name}" must be lower-case words joined by '-'`);
  cronOf(job.schedule);
  if (job.retentionMs !== undefined && !(job.retentionMs > 0))
    throw new Error(`job ${job.name}: retentionMs must be positive`);
  return job;
}

/** A parsed cron pattern, without a timer; throws croner's message on a bad pattern. */
export function cronOf(pattern: string): Cron {
  return new Cron(pattern, { timezone: 'UTC' });
}

/**
 * The period `now` falls in: the latest instant of the pattern at or before `now`. (croner's
 * previousRuns leaves out an instant equal to its reference, hence the millisecond.)
 */
export function periodOf(cron: Cron, now: Date): Date | undefined {
  return cron.previousRuns(1, new Date(now.getTime() + 1))[0];
}
