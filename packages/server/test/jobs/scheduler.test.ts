import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { scheduledJobRun } from '../../src/db/schema/index.ts';
import { defineJob, type Job } from '../../src/jobs/job.ts';
import { Scheduler, type SchedulerOptions } from '../../src/jobs/scheduler.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { gate, recordingLog } from './support.ts';

/**
 * Issue 9 item 3: periodic jobs run exactly once per period across every scheduler sharing the
 * database; the periods come from the injected clock, so these tests move it instead of sleeping.
 */
let t: TestDatabase;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(scheduledJobRun);
});

/** A job that counts its runs per period. */
function countingJob(name: string, schedule = '* * * * *') {
  const runs: string[] = [];
  const job = defineJob({
    name,
    schedule,
    run: async ({ period }) => {
      runs.push(period.toISOString());
    },
  });
  return { job, runs };
}

function scheduler(jobs: Job[], opts: Partial<SchedulerOptions> = {}) {
  return new Scheduler({ db: t.db, jobs, dataDir: '/nonexistent', log: recordingLog(), ...opts });
}

async function claims(job: string) {
  return t.db
    .select()
    .from(scheduledJobRun)
    .where(eq(scheduledJobRun.job, job))
    .orderBy(asc(scheduledJobRun.periodStart));
}

describe('Scheduler', () => {
  it('runs a job once per period however many schedulers share the database', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 30));
    const { job, runs } = countingJob('counted');
    const schedulers = ['a', 'b', 'c'].map((owner) => scheduler([job], { clock, owner }));

    for (let period = 0; period < 3; period++) {
      const outcomes = await Promise.all(schedulers.map((s) => s.runDue()));
      expect(outcomes.map((o) => o.counted).sort()).toEqual(['ran', 'taken', 'taken']);
      // a second turn within the same period finds it claimed
      expect((await Promise.all(schedulers.map((s) => s.runDue()))).map((o) => o.counted)).toEqual([
        'taken',
        'taken',
        'taken',
      ]);
      clock.advance(MINUTE);
    }
    expect(runs).toEqual([
      '2026-01-01T12:00:00.000Z',
      '2026-01-01T12:01:00.000Z',
      '2026-01-01T12:02:00.000Z',
    ]);
    const rows = await claims('counted');
    expect(rows.map((r) => r.periodStart.toISOString())).toEqual(runs);
    expect(rows.every((r) => r.finishedAt !== null && r.error === null)).toBe(true);
  });

  it('logs a failed job, records the error, and runs it again the next period', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 0));
    const log = recordingLog();
    let calls = 0;
    const job = defineJob({
      name: 'flaky',
      schedule: '* * * * *',
      run: async () => {
        if (++calls === 1) throw new Error('disk full');
      },
    });
    const other = countingJob('steady');
    const s = scheduler([job, other.job], { clock, log });

    expect(await s.runDue()).toEqual({ flaky: 'failed', steady: 'ran' });
    const failure = log.entries.find((e) => e.level === 'error');
    expect(failure?.fields).toMatchObject({ job: 'flaky', period: '2026-01-01T12:00:00.000Z' });
    expect((failure?.fields.err as Error).message).toBe('disk full');
    expect((await claims('flaky'))[0]).toMatchObject({ error: 'disk full' });
    // the failed period is not run again within it
    expect(await s.runDue('flaky')).toEqual({ flaky: 'taken' });

    clock.advance(MINUTE);
    expect(await s.runDue()).toEqual({ flaky: 'ran', steady: 'ran' });
    expect(calls).toBe(2);
    expect((await claims('flaky'))[1]).toMatchObject({ error: null });
  });

  it('does not start a job again in one process while it still runs, and leaves that period unclaimed', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 0));
    const hold = gate();
    let started = 0;
    const job = defineJob({
      name: 'slow',
      schedule: '* * * * *',
      run: async () => {
        // only the first run waits for the test
        if (++started === 1) await hold.promise;
      },
    });
    const log = recordingLog();
    const s = scheduler([job], { clock, log });
    const first = s.runDue();
    await expect.poll(() => started).toBe(1);
    clock.advance(MINUTE);
    expect(await s.runDue()).toEqual({ slow: 'busy' });
    expect(log.entries.some((e) => e.level === 'warn' && e.fields.job === 'slow')).toBe(true);
    // another server may still take the period this one skipped
    expect(await scheduler([job], { clock, owner: 'other' }).runDue()).toEqual({ slow: 'ran' });
    hold.open();
    expect(await first).toEqual({ slow: 'ran' });
    expect(started).toBe(2);
  });

  it('prunes its own claim rows once they are older than the retention', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 0));
    const { job } = countingJob('pruned');
    const kept = countingJob('other-job');
    const s = scheduler([job, kept.job], { clock, retentionMs: 10 * MINUTE });
    for (let i = 0; i < 5; i++) {
      await s.runDue();
      clock.advance(MINUTE);
    }
    expect(await claims('pruned')).toHaveLength(5);
    clock.advance(30 * MINUTE);
    await s.runDue('pruned');
    // only this period's row is left: the others are older than 10 minutes; other jobs keep theirs
    expect((await claims('pruned')).map((r) => r.periodStart.toISOString())).toEqual([
      '2026-01-01T12:35:00.000Z',
    ]);
    expect(await claims('other-job')).toHaveLength(5);
  });

  it("keeps a job's own retention when it names one", async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 0));
    const job = { ...countingJob('brief').job, retentionMs: 2 * MINUTE };
    const s = scheduler([job], { clock });
    for (let i = 0; i < 5; i++) {
      await s.runDue();
      clock.advance(MINUTE);
    }
    expect((await claims('brief')).map((r) => r.periodStart.toISOString())).toEqual([
      '2026-01-01T12:02:00.000Z',
      '2026-01-01T12:03:00.000Z',
      '2026-01-01T12:04:00.000Z',
    ]);
  });

  it('uses the period the clock is in: a daily job claims the last 03:00, once', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 2, 10, 0, 0));
    const { job, runs } = countingJob('nightly', '0 3 * * *');
    const s = scheduler([job], { clock });
    expect(await s.runDue()).toEqual({ nightly: 'ran' });
    clock.advance(16 * 60 * MINUTE); // 02:00 the next day: still the same period
    expect(await s.runDue()).toEqual({ nightly: 'taken' });
    clock.advance(60 * MINUTE); // 03:00
    expect(await s.runDue()).toEqual({ nightly: 'ran' });
    expect(runs).toEqual(['2026-01-02T03:00:00.000Z', '2026-01-03T03:00:00.000Z']);
  });

  it('replaces the patterns named in `schedules`, and refuses names of no job', () => {
    const a = countingJob('job-a', '0 3 * * *').job;
    const b = countingJob('job-b', '0 3 * * *').job;
    expect(scheduler([a, b], { schedules: { '*': '*/5 * * * * *', 'job-b': '0 * * * *' } }).schedule).toEqual(
      [
        { name: 'job-a', pattern: '*/5 * * * * *' },
        { name: 'job-b', pattern: '0 * * * *' },
      ],
    );
    expect(() => scheduler([a], { schedules: { 'job-c': '* * * * *' } })).toThrow(/no job is named "job-c"/);
    expect(() => scheduler([a, a])).toThrow(/two jobs are named "job-a"/);
    expect(() => defineJob({ name: 'Bad Name', schedule: '* * * * *', run: async () => {} })).toThrow();
    expect(() => defineJob({ name: 'bad-pattern', schedule: '* * *', run: async () => {} })).toThrow();
  });

  it('start() gives each job its current period at once; its timers then fire on the pattern', async () => {
    const schedulers = ['a', 'b'].map((owner) => {
      const counted = countingJob('every-second', '* * * * * *');
      return { counted, s: scheduler([counted.job], { owner }) };
    });
    for (const { s } of schedulers) s.start();
    await expect
      .poll(async () => (await claims('every-second')).length, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(3);
    await Promise.all(schedulers.map(({ s }) => s.stop()));
    const rows = await claims('every-second');
    const runs = schedulers.flatMap(({ counted }) => counted.runs).sort();
    // every claimed period ran once, in one of the two schedulers
    expect(runs).toEqual(rows.map((r) => r.periodStart.toISOString()));
    expect(new Set(runs).size).toBe(runs.length);
    // stopped: no turn starts any more
    expect(await schedulers[0]!.s.runDue()).toEqual({ 'every-second': 'none' });
  });
});
