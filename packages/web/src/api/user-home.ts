import type { CalendarHeatmapVO, UserHomeProblemVO, UserHomeVO } from '@verdict/shared';
import { apiGet } from './http';
import { inLanguage } from './problem';

/** A user's public home (spec part 2 §2.6, reference §3.1 get-user-home-info, §7.11). */

/** A problem of the user home's lists (`solvedGroupByDifficulty`, `triedList`). */
export type SolvedProblem = UserHomeProblemVO;

/**
 * reference §7.11 UserHomeVO; Verdict adds `triedList` (spec part 2 §2.6 "overcoming problems"),
 * `solved` and `score`.
 */
export type UserHomeInfo = UserHomeVO;

/** Either key names the user; neither means the caller (reference §3.1). */
export interface UserKey {
  uid?: string;
  username?: string;
}

export function getUserHomeInfo(key: UserKey): Promise<UserHomeInfo> {
  return apiGet<UserHomeInfo>('/api/get-user-home-info', { ...key }, inLanguage());
}

/** reference §3.1 get-user-calendar-heatmap: submissions per day over the last year. */
export type CalendarHeatmap = CalendarHeatmapVO;

export function getUserCalendarHeatmap(key: UserKey): Promise<CalendarHeatmap> {
  return apiGet<CalendarHeatmap>('/api/get-user-calendar-heatmap', { ...key }, inLanguage());
}
