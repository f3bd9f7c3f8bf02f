import { apiGet } from './http';
import { inLanguage } from './problem';

/** A user's public home (spec part 2 §2.6, reference §3.1 get-user-home-info, §7.11). */

/** A problem of the user home's lists (`solvedGroupByDifficulty`, `triedList`). */
export interface SolvedProblem {
  id: number;
  problemId: string;
  /** Verdict adds the title */
  title?: string;
  difficulty: number;
}

export interface UserHomeInfo {
  uid: string;
  username: string;
  school: string | null;
  signature: string | null;
  nickname: string | null;
  gender: string | null;
  github: string | null;
  blog: string | null;
  avatar: string | null;
  titleName: string | null;
  titleColor: string | null;
  /** non-contest, non-group submissions */
  total: number;
  /** Codeforces rating, when stored */
  rating: number | null;
  /** per problem, the best OI rank score */
  scoreList: number[];
  /** problem ids accepted */
  solvedList: string[];
  /** difficulty → the problems solved at it */
  solvedGroupByDifficulty: Record<string, SolvedProblem[]> | null;
  /** Verdict: spec part 2 §2.6 "overcoming problems", tried in the public scope and never accepted */
  triedList?: SolvedProblem[] | null;
  /** Verdict: the counts HOJ's client sums from the lists */
  solved?: number;
  score?: number;
  recentLoginTime: string | null;
}

/** Either key names the user; neither means the caller (reference §3.1). */
export interface UserKey {
  uid?: string;
  username?: string;
}

export function getUserHomeInfo(key: UserKey): Promise<UserHomeInfo> {
  return apiGet<UserHomeInfo>('/api/get-user-home-info', { ...key }, inLanguage());
}

/** reference §3.1 get-user-calendar-heatmap: submissions per day over the last year. */
export interface CalendarHeatmap {
  endDate: string;
  dataList: { date: string; count: number }[];
}

export function getUserCalendarHeatmap(key: UserKey): Promise<CalendarHeatmap> {
  return apiGet<CalendarHeatmap>('/api/get-user-calendar-heatmap', { ...key }, inLanguage());
}
