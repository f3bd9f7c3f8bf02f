import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    // Real databases, compilers and browsers are slow to start; give each test room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: run at most two files at once so sandbox timings stay honest.
    maxWorkers: 2,
  },
});
