import { z } from 'zod';
import { pageOf, timestamp } from './envelope.ts';

/** Fields every board row carries (reference §9.3, §9.4; spec part 1 §3 "Contest rank row"). */
const contestRankRowBase = z.object({
  /** 1, 2, 2, 4 …; -1 for a star user (shown as "*") */
  rank: z.number().int(),
  isWinAward: z.boolean(),
  awardName: z.string().nullable(),
  awardBackground: z.string().nullable(),
  awardColor: z.string().nullable(),
  uid: z.string(),
  username: z.string(),
  realname: z.string().nullable(),
  nickname: z.string().nullable(),
  school: z.string().nullable(),
  gender: z.string(),
  avatar: z.string().nullable(),
});
export type ContestRankRowBase = z.output<typeof contestRankRowBase>;

/**
 * reference §9.3 `submissionInfo[displayId]` of the ACM board. `ACTime` (seconds since the start)
 * only on an accepted cell; `tryNum` only when submissions after the seal hide their result.
 */
export const acmCell = z.object({
  isAC: z.boolean(),
  isFirstAC: z.boolean(),
  ACTime: z.number().optional(),
  /** rejected tries before the accepted one (or so far) that cost a penalty */
  errorNum: z.number().int(),
  tryNum: z.number().int().optional(),
  /** accepted after the end (the 'include submissions after the contest' board) */
  isAfterContest: z.boolean(),
});
export type AcmCell = z.output<typeof acmCell>;

/** reference §9.3 ACMContestRankVO. `totalTime` in seconds. */
export const acmRankRow = contestRankRowBase.extend({
  ac: z.number().int(),
  total: z.number().int(),
  totalTime: z.number(),
  submissionInfo: z.record(z.string(), acmCell),
});
export type AcmRankRow = z.output<typeof acmRankRow>;

/** reference §9.4 OIContestRankVO: scores and, for accepted problems, run time in ms. */
export const oiRankRow = contestRankRowBase.extend({
  totalScore: z.number(),
  totalTime: z.number(),
  submissionInfo: z.record(z.string(), z.number()),
  timeInfo: z.record(z.string(), z.number()),
});
export type OiRankRow = z.output<typeof oiRankRow>;

export const contestRankRow = z.union([acmRankRow, oiRankRow]);
export type ContestRankRow = AcmRankRow | OiRankRow;

/**
 * `POST /api/get-contest-rank`, `POST /api/get-contest-outside-scoreboard` (reference §9.6): a
 * `Page` of rows plus `pinned`, how many rows at the head of the paged list are the caller's and the
 * followed users' rows, shown again further down. A screen marks them and counts people as
 * `total - pinned` (issue 24 item 16); `total` stays the length of the paged list, which HOJ's
 * client pages by.
 */
export const contestRankPageData = pageOf(contestRankRow).extend({ pinned: z.number().int() });
export type ContestRankPageExtra = Pick<z.output<typeof contestRankPageData>, 'pinned'>;

/** `GET /api/get-contest-scroll-board-info` (reference §3.6 ContestScrollBoardInfoVO). */
export const scrollBoardInfoData = z.object({
  id: z.number().int(),
  /** 'username' | 'nickname' | 'realname': which name the board shows */
  rankShowName: z.string(),
  problemCount: z.number().int(),
  /** display id → balloon colour */
  balloonColor: z.record(z.string(), z.string().nullable()),
  startTime: timestamp,
  sealRankTime: timestamp.nullable(),
  /** usernames ranked "*" (reference §9.3) */
  starUserList: z.array(z.string()),
  /** Verdict: the contest's end, its title and its display ids in display order (a JSON object's
   * keys do not keep that order when display ids are numbers) */
  endTime: timestamp,
  title: z.string().nullable(),
  displayIdList: z.array(z.string()),
});
export type ContestScrollBoardInfoVO = z.output<typeof scrollBoardInfoData>;

/** reference §3.6 ContestScrollBoardSubmissionVO: one submission with its author's profile. */
export const scrollBoardSubmissionVO = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  realname: z.string().nullable(),
  school: z.string().nullable(),
  avatar: z.string().nullable(),
  gender: z.string().nullable(),
  submitId: z.number().int(),
  status: z.number().int(),
  submitTime: timestamp,
  displayId: z.string(),
});
export type ContestScrollBoardSubmissionVO = z.output<typeof scrollBoardSubmissionVO>;

/** `GET /api/get-contest-scroll-board-submission` */
export const scrollBoardSubmissionsData = z.array(scrollBoardSubmissionVO);
