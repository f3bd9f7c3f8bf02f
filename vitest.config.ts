import { configDefaults, defineConfig } from 'vitest/config';

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
  'packages/server/test/policy/*.test.ts',
];

export default defineConfig({
  test: {
    // Real databases, compilers and browsers are slow to start; give each test room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: run at most two files at once so sandbox timings stay honest.
    maxWorkers: 2,
    // expect.poll waits for an event; its bound only ends a hung test (1 s by default is too short for
    // a busy machine; issue 9 item 7). vi.waitFor takes test/helpers/eventually.ts's EVENTUALLY.
    expect: { poll: { timeout: 30_000 } },
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      {
        extends: true,
        test: {
          name: 'integration',
          // one migrated database that every test database copies (CI time)
          globalSetup: ['packages/server/test/helpers/database-template.ts'],
          include: ['packages/*/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...UNIT],
        },
      },
    ],
  },
});
