import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedSelect, preparedStatement } from '../../src/db/prepared.ts';
import { training } from '../../src/db/schema/index.ts';
import { queryRows } from '../../src/db/rows.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/**
 * db/prepared.ts: a statement prepared once answers as the same text run through `db.execute`
 * does, on either driver, whatever the parameters; an error leaves the database usable; and it
 * never runs between the statements of another caller's transaction.
 */
let database: TestDatabase;

const TEXT = `select $1::bigint as id, $2::text as name, $3::timestamptz as at, $4::int[] as list,
    json_build_object('n', $1::bigint) as doc, null::text as nothing, now() - now() as span`;
const probe = preparedStatement<Record<string, unknown>>(TEXT);
const failing = preparedStatement('select 1 / $1::int as q');

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table prepared_probe (n int)`);
});
afterAll(() => database.close());

describe('db/prepared.ts', () => {
  it('answers as db.execute does: numbers, text, timestamps as text, arrays, json, nulls', async () => {
    const params = [42, "it's", '2026-11-26T10:00:00.000Z', [1, 2]] as const;
    const expected = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select ${params[0]}::bigint as id, ${params[1]}::text as name, ${params[2]}::timestamptz as at,
        ${sql.raw("'{1,2}'")}::int[] as list, json_build_object('n', ${params[0]}::bigint) as doc,
        null::text as nothing, now() - now() as span`,
    );
    // the first calls plan it, later ones reuse it: all give the same row
    for (let i = 0; i < 7; i++) expect(await probe(database.db, params)).toEqual(expected);
    expect(typeof expected[0]!.at).toBe('string');
    expect(await probe(database.db, [null, null, null, null])).toEqual([
      {
        id: null,
        name: null,
        at: null,
        list: null,
        doc: { n: null },
        nothing: null,
        span: expected[0]!.span,
      },
    ]);
  });

  it("preparedSelect maps a row as Drizzle's select does (dates, bigints, booleans, nulls)", async () => {
    await database.db.insert(training).values({ title: 'T', author: 'root', auth: 'Public', rank: 3 });
    const byAuthor = preparedSelect(training, 'author = $1');
    const expected = await database.db.select().from(training).where(eq(training.author, 'root'));
    expect(expected).toHaveLength(1);
    expect(expected[0]!.gmtCreate).toBeInstanceOf(Date);
    for (let i = 0; i < 7; i++) expect(await byAuthor(database.db, ['root'])).toEqual(expected);
    expect(await byAuthor(database.db, ['nobody'])).toEqual([]);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'runs with the generic plan forced, and leaves the mode as it was',
    async () => {
      const mode = preparedStatement<{ mode: string }>(
        `select current_setting('plan_cache_mode') as mode where $1::int = 1`,
      );
      expect(await mode(database.db, [1])).toEqual([{ mode: 'force_generic_plan' }]);
      const [after] = await queryRows<{ plan_cache_mode: string }>(database.db, sql`show plan_cache_mode`);
      expect(after!.plan_cache_mode).toBe('auto');
    },
  );

  it('an error is thrown, and the next statement runs', async () => {
    const error = (await failing(database.db, [0]).catch((e: unknown) => e)) as Error;
    // node-postgres's error comes wrapped by Drizzle, with PostgreSQL's as the cause
    expect(String(error.cause ?? error)).toMatch(/division by zero/);
    expect(await failing(database.db, [1])).toEqual([{ q: 1 }]);
    expect(await probe(database.db, [1, 'a', null, [3]])).toHaveLength(1);
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    const count = preparedStatement<{ n: number }>('select count(*)::int as n from prepared_probe');
    let inserted!: () => void;
    const insertedOne = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into prepared_probe values (1)`);
      inserted();
      await held;
      await tx.execute(sql`insert into prepared_probe values (2)`);
    });
    await insertedOne;
    const counted = count(database.db, []);
    release();
    await transaction;
    // on PostgreSQL the other connection sees the committed rows; on PGlite the read waited for them
    const allowed = database.kind === 'pglite' ? [2] : [0, 2];
    expect(allowed).toContain((await counted)[0]!.n);
    expect((await count(database.db, []))[0]!.n).toBe(2);
  });
});
