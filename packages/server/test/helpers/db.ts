import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import {
  migrateDatabase,
  openDatabase,
  type DatabaseHandle,
  type OpenDatabaseOptions,
} from '../../src/db/client.ts';

// what the run's global setup (database-template.ts) hands to the test files
declare module 'vitest' {
  export interface ProvidedContext {
    /** a file holding a migrated embedded database's data directory (PGlite runs) */
    pgliteTemplateFile?: string;
    /** a migrated database on TEST_DATABASE_URL's server to copy (PostgreSQL runs) */
    postgresTemplate?: string;
  }
}

export type TestDatabase = DatabaseHandle & { name: string };

export interface TestDatabaseOptions extends Pick<OpenDatabaseOptions, 'onConnectionError'> {
  /**
   * Run every migration on an empty database instead of copying the run's migrated template
   * (database-template.ts); for the migration tests themselves.
   */
  fromScratch?: boolean;
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
    : await createPgliteDatabase(options.fromScratch);
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function createPgliteDatabase(fromScratch = false): Promise<TestDatabase> {
  const templateFile = fromScratch ? undefined : inject('pgliteTemplateFile');
  const loadDataDir = templateFile ? new Blob([await readFile(templateFile)]) : undefined;
  return { ...(await openDatabase({ loadDataDir })), name: 'memory://' };
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
  return {
    ...handle,
    name,
    async close() {
      await handle.close();
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
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
