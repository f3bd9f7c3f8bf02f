import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/**
 * db/driver-parsers.ts: the embedded database reads the driver's types as text itself, so the
 * driver's parsers are dropped from each query without changing any answer, inside a transaction
 * too; a parser for another type still applies.
 */
let database: TestDatabase;

const VALUES = sql`select '2026-11-26 10:00:00'::timestamp as ts, '2026-11-26 10:00:00+00'::timestamptz as tstz,
  '2026-11-26'::date as day, '1 day'::interval as span, array['1.5']::numeric[] as nums,
  array['2026-11-26 10:00:00'::timestamp] as stamps, array['2026-11-26'::date] as days, 7 as n`;
const AS_TEXT = {
  ts: '2026-11-26 10:00:00',
  tstz: '2026-11-26 10:00:00+00',
  day: '2026-11-26',
  span: '1 day',
  n: 7,
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('db/driver-parsers.ts', () => {
  it('Drizzle reads timestamps, dates and intervals as text, in a transaction and out', async () => {
    const [out] = await queryRows<Record<string, unknown>>(database.db, VALUES);
    expect(out).toMatchObject(AS_TEXT);
    const [inside] = await database.db.transaction((tx) => queryRows<Record<string, unknown>>(tx, VALUES));
    expect(inside).toEqual(out);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'the embedded database answers alike with no parser passed, and honours a parser for another type',
    async () => {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const text = 'select $1::timestamptz as at, $2::int as n';
      const plain = await client.query(text, ['2026-11-26 10:00:00+00', 7]);
      expect(plain.rows).toEqual([{ at: '2026-11-26 10:00:00+00', n: 7 }]);
      const parsed = await client.query(text, ['2026-11-26 10:00:00+00', 7], {
        parsers: { 23: (value: string) => `int ${value}` },
      });
      expect(parsed.rows).toEqual([{ at: '2026-11-26 10:00:00+00', n: 'int 7' }]);
    },
  );
});
