import { configDefaults, defineConfig } from 'vitest/config';
import { assertSupportedNode } from './scripts/check-node.mjs';
import { databaseIndependentTests } from './scripts/database-independent.ts';
import { FileTimesReporter } from './scripts/file-times-reporter.ts';
import { CostlyFirstSequencer } from './scripts/test-sequencer.ts';
import { TEST_NODE_FLAGS } from './packages/server/test/helpers/node-flags.ts';

// Issue 32: the tests run on a supported Node (npm scripts and npx find the one `npm install` brings).
assertSupportedNode();

/**
 * Unit tests: pure code, no database, sandbox, process, network or browser (`npm run test:unit`,
 * seconds). Everything under a test/unit/ folder, and the pure files of the other folders.
 */
const UNIT = [
  'packages/*/test/unit/**/*.test.ts',
  'packages/shared/test/**/*.test.ts',
  'packages/judge/test/grading/{checker-result,compare,run-verdict,scoring}.test.ts',
  'packages/server/test/account/{drawing,password,schemas}.test.ts',
  'packages/server/test/http/config.test.ts',
  'packages/server/test/jobs/job-schedules.test.ts',
  'packages/server/test/judge-gateway/queue-signal.test.ts',
  'packages/server/test/ops/deploy-files.test.ts',
  'packages/server/test/policy/*.test.ts',
];

/**
 * Test files that change what every later file in the same process would see (a module mock, the
 * process's time zone): each runs in a module cache of its own (`app-isolated`), since `unit` and
 * `app` keep a worker's module cache from file to file.
 */
const CHANGES_THE_PROCESS = [
  'packages/server/test/admin/user-import-progress.test.ts', // vi.mock of the password hash
  'packages/server/test/home/home.test.ts', // process.env.TZ
];

/** The server's API tests and the browser tests. */
const APP = ['packages/server/test/**/*.test.ts', 'packages/web/test/**/*.test.ts'];

/**
 * On a PostgreSQL server (TEST_DATABASE_URL, `npm run test:postgres`), the server's test files that
 * never read it are left out: `npm test` ran them, and on the server they would only run again the
 * same way (a real server process on its own embedded database, a supervisor; CI time).
 */
const SAME_ON_BOTH_DATABASES = process.env.TEST_DATABASE_URL
  ? databaseIndependentTests(import.meta.dirname, 'packages/server/test')
  : [];

/** Every integration test file uses a copy of one migrated database (CI time). */
const DATABASE_TEMPLATE = ['packages/server/test/helpers/database-template.ts'];

/**
 * Two groups, run one after the other:
 * - `judge` (the judge package's tests: sandbox, regression, grading, worker) measures CPU time,
 *   memory and verdicts near their limits; at most two files at once on two cores so those figures
 *   stay honest.
 * - `unit` (pure code), `app` and `app-isolated` (the server's API tests and the browser tests): a
 *   browser test keeps about 0.8 of a core busy (Chromium's renderer and browser processes over half
 *   of it, the server and the test the rest), so three files at once fill two cores without
 *   stretching any test far; their judged programs are far from their limits.
 */
export default defineConfig({
  test: {
    // Real databases, compilers and browsers are slow to start; give each test room. On a slow day
    // (CI of 2026-11-30: 36 min, load 10 on two cores) browser flows took up to 54 s: twice that.
    testTimeout: 120_000,
    env: {
      // issue 28: every successful answer is checked against its route's response schema (http/responses.ts)
      VERDICT_CHECK_RESPONSES: '1',
      // the embedded databases' buffer cache, in the test files (helpers/embedded-db.ts) and the
      // servers they start: PGlite zeroes all of it when a database opens, and a test database fits
      // in the least
      EMBEDDED_DB_BUFFERS_MB: '16',
    },
    hookTimeout: 120_000,
    // the usual report, then where the time went (issue 26: CI time)
    reporters: ['default', new FileTimesReporter()],
    pool: 'forks',
    execArgv: [...TEST_NODE_FLAGS],
    // the costliest files start first, so that none runs alone at the end (scripts/test-sequencer.ts)
    sequence: { sequencer: CostlyFirstSequencer },
    // expect.poll waits for an event; its bound only ends a hung test (1 s by default is too short for
    // a busy machine; issue 9 item 7). vi.waitFor takes test/helpers/eventually.ts's EVENTUALLY.
    expect: { poll: { timeout: 30_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'judge',
          maxWorkers: 2,
          // A worker keeps its module cache from one file to the next, as in \`app\`: a fresh process and
          // imports for each file cost about 0.75 s of CPU (11 remote-judge files: 31.5 → 23.2 s; CI
          // time). The files change no module state for the next: env is passed to child processes,
          // and each file has its own sandbox slot.
          isolate: false,
          sequence: { groupOrder: 0 },
          globalSetup: DATABASE_TEMPLATE,
          include: ['packages/judge/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT],
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          maxWorkers: 3,
          // A worker keeps its module cache from one file to the next: the 75 files ran their tests in
          // 9 s but spent 87 s importing the same modules anew, each in a fresh module cache (89 s of
          // CPU, 48 s wall on a slow day; 26 s and 14 s with the cache kept). The files are pure; the
          // one that fakes timers puts them back after each test.
          isolate: false,
          sequence: { groupOrder: 1 },
          include: UNIT,
          exclude: [...configDefaults.exclude, ...CHANGES_THE_PROCESS],
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          globalSetup: DATABASE_TEMPLATE,
          include: APP,
          exclude: [...configDefaults.exclude, ...UNIT, ...CHANGES_THE_PROCESS, ...SAME_ON_BOTH_DATABASES],
          // A worker keeps its module cache from one file to the next: importing the server anew
          // for each file cost about 3 s of CPU, a third of a small API test file (CI time). Every
          // file builds its own app, database and browser; module state is keyed by them.
          isolate: false,
          // and a test app's embedded database, emptied, serves the worker's next file (helpers/db.ts)
          provide: { reuseDatabases: true },
        },
      },
      {
        extends: true,
        test: {
          name: 'app-isolated',
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          globalSetup: DATABASE_TEMPLATE,
          include: CHANGES_THE_PROCESS,
          exclude: [...configDefaults.exclude, ...SAME_ON_BOTH_DATABASES],
        },
      },
    ],
  },
});
