import {
  accountLocks,
  contestRankFeed,
  deletedAvatars,
  expiredCaptchas,
  generatedAccounts,
  oldSessions,
  rateLimitRows,
  testCaseUploads,
  userImportProgress,
} from './cleanups.ts';
import { codeforcesRatings } from './codeforces.ts';
import { remoteAccountWait } from './remote-judge.ts';
import { groupProblemReview } from './reviews.ts';
import { tableMaintenance } from './table-maintenance.ts';
import type { Job } from './job.ts';

/** Every periodic job the server runs (main.ts starts them). A new job: define it, list it here. */
export const JOBS: readonly Job[] = [
  rateLimitRows,
  accountLocks,
  expiredCaptchas,
  testCaseUploads,
  deletedAvatars,
  generatedAccounts,
  userImportProgress,
  contestRankFeed,
  oldSessions,
  codeforcesRatings,
  groupProblemReview,
  remoteAccountWait,
  tableMaintenance,
];
