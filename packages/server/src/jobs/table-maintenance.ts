import { maintainTables } from '../db/table-maintenance.ts';
import { defineJob } from './job.ts';

// every five minutes: a contest's first minutes change judge by thousands of rows, and a look that
// finds nothing due costs about 2 ms
export const tableMaintenance = defineJob({
  name: 'table-maintenance',
  schedule: '*/5 * * * *',
  run: async ({ db, log }) => {
    const done = await maintainTables(db);
    if (done.vacuumed.length + done.analyzed.length > 0) log.debug(done, 'tables maintained');
  },
});
