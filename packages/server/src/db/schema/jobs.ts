import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * One row per run of a periodic job (src/jobs/): the server process whose insert of (job,
 * period_start) succeeded runs that period, so each period runs once across every server sharing the
 * database. The scheduler prunes rows older than its retention.
 */
export const scheduledJobRun = pgTable(
  'scheduled_job_run',
  {
    job: text('job').notNull(),
    /** the scheduled instant this run stands for (from the job's cron pattern, UTC) */
    periodStart: timestamptz('period_start').notNull(),
    /** host name and pid of the process that claimed the period */
    claimedBy: text('claimed_by').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    /** the error message when the run failed */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodStart] })],
);
