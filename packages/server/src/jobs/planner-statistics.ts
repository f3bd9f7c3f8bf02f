import { analyzeChangedTables } from '../db/planner-statistics.ts';
import { defineJob } from './job.ts';

// every five minutes: a contest's first minutes change judge by thousands of rows
export const plannerStatistics = defineJob({
  name: 'planner-statistics',
  schedule: '*/5 * * * *',
  run: async ({ db, log }) => {
    const tables = await analyzeChangedTables(db);
    if (tables.length > 0) log.debug({ tables }, 'planner statistics taken again');
  },
});
