import { endAccountWaits } from '../modules/remote-judge/account-wait.ts';
import { defineJob } from './job.ts';

// ref §10.1: a remote submission waits at most ten minutes for a free account; checked each minute.
export const remoteAccountWait = defineJob({
  name: 'remote-account-wait',
  schedule: '* * * * *',
  retentionMs: 3_600_000,
  run: async ({ db, now, log }) => {
    const ended = await endAccountWaits(db, now);
    if (ended > 0) log.info({ ended }, 'remote submissions waited too long for an account: Submitted Failed');
  },
});
