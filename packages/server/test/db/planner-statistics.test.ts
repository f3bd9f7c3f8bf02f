import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeChangedTables } from '../../src/db/planner-statistics.ts';
import { queryRows } from '../../src/db/rows.ts';
import { JOBS } from '../../src/jobs/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { recordingLog } from '../jobs/support.ts';

/**
 * db/planner-statistics.ts and its job: on the embedded database, which runs no autovacuum, a plan
 * kept from when a table was empty would scan the whole table for ever; the job takes the table's
 * statistics again once its rows have changed, and the kept plan is made anew with its index.
 */
let database: TestDatabase;
const client = () => (database.db as unknown as { $client: PGlite }).$client;

/** The plan PostgreSQL runs for the kept statement `probe_lookup` (its first line). */
async function keptPlan(): Promise<string> {
  const { rows } = await client().query<{ 'QUERY PLAN': string }>(`explain execute probe_lookup('u7', 3)`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe.runIf(!process.env.TEST_DATABASE_URL)('planner statistics on the embedded database', () => {
  it('a plan kept from an empty table uses the index once the job has run', async () => {
    // as migrations 0017 and 0018 leave user_problem_stat and training_rank_row: analysed while empty
    await database.db.execute(
      sql`create table stats_probe (uid text, pid int, n int not null, primary key (uid, pid))`,
    );
    await database.db.execute(sql`analyze stats_probe`);
    // the statement cache's prepared statements run with generic plans, kept for the process's life
    await client().query(`set plan_cache_mode = force_generic_plan`);
    await client().query(
      `prepare probe_lookup (text, int) as select n from stats_probe where uid = $1 and pid = $2`,
    );
    expect(await keptPlan()).toMatch(/^Seq Scan on stats_probe/);

    await database.db.execute(
      sql`insert into stats_probe select 'u' || (g / 50), g % 50, g from generate_series(1, 20000) g`,
    );
    // the kept plan still scans all 20,000 rows
    expect(await keptPlan()).toMatch(/^Seq Scan on stats_probe/);

    expect(await analyzeChangedTables(database.db)).toContain('stats_probe');
    expect(await keptPlan()).toMatch(
      /Index (Only )?Scan using stats_probe_pkey|Bitmap Heap Scan on stats_probe/,
    );
    const { rows } = await client().query<{ n: number }>(`execute probe_lookup('u7', 3)`);
    expect(rows).toEqual([{ n: 353 }]);
  });

  it('takes again only the statistics of tables whose rows changed past autovacuum’s rule', async () => {
    await analyzeChangedTables(database.db);
    // 50 + 10 % of 20,000 rows = 2,050 changes
    await database.db.execute(sql`update stats_probe set n = n + 1 where uid in ('u1', 'u2')`);
    expect(await analyzeChangedTables(database.db)).not.toContain('stats_probe');
    await database.db.execute(sql`update stats_probe set n = n + 1 where pid < 12`);
    expect(await analyzeChangedTables(database.db)).toContain('stats_probe');
    expect(await analyzeChangedTables(database.db)).toEqual([]);
  });
});

describe('the planner-statistics job', () => {
  it('runs every five minutes on either database; on the embedded one it analyses what changed', async () => {
    const job = JOBS.find((j) => j.name === 'planner-statistics')!;
    expect(job.schedule).toBe('*/5 * * * *');
    await database.db.execute(sql`create table stats_job_probe (id int primary key)`);
    await database.db.execute(sql`insert into stats_job_probe select generate_series(1, 500)`);
    const log = recordingLog();
    await job.run({ db: database.db, now: new Date(), period: new Date(), dataDir: '', log, options: {} });
    // a server's sessions send their counts to the statistics when idle, autovacuum analyses too:
    // only the embedded database's answer is certain at once
    if (process.env.TEST_DATABASE_URL) return;
    const analysed = await queryRows<{ at: Date | null }>(
      database.db,
      sql`select last_analyze as at from pg_stat_user_tables where relname = 'stats_job_probe'`,
    );
    expect(analysed[0]?.at).not.toBeNull();
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        level: 'debug',
        fields: { tables: expect.arrayContaining(['stats_job_probe']) },
      }),
    );
  });
});
