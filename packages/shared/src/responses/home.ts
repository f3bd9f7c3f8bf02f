import { REMOTE_OJS } from '../problem.ts';
import { z } from 'zod';
import { REGISTER_MODES } from '../site-content.ts';
import { qrCodeSchema } from '../web-config.ts';
import { contestVO } from './contest.ts';
import { pageOf, timestamp } from './envelope.ts';

/** `GET /api/get-website-config` (reference §3.2). */
export const websiteConfigData = z.object({
  baseUrl: z.string().nullable(),
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  register: z.boolean(),
  /** Verdict (issue 24 item 7): how people register here; `register` is false also for 'needs-mail' */
  registerMode: z.enum(REGISTER_MODES),
  recordName: z.string().nullable(),
  recordUrl: z.string().nullable(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  projectName: z.string().nullable(),
  projectUrl: z.string().nullable(),
  /** Verdict: the footer's contact phone, address and QR images (spec part 1 §1) */
  contactPhone: z.string(),
  address: z.string(),
  qrCodes: z.array(qrCodeSchema),
  openPublicDiscussion: z.boolean(),
  openGroupDiscussion: z.boolean(),
  openContestComment: z.boolean(),
});
export type WebsiteConfigData = z.output<typeof websiteConfigData>;

/** reference §4.6 announcement, as lists show it. */
export const announcementVO = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().nullable(),
  uid: z.string().nullable(),
  username: z.string().nullable(),
  status: z.number().int(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type AnnouncementVO = z.output<typeof announcementVO>;

/** `GET /api/get-common-announcement`: the shown site announcements, newest first. */
export const announcementPageData = pageOf(announcementVO);

/** reference §3.2 `GET /api/languages`; Verdict adds `available` (a live worker offers it). */
export const languageVO = z.object({
  id: z.number().int(),
  contentType: z.string().nullable(),
  description: z.string().nullable(),
  name: z.string(),
  compileCommand: z.string().nullable(),
  template: z.string().nullable(),
  codeTemplate: z.string().nullable(),
  isSpj: z.boolean(),
  oj: z.string(),
  seq: z.number().int(),
  available: z.boolean(),
});
export const languagesData = z.array(languageVO);

/** `GET /api/get-recent-contest` */
export const recentContestsData = z.array(contestVO);

/** reference §3.7 ACMRankVO (also the 7-day rank's rows, §3.2, which leave out signature and total). */
export const acmRankVO = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  signature: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  total: z.number().int(),
  ac: z.number().int(),
});
export type ACMRankVO = z.output<typeof acmRankVO>;

/** reference §3.7 OIRankVO */
export const oiRankVO = acmRankVO.extend({ score: z.number() });
export type OIRankVO = z.output<typeof oiRankVO>;

/** `GET /api/get-rank-list`: ACM rows, or OI rows with `score`. */
export const rankListData = pageOf(acmRankVO.extend({ score: z.number().optional() }));

/** reference §3.2 get-recent-seven-ac-rank: a row of the top 10 */
export const recentAcRankVO = acmRankVO.pick({
  uid: true,
  username: true,
  nickname: true,
  avatar: true,
  titleName: true,
  titleColor: true,
  ac: true,
});
export type RecentAcRankVO = z.output<typeof recentAcRankVO>;
export const recentAcRankData = z.array(recentAcRankVO);

/** reference §3.2 get-last-week-submission-statistics ("MM-dd", oldest first) */
export const submissionStatisticsData = z.object({
  dateStrList: z.array(z.string()),
  acCountList: z.array(z.number().int()),
  totalCountList: z.array(z.number().int()),
});
export type SubmissionStatisticsVO = z.output<typeof submissionStatisticsData>;

/**
 * Verdict (issue 30, spec part 1 "supported remote judges"): `GET /api/get-remote-judges`, the
 * remote judges a submission can be judged on now, those with at least one account (GYM with
 * Codeforces'), in REMOTE_OJS order.
 */
export const remoteJudgesData = z.array(z.enum(REMOTE_OJS));

/** reference §3.2 get-recent-other-contest */
export const otherContestVO = z.object({
  oj: z.string(),
  url: z.string(),
  title: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
});
export type OtherContestVO = z.output<typeof otherContestVO>;
export const otherContestsData = z.array(otherContestVO);

/** reference §7.11 UserHomeProblemVO: a problem in the user home's lists */
export const userHomeProblemVO = z.object({
  id: z.number().int(),
  problemId: z.string(),
  title: z.string(),
  difficulty: z.number().int(),
});
export type UserHomeProblemVO = z.output<typeof userHomeProblemVO>;

/**
 * reference §3.1 / §7.11 UserHomeVO. Verdict adds `triedList` (spec part 2 §2.6 "overcoming
 * problems": tried in the public scope, never accepted), `solved` and `score` (the sums HOJ's
 * client computes from the lists).
 */
export const userHomeData = z.object({
  uid: z.string(),
  username: z.string(),
  school: z.string().nullable(),
  signature: z.string().nullable(),
  nickname: z.string().nullable(),
  gender: z.string(),
  github: z.string().nullable(),
  blog: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  /** public (non-contest, non-group) submissions */
  total: z.number().int(),
  /** the Codeforces rating copied by the `codeforces-ratings` job; null when none */
  rating: z.number().nullable(),
  /** each scored problem's best OI rank score */
  scoreList: z.array(z.number()),
  /** problem ids accepted in the public scope */
  solvedList: z.array(z.string()),
  /** difficulty → solved problems */
  solvedGroupByDifficulty: z.record(z.string(), z.array(userHomeProblemVO)),
  /** tried in the public scope and never accepted */
  triedList: z.array(userHomeProblemVO),
  solved: z.number().int(),
  score: z.number(),
  /** the latest login; null if the user never logged in */
  recentLoginTime: timestamp.nullable(),
});
export type UserHomeVO = z.output<typeof userHomeData>;

/** reference §3.1 get-user-calendar-heatmap: days in the server's time zone, "yyyy-MM-dd" */
export const calendarHeatmapData = z.object({
  endDate: z.string(),
  dataList: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type CalendarHeatmapVO = z.output<typeof calendarHeatmapData>;
