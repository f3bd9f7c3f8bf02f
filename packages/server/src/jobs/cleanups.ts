import { pruneRateLimits } from '../http/rate-limit.ts';
import { removeDeletedAvatars } from '../modules/account/avatar.ts';
import { deleteExpiredCaptchas } from '../modules/account/captcha-store.ts';
import { pruneAccountLocks } from '../modules/account/locks.ts';
import { pruneOldSessions } from '../modules/account/session-prune.ts';
import { deleteExpiredGeneratedAccounts } from '../modules/admin/user/generate.ts';
import { deleteOldImportProgress } from '../modules/admin/user/import-progress.ts';
import { pruneRankFeed } from '../modules/contest/rank/feed.ts';
import { stagingRoot, sweepStagingUploads } from '../modules/file/staging.ts';
import { defineJob } from './job.ts';

/**
 * Housekeeping that each request used to do now and then by chance; each rule lives beside its
 * table, these say when it runs. Patterns are UTC.
 */

export const rateLimitRows = defineJob({
  name: 'rate-limit-rows',
  schedule: '*/10 * * * *',
  run: ({ db, now }) => pruneRateLimits(db, now),
});

export const accountLocks = defineJob({
  name: 'account-locks',
  schedule: '5 * * * *',
  run: ({ db, now }) => pruneAccountLocks(db, now),
});

export const expiredCaptchas = defineJob({
  name: 'expired-captchas',
  schedule: '*/10 * * * *',
  run: ({ db, now }) => deleteExpiredCaptchas(db, now),
});

export const testCaseUploads = defineJob({
  name: 'testcase-uploads',
  schedule: '15 * * * *',
  run: ({ dataDir, now }) => sweepStagingUploads(stagingRoot(dataDir), now),
});

// ref §7.16: 03:00 daily
export const deletedAvatars = defineJob({
  name: 'deleted-avatars',
  schedule: '0 3 * * *',
  run: ({ db, dataDir }) => removeDeletedAvatars(db, dataDir),
});

// ref §5: generated passwords are kept 30 minutes for their one download.
export const generatedAccounts = defineJob({
  name: 'generated-accounts',
  schedule: '*/10 * * * *',
  run: ({ db, now }) => deleteExpiredGeneratedAccounts(db, now),
});

// issue 10: an import's progress is read while it runs; a day later nobody asks.
export const userImportProgress = defineJob({
  name: 'user-import-progress',
  schedule: '25 * * * *',
  run: ({ db, now }) => deleteOldImportProgress(db, now),
});

// issue 12: the scoreboards' change feed is read within seconds; boards idle for an hour rebuild.
export const contestRankFeed = defineJob({
  name: 'contest-rank-feed',
  schedule: '35 * * * *',
  run: ({ db, now }) => pruneRankFeed(db, now),
});

// ref §7.16: 03:00 daily, login records older than six months
export const oldSessions = defineJob({
  name: 'old-sessions',
  schedule: '30 3 * * *',
  run: async ({ db, now }) => {
    await pruneOldSessions(db, now);
  },
});
