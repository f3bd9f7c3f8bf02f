import { remindReviewers } from '../modules/problem/admin/apply-public.ts';
import { defineJob } from './job.ts';

// ref §7.12, §7.16: 06:00 daily (UTC; JOB_SCHEDULES moves it), the site's reviewers hear of group
// problems that applied to be public
export const groupProblemReview = defineJob({
  name: 'group-problem-review',
  schedule: '0 6 * * *',
  run: async ({ db, log }) => {
    const waiting = await remindReviewers(db);
    if (waiting > 0) log.info({ waiting }, 'group problems wait for review: reviewers notified');
  },
});
