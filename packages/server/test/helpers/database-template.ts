import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, migratedPgliteDump, openDatabase } from '../../src/db/client.ts';
import { onServer } from './db.ts';

/**
 * Vitest global setup of the integration tests: migrates one database before the test files start,
 * and every test database is a copy of it (helpers/db.ts). Copying takes a fraction of running every
 * migration, which each of the run's hundreds of test databases did before (CI time).
 * `db/migrations.test.ts` still migrates databases from nothing.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `verdict_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString() });
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }
    project.provide('postgresTemplate', name);
    return () => onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'verdict-template-'));
  const file = path.join(folder, 'pglite.tar');
  await writeFile(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return () => rm(folder, { recursive: true, force: true });
}
