import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { captcha, scheduledJobRun } from '../../src/db/schema/index.ts';
import { JOBS } from '../../src/jobs/index.ts';
import { freePort, startVerdict, type VerdictProcess } from '../helpers/verdict-process.ts';
import { onServer } from '../helpers/db.ts';

/**
 * Issue 9 item 3: two real server processes on one PostgreSQL database run every periodic job once
 * per period between them. Each process logs its turns (pino JSON lines): 'scheduled job done' for
 * a period it ran, 'period already claimed' for one the other took.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const PERIODS = 3;

interface Turn {
  server: number;
  job: string;
  period: string;
  ran: boolean;
}

/** The scheduler's turns in one process's output. */
function turnsOf(server: number, output: string): Turn[] {
  const turns: Turn[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; job?: string; period?: string };
    if (entry.msg !== 'scheduled job done' && entry.msg !== 'scheduled job: period already claimed') continue;
    turns.push({ server, job: entry.job!, period: entry.period!, ran: entry.msg === 'scheduled job done' });
  }
  return turns;
}

// Only a real PostgreSQL server can be shared by several server processes.
describe.runIf(serverUrl)('two server processes on one PostgreSQL', () => {
  const name = `verdict_test_${randomBytes(6).toString('hex')}`;
  let url: string;
  let dataDir: string;
  let database: DatabaseHandle | undefined;
  const servers: VerdictProcess[] = [];

  beforeAll(async () => {
    await onServer(serverUrl!, `create database "${name}"`);
    const u = new URL(serverUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    dataDir = await mkdtemp(path.join(tmpdir(), 'verdict-two-servers-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await database?.close();
    await onServer(serverUrl!, `drop database if exists "${name}" with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('each job runs exactly once per period between them', { timeout: 180_000 }, async () => {
    for (let i = 0; i < 2; i++) {
      servers.push(
        await startVerdict({
          DATABASE_URL: url,
          DATA_DIR: dataDir, // the storage directory servers share (ARCHITECTURE "many machines")
          PORT: String(await freePort()),
          VERDICT_ROOT_PASSWORD: 'root-pass-1',
          LOG_LEVEL: 'debug',
          JOB_SCHEDULES: '*=*/2 * * * * *',
        }),
      );
    }
    database = await openDatabase({ url });
    const db = database.db;
    // a job's visible effect: an expired captcha goes
    await db.insert(captcha).values({ key: 'stale', kind: 'image', answer: 'x', expiresAt: new Date(0) });

    // Enough periods in which both servers were up: the claims made after the second one started.
    const bothUp = new Date();
    await expect
      .poll(
        async () => {
          const rows = await db.select().from(scheduledJobRun);
          return Math.min(
            ...JOBS.map((job) => rows.filter((r) => r.job === job.name && r.periodStart >= bothUp).length),
          );
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(PERIODS);
    await expect.poll(() => db.select().from(captcha).where(eq(captcha.key, 'stale'))).toEqual([]);

    expect(await Promise.all(servers.map((server) => server.stop()))).toEqual([0, 0]);
    const turns = servers.flatMap((server, i) => turnsOf(i, server.output()));
    const rows = await db.select().from(scheduledJobRun);

    for (const job of JOBS) {
      const ran = turns.filter((turn) => turn.job === job.name && turn.ran).map((turn) => turn.period);
      // no period ran twice, in one server or across both
      expect(new Set(ran).size, job.name).toBe(ran.length);
      // and every claim row is a run that happened (and finished without error)
      const claimed = rows.filter((row) => row.job === job.name);
      expect(claimed.map((row) => row.periodStart.toISOString()).sort(), job.name).toEqual([...ran].sort());
      expect(
        claimed.every((row) => row.finishedAt !== null && row.error === null),
        job.name,
      ).toBe(true);
    }
    // The two competed: some period was run by one server and found already claimed by the other.
    const contested = turns.filter(
      (turn) =>
        turn.ran &&
        turns.some(
          (o) => !o.ran && o.server !== turn.server && o.job === turn.job && o.period === turn.period,
        ),
    );
    expect(contested.length).toBeGreaterThan(0);
  });
});
