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
 *
 * The projects of one run (judge, app, app-isolated) share the one template: each project runs its
 * global setup, in the same process, and migrating and dumping the embedded database costs about 4 s
 * of CPU each time (CI time). The last project's teardown removes it.
 */
interface Template {
  provided: { key: 'postgresTemplate' | 'pgliteTemplateFile'; value: string };
  remove(): Promise<void>;
}

const shared = globalThis as typeof globalThis & {
  verdictTestTemplate?: { template: Promise<Template>; users: number };
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.verdictTestTemplate ??= { template: createTemplate(), users: 0 };
  const entry = shared.verdictTestTemplate;
  entry.users++;
  const { provided } = await entry.template;
  project.provide(provided.key, provided.value);
  return async () => {
    if (--entry.users > 0) return;
    if (shared.verdictTestTemplate === entry) delete shared.verdictTestTemplate;
    await (await entry.template).remove();
  };
}

async function createTemplate(): Promise<Template> {
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
    return {
      provided: { key: 'postgresTemplate', value: name },
      remove: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
    };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'verdict-template-'));
  const file = path.join(folder, 'pglite.tar');
  await writeFile(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  return {
    provided: { key: 'pgliteTemplateFile', value: file },
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}
