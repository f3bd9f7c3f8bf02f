import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

// Only a real PostgreSQL server can drop a connection under us.
describe.runIf(serverUrl)('a PostgreSQL connection that is terminated while idle', () => {
  let database: TestDatabase;
  const lost: Error[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ onConnectionError: (error) => lost.push(error) });
  });
  afterAll(() => database.close());

  it('is reported and replaced; the process keeps running and the next query succeeds', async () => {
    const [{ pid }] = (await queryRows<{ pid: number }>(
      database.db,
      sql`select pg_backend_pid() as pid`,
    )) as [{ pid: number }];
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await expect.poll(() => lost.length).toBeGreaterThan(0);
    expect(lost[0]!.message).toMatch(/terminat/i);

    const [row] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
    expect(row!.pid).not.toBe(pid);
  });
});
