import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import {
  migrateDatabase,
  openDatabase,
  pgliteDb,
  type DatabaseHandle,
  type OpenDatabaseOptions,
} from '../../src/db/client.ts';
import { openEmbeddedTestDatabase } from './embedded-db.ts';

// what the run's global setup (database-template.ts) hands to the test files
declare module 'vitest' {
  export interface ProvidedContext {
    /** a file holding a migrated embedded database's data directory (PGlite runs) */
    pgliteTemplateFile?: string;
    /** a migrated database on TEST_DATABASE_URL's server to copy (PostgreSQL runs) */
    postgresTemplate?: string;
    /** the project's workers keep their modules from file to file, so a released database can be reused */
    reuseDatabases?: boolean;
  }
}

export type TestDatabase = DatabaseHandle & {
  name: string;
  /**
   * Ends the test's use of the database. One taken `reusable` is emptied back to the template's
   * content and kept for the worker's next test file; any other is closed, as close() does.
   */
  release(): Promise<void>;
};

export interface TestDatabaseOptions extends Pick<OpenDatabaseOptions, 'onConnectionError'> {
  /**
   * Run every migration on an empty database instead of copying the run's migrated template
   * (database-template.ts); for the migration tests themselves.
   */
  fromScratch?: boolean;
  /**
   * PGlite runs: take an embedded database that an earlier test file of this worker released, reset
   * to the template's content, instead of loading the template anew (about 1.6 s of CPU, for each of
   * the run's hundreds of test apps: CI time). Each use has its own Drizzle instance, so caches keyed
   * by the database start empty. Not for tests of the session itself (its prepared statements stay).
   */
  reusable?: boolean;
}

/**
 * A fresh, migrated database for one test file or test. With TEST_DATABASE_URL (e.g.
 * postgres://root@127.0.0.1:5432/test) it is a new database on that server, dropped again on close();
 * otherwise an in-memory PGlite (ARCHITECTURE "Tests run against PGlite by default"). Both start
 * as a copy of the run's migrated template when there is one; migrating then finds nothing to do.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const handle = serverUrl
    ? await createServerDatabase(serverUrl, options)
    : await createPgliteDatabase(options);
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** Released embedded databases of this worker, each with the statements that restore its template. */
const released: { client: PGlite; restore: string }[] = [];

async function createPgliteDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const templateFile = options.fromScratch ? undefined : inject('pgliteTemplateFile');
  const reusable = options.reusable && inject('reuseDatabases') === true && templateFile !== undefined;
  const spare = reusable ? released.pop() : undefined;
  if (spare) return reusableDatabase(spare.client, spare.restore);
  const handle = await openEmbeddedTestDatabase({ fromScratch: options.fromScratch });
  if (!reusable) return { ...handle, name: 'memory://', release: handle.close };
  return reusableDatabase(handle.pglite!, await templateRestore(handle.pglite!), handle.db);
}

function reusableDatabase(client: PGlite, restore: string, db = pgliteDb(client)): TestDatabase {
  let ended = false;
  return {
    db,
    kind: 'pglite',
    name: 'memory://',
    pglite: client,
    async close() {
      ended = true;
      await client.close();
    },
    async release() {
      if (ended) return;
      ended = true;
      try {
        await client.exec(restore);
        released.push({ client, restore });
      } catch {
        await client.close();
      }
    },
  };
}

/**
 * The statements that bring a database back to the content it has now (a fresh copy of the
 * template): every table emptied and refilled with today's rows, every sequence set back.
 */
async function templateRestore(client: PGlite): Promise<string> {
  const ours = `schemaname not in ('pg_catalog', 'information_schema')`;
  const tables = (
    await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, tablename) as name from pg_tables where ${ours}`,
    )
  ).rows.map((row) => row.name);
  const sequences = await client.query<{ name: string; value: string; called: boolean }>(
    `select format('%I.%I', schemaname, sequencename) as name,
       coalesce(last_value, start_value)::text as value, last_value is not null as called
     from pg_sequences where ${ours}`,
  );
  const views = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, matviewname) as name from pg_matviews where ${ours}`,
  );
  const statements = [`truncate ${tables.join(', ')} restart identity cascade`];
  for (const table of tables) {
    const { rows } = await client.query<{ json: string | null }>(
      `select json_agg(t)::text as json from ${table} t`,
    );
    const json = rows[0]?.json;
    if (json)
      statements.push(
        `insert into ${table} overriding system value select * from json_populate_recordset(null::${table}, '${json.replaceAll("'", "''")}')`,
      );
  }
  for (const s of sequences.rows) statements.push(`select setval('${s.name}', ${s.value}, ${s.called})`);
  for (const view of views.rows) statements.push(`refresh materialized view ${view.name}`);
  return statements.join(';\n');
}

async function createServerDatabase(serverUrl: string, options: TestDatabaseOptions): Promise<TestDatabase> {
  const name = `verdict_test_${randomBytes(6).toString('hex')}`;
  const template = options.fromScratch ? undefined : inject('postgresTemplate');
  await onServer(serverUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ url: url.toString(), onConnectionError: options.onConnectionError });
  } catch (error) {
    await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  const close = async () => {
    await handle.close();
    await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  };
  return { ...handle, name, close, release: close };
}

/** CREATE / DROP DATABASE cannot run inside a pool transaction, so they get a short-lived connection. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
