import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import { autovacuumRuns, maintainTables } from '../../src/db/table-maintenance.ts';
import { JOBS } from '../../src/jobs/index.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { recordingLog } from '../jobs/support.ts';

/**
 * db/table-maintenance.ts and its job: what autovacuum does, on a database without it. On the
 * embedded database a plan kept from when a table was empty would scan the whole table for ever,
 * and dead row versions would stay; the job analyses and vacuums tables by autovacuum's rules.
 */
let database: TestDatabase;
const client = () => database.pglite!;

/** The plan PostgreSQL runs for the kept statement `probe_lookup`. */
async function keptPlan(): Promise<string> {
  const { rows } = await client().query<{ 'QUERY PLAN': string }>(`explain execute probe_lookup('u7', 3)`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function statsOf(table: string) {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  const [row] = await queryRows<{ dead: number; analysed: boolean; vacuumed: boolean }>(
    database.db,
    sql`select n_dead_tup::int as dead, last_analyze is not null as analysed, last_vacuum is not null as vacuumed
      from pg_stat_user_tables where relname = ${table}`,
  );
  return row!;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe.runIf(!process.env.TEST_DATABASE_URL)('table maintenance on the embedded database', () => {
  it('has no autovacuum of its own', async () => {
    expect(await autovacuumRuns(database.db)).toBe(false);
  });

  it('a plan kept from an empty table uses the index once the tables were maintained', async () => {
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

    const done = await maintainTables(database.db);
    expect(done.analyzed).toContain('stats_probe');
    // 20,000 rows inserted since its last vacuum: past 1,000 plus a fifth of the table
    expect(done.vacuumed).toContain('stats_probe');
    expect(await keptPlan()).toMatch(
      /Index (Only )?Scan using stats_probe_pkey|Bitmap Heap Scan on stats_probe/,
    );
    const { rows } = await client().query<{ n: number }>(`execute probe_lookup('u7', 3)`);
    expect(rows).toEqual([{ n: 353 }]);
    expect(await maintainTables(database.db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('analyses and vacuums only past autovacuum’s rules', async () => {
    // 50 + 10 % of 20,000 rows = 2,050 changed rows for ANALYZE; 50 + 20 % = 4,050 dead ones for VACUUM
    await database.db.execute(sql`update stats_probe set n = n + 1 where uid in ('u1', 'u2')`);
    expect(await maintainTables(database.db)).toEqual({ vacuumed: [], analyzed: [] });
    // 100 + 2,400 rows changed: past 2,050 for ANALYZE, 2,500 dead rows short of 4,050 for VACUUM
    await database.db.execute(sql`update stats_probe set n = n + 1 where pid < 6`);
    expect(await maintainTables(database.db)).toEqual({ vacuumed: [], analyzed: ['stats_probe'] });
    await database.db.execute(sql`update stats_probe set n = n + 1 where pid >= 30`);
    expect((await statsOf('stats_probe')).dead).toBeGreaterThan(4050);
    expect(await maintainTables(database.db)).toEqual({
      vacuumed: ['stats_probe'],
      analyzed: ['stats_probe'],
    });
    expect((await statsOf('stats_probe')).dead).toBe(0);
  });
});

describe('the table-maintenance job', () => {
  it('runs every five minutes on either database, and maintains a table past the rules', async () => {
    const job = JOBS.find((j) => j.name === 'table-maintenance')!;
    expect(job.schedule).toBe('*/5 * * * *');
    await database.db.execute(sql`create table maintenance_probe (id int primary key)`);
    await database.db.execute(sql`insert into maintenance_probe select generate_series(1, 2000)`);
    const log = recordingLog();
    await job.run({ db: database.db, now: new Date(), period: new Date(), dataDir: '', log, options: {} });
    // a server's sessions send their counts to the statistics when idle (and a server's autovacuum
    // may be there first): the answer is certain at once on the embedded database only
    if (process.env.TEST_DATABASE_URL) return;
    expect(await statsOf('maintenance_probe')).toMatchObject({ analysed: true, vacuumed: true });
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        level: 'debug',
        fields: {
          vacuumed: expect.arrayContaining(['maintenance_probe']),
          analyzed: expect.arrayContaining(['maintenance_probe']),
        },
      }),
    );
  });
});
