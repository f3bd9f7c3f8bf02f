import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AnnouncementVO,
  ContestVO,
  OtherContestVO,
  RecentAcRankVO,
  RegisterMode,
  RemoteOj,
  SubmissionStatisticsVO,
  WebsiteConfigData,
} from '@verdict/shared';
import { apiGet, type Page } from './http';
import { inLanguage } from './problem';

/** `GET /api/get-website-config` (reference §3.2; its schema: shared/src/responses/home.ts). */
export type WebsiteConfig = WebsiteConfigData;

/** How people register (issue 24 item 7); until the config has loaded, as if with a mailed code. */
export function registerModeOf(config: WebsiteConfig | undefined): RegisterMode {
  return config?.registerMode ?? 'email-code';
}

export function getWebsiteConfig(): Promise<WebsiteConfig> {
  return apiGet<WebsiteConfig>('/api/get-website-config');
}

/** The config changes rarely; one fetch per visit, shared by the shell, the home page and the guards. */
export const websiteConfigQuery = queryOptions({
  queryKey: ['website-config'],
  queryFn: getWebsiteConfig,
  staleTime: 5 * 60_000,
});

export function useWebsiteConfig() {
  return useQuery(websiteConfigQuery);
}

/** `GET /api/home-carousel` (reference §3.2): the images in the admin's order. */
export interface CarouselImage {
  id: number;
  url: string;
}

export function getHomeCarousel(): Promise<CarouselImage[]> {
  return apiGet<CarouselImage[]>('/api/home-carousel');
}

/** `GET /api/get-common-announcement` (reference §3.2): shown site announcements, newest first. */
export function getCommonAnnouncements(currentPage: number, limit: number): Promise<Page<AnnouncementVO>> {
  return apiGet<Page<AnnouncementVO>>('/api/get-common-announcement', { currentPage, limit }, inLanguage());
}

/** `GET /api/get-recent-contest` (reference §3.2): visible contests not ended, starting within 14 days. */
export function getRecentContests(): Promise<ContestVO[]> {
  return apiGet<ContestVO[]>('/api/get-recent-contest', undefined, inLanguage());
}

/** reference §3.2 get-recent-seven-ac-rank: the problems each accepted in 7 days as `ac`. */
export type RecentAcRankRow = RecentAcRankVO;

export function getRecentSevenAcRank(): Promise<RecentAcRankRow[]> {
  return apiGet<RecentAcRankRow[]>('/api/get-recent-seven-ac-rank', undefined, inLanguage());
}

/** reference §7.17: seven days, oldest first, `MM-dd` labels with the accepted and total counts. */
export type WeekSubmissionStatistics = SubmissionStatisticsVO;

export function getLastWeekSubmissionStatistics(): Promise<WeekSubmissionStatistics> {
  return apiGet<WeekSubmissionStatistics>(
    '/api/get-last-week-submission-statistics',
    undefined,
    inLanguage(),
  );
}

/** Verdict (issue 30): the remote judges that have an account, so a submission can be judged there. */
export function getRemoteJudges(): Promise<RemoteOj[]> {
  return apiGet<RemoteOj[]>('/api/get-remote-judges', undefined, inLanguage());
}

/** reference §3.2 get-recent-other-contest: contests of other judges, when a source is configured. */
export type OtherContest = OtherContestVO;

export function getRecentOtherContests(): Promise<OtherContest[]> {
  return apiGet<OtherContest[]>('/api/get-recent-other-contest', undefined, inLanguage());
}
