import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app.ts';
import type { Clock } from '../../src/clock.ts';
import type { Db } from '../../src/db/client.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { createTestDatabase } from './db.ts';
import { testPasswordHash } from './users.ts';

export const ROOT_PASSWORD = 'verdict-root-1';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** the app's DATA_DIR, a fresh temporary folder */
  dataDir: string;
  close(): Promise<void>;
  /** Closes the database alone, as if its server went away under the running app. */
  closeDatabase(): Promise<void>;
}

/** A real app on a fresh, migrated and seeded database (PGlite, or TEST_DATABASE_URL's server). */
export const JUDGE_TOKEN = 'test-judge-token-0123456789';

export async function buildTestApp(
  options: {
    clock?: Clock;
    webDist?: string;
    judgeLeaseMs?: number;
    compileCheck?: AppDeps['compileCheck'];
    claimPollMs?: AppDeps['claimPollMs'];
    messageStreamRecheckMs?: AppDeps['messageStreamRecheckMs'];
    logger?: AppDeps['logger'];
    metricsToken?: string;
    /** load shedding's bounds (off unless given: a loaded test machine stalls loops at times) */
    loadShedding?: AppDeps['config']['loadShedding'];
    /** PROBLEM_IMPORT_MAX_* (the defaults unless given) */
    problemImport?: AppDeps['config']['problemImport'];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ reusable: true });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'verdict-test-'));
  await seedDatabase(database.db, { hashPassword: testPasswordHash, rootPassword: ROOT_PASSWORD });
  const app = await buildApp({
    db: database.db,
    clock: options.clock,
    compileCheck: options.compileCheck,
    claimPollMs: options.claimPollMs,
    messageStreamRecheckMs: options.messageStreamRecheckMs,
    logger: options.logger,
    config: {
      jwt: { secret: randomBytes(32).toString('hex'), expireSeconds: 86400, refreshAfterSeconds: 43200 },
      webDist: options.webDist,
      corsOrigins: [],
      dataDir,
      judgeToken: JUDGE_TOKEN,
      judgeLeaseMs: options.judgeLeaseMs ?? 30_000,
      metricsToken: options.metricsToken,
      loadShedding: options.loadShedding,
      problemImport: options.problemImport,
    },
  });
  let databaseOpen = true;
  const closeDatabase = async () => {
    if (databaseOpen) await database.close();
    databaseOpen = false;
  };
  return {
    app,
    db: database.db,
    dataDir,
    async close() {
      await app.close();
      if (databaseOpen) await database.release();
      databaseOpen = false;
    },
    closeDatabase,
  };
}

const builtWebApp = path.resolve(import.meta.dirname, '../../../web/dist');

/** A real Verdict server on a random local port, serving the built web app (for browser tests). */
export async function startTestServer(): Promise<{ url: string; db: Db; close(): Promise<void> }> {
  const test = await buildTestApp({ webDist: builtWebApp });
  const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
  return { url: address, db: test.db, close: test.close };
}
