import { refreshCodeforcesRatings } from '../modules/account/codeforces-rating.ts';
import { defineJob } from './job.ts';

/**
 * ref §7.11, §7.16: 03:00 daily, users' Codeforces ratings into user_record.rating. It needs the
 * internet, so it is off (each run does nothing) unless CODEFORCES_API_URL names the API.
 */
export const codeforcesRatings = defineJob({
  name: 'codeforces-ratings',
  schedule: '0 3 * * *',
  run: async ({ db, options, log }) => {
    if (!options.codeforcesApiUrl) return;
    const asked = await refreshCodeforcesRatings(db, { apiUrl: options.codeforcesApiUrl });
    log.info({ users: asked }, 'Codeforces ratings refreshed');
  },
});
