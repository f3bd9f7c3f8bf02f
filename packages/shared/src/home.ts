import { z } from 'zod';
import { intOneOf } from './numbers.ts';
import { booleanParam, currentPageParam, limitParam, textParam } from './problem.ts';

/**
 * The home page, the global rank lists and the user home (reference §3.1 get-user-home-info and
 * get-user-calendar-heatmap, §3.2, §3.7, §7.11, §7.17; spec part 1 §2 "Home", "Rank lists"; spec
 * part 2 §2.6). HOJ's parameter and field names are kept so that its web client works unchanged.
 */

export const HOME_LIMITS = {
  /** reference §3.7 get-rank-list `limit=30` (spec part 1 §2: default page size 30) */
  rankPageDefault: 30,
  /** reference §3.7: the signature shown in a rank row is cut to 100 characters */
  rankSignatureMax: 100,
  /** what `searchUser` may be (username, nickname and real name are at most 100 characters) */
  searchUserMax: 100,
  /** reference §3.2 get-recent-seven-ac-rank: the top 10 of the last 7 days */
  recentAcRankSize: 10,
  recentAcRankDays: 7,
  /** reference §3.2 get-recent-contest: contests starting within 14 days */
  recentContestDays: 14,
  /** reference §3.2 / §7.17: statistics of 7 days, cached 30 minutes */
  statisticsDays: 7,
  statisticsCacheMs: 30 * 60 * 1000,
  /** reference §7.11: the calendar heatmap covers one year */
  heatmapDays: 366,
} as const;

/** reference §3.7: `type` 0 is the ACM list, 1 the OI list (the names are taken as well). */
export const RANK_TYPE = { acm: 0, oi: 1 } as const;

const rankType = z.preprocess(
  (v) => (typeof v === 'string' ? ({ ACM: '0', OI: '1' }[v.toUpperCase()] ?? v) : v),
  intOneOf([RANK_TYPE.acm, RANK_TYPE.oi], { error: 'type must be 0 (ACM) or 1 (OI)' }),
);

/** reference §3.7 `GET /api/get-rank-list`: `limit=30`, `currentPage`, `searchUser?`, `type` (0/1). */
export const rankListQuery = z.object({
  limit: limitParam(HOME_LIMITS.rankPageDefault),
  currentPage: currentPageParam,
  searchUser: textParam(HOME_LIMITS.searchUserMax),
  type: rankType,
});
export type RankListQuery = z.output<typeof rankListQuery>;

/** reference §3.1 get-user-home-info / get-user-calendar-heatmap: `uid?`, `username?`. */
export const userHomeQuery = z.object({
  uid: textParam(64),
  username: textParam(100),
});
export type UserHomeQuery = z.output<typeof userHomeQuery>;

/** reference §3.2 get-last-week-submission-statistics: `forceRefresh` (root only). */
export const submissionStatisticsQuery = z.object({ forceRefresh: booleanParam });
