import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import { MAX_STATEMENTS, queryGeneric } from '../../src/db/statement-cache.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/**
 * db/statement-cache.ts: the embedded database keeps each statement text as a named prepared
 * statement; answers, errors and transactions behave as PGlite's own path.
 */
let database: TestDatabase;
const client = () => (database.db as unknown as { $client: PGlite }).$client;
const named = async () =>
  (await client().query<{ name: string }>(`select name from pg_prepared_statements`)).rows.map((r) => r.name);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table cache_probe (id int primary key, at timestamptz, tags text[])`);
});
afterAll(() => database.close());

describe.runIf(!process.env.TEST_DATABASE_URL)('db/statement-cache.ts', () => {
  it('a repeated text is parsed once and answers each call with its own parameters', async () => {
    const text = 'select $1::int + 1 as n, $2::text as word';
    await named();
    const before = (await named()).length;
    expect((await client().query(text, [1, 'a'])).rows).toEqual([{ n: 2, word: 'a' }]);
    expect((await client().query(text, [41, null])).rows).toEqual([{ n: 42, word: null }]);
    expect((await client().query(text, [2, 'b'], { rowMode: 'array' })).rows).toEqual([[3, 'b']]);
    expect((await named()).length).toBe(before + 1);
  });

  it('writes, arrays and timestamps through Drizzle, in a transaction and out', async () => {
    const insert = (id: number) =>
      database.db.execute(
        sql`insert into cache_probe (id, at, tags) values (${id}, ${'2026-11-26 10:00:00+00'}, ${'{x,y}'})`,
      );
    await insert(1);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into cache_probe (id, at, tags) values (${2}, now(), ${'{z}'})`);
    });
    const rows = await queryRows<{ id: number; tags: string[] }>(
      database.db,
      sql`select id, tags from cache_probe order by id`,
    );
    expect(rows).toEqual([
      { id: 1, tags: ['x', 'y'] },
      { id: 2, tags: ['z'] },
    ]);
  });

  it('an error keeps its PostgreSQL code and statement; a failed transaction leaves nothing', async () => {
    const duplicate = await client()
      .query('insert into cache_probe (id) values ($1)', [1])
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', query: 'insert into cache_probe (id) values ($1)' });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into cache_probe (id) values (${3})`);
        await tx.execute(sql`insert into cache_probe (id) values (${1})`);
      }),
    ).rejects.toThrow();
    const ids = await queryRows<{ id: number }>(database.db, sql`select id from cache_probe order by id`);
    expect(ids.map((r) => r.id)).toEqual([1, 2]);
    // the statements still answer after the errors
    expect((await client().query('select count(*)::int as n from cache_probe')).rows).toEqual([{ n: 2 }]);
  });

  it(`keeps at most ${MAX_STATEMENTS} texts, closing the least recently used`, async () => {
    const first = 'select 1 as first';
    await client().query(first);
    for (let i = 0; i < MAX_STATEMENTS + 20; i++) await client().query(`select ${i} as n`);
    const kept = await named();
    expect(kept.length).toBeLessThanOrEqual(MAX_STATEMENTS + 1);
    expect((await client().query(first)).rows).toEqual([{ first: 1 }]);
  });

  it('a table whose columns changed under a kept `select *` is read anew', async () => {
    const text = 'select * from cache_probe where id = $1';
    expect(Object.keys((await client().query<object>(text, [1])).rows[0]!)).toEqual(['id', 'at', 'tags']);
    await client().exec('alter table cache_probe add column note text');
    expect(Object.keys((await client().query<object>(text, [1])).rows[0]!)).toEqual([
      'id',
      'at',
      'tags',
      'note',
    ]);
  });

  it("a generic statement's plan mode holds for it only: every other statement plans as PostgreSQL chooses", async () => {
    const mode = 'select current_setting($1::text) as mode';
    const generic = async () =>
      (await queryGeneric<{ mode: string }>(client(), mode, ['plan_cache_mode'])).rows[0]!.mode;
    const ordinary = async () =>
      (await client().query<{ mode: string }>(mode, ['plan_cache_mode'])).rows[0]!.mode;
    expect(await generic()).toBe('force_generic_plan');
    expect(await generic()).toBe('force_generic_plan');
    expect(await ordinary()).toBe('auto');
    expect(await generic()).toBe('force_generic_plan');
    await database.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(
        sql`select current_setting('plan_cache_mode') as mode`,
      )) as unknown as {
        rows: { mode: string }[];
      };
      expect(rows[0]!.mode).toBe('auto');
    });
    expect(await ordinary()).toBe('auto');
    // a rolled-back transaction undoes a reset made inside it: the next statement resets again
    await generic();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select current_setting('plan_cache_mode') as mode`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await ordinary()).toBe('auto');
  });
});
