import { z } from 'zod';
import { contestVO } from './contest.ts';
import { pageOf, timestamp } from './envelope.ts';
import { announcementVO } from './home.ts';
import { problemCount, problemDetailData, problemVO } from './problem.ts';
import { submissionRow } from './submission.ts';

/** `GET /api/get-contest-list`, `GET /api/group/get-contest-list` */
export const contestListData = pageOf(contestVO);

/** `GET /api/get-contest-info` (reference §3.6): ContestVO plus the shell's settings and the server's `now`. */
export const contestInfoData = contestVO.extend({
  openPrint: z.boolean(),
  sealRank: z.boolean(),
  sealRankTime: timestamp.nullable(),
  autoRealRank: z.boolean(),
  /** 'username' | 'nickname' | 'realname' */
  rankShowName: z.string(),
  /** the server clock, for the countdown (spec part 1 §2: not the browser's clock) */
  now: timestamp,
});
export type ContestInfoVO = z.output<typeof contestInfoData>;

/** `GET /api/get-contest-access` (reference §3.6): whether the caller is registered. */
export const contestAccessData = z.object({ access: z.boolean() });
export type ContestAccessVO = z.output<typeof contestAccessData>;

/**
 * reference §3.6 ContestProblemVO, spec part 1 §3: `ac` / `total` are null ("?" on screen) without
 * real-time permission; `myStatus` -10 when the caller never submitted (null for anonymous callers),
 * `score` for OI contests.
 */
export const contestProblemVO = z.object({
  id: z.number().int(),
  displayId: z.string(),
  cid: z.number().int(),
  pid: z.number().int(),
  displayTitle: z.string(),
  color: z.string().nullable(),
  ac: z.number().int().nullable(),
  total: z.number().int().nullable(),
  myStatus: z.number().int().nullable(),
  score: z.number().nullable(),
});
export type ContestProblemVO = z.output<typeof contestProblemVO>;

/** `GET /api/get-contest-problem`: the contest's problems in display order. */
export const contestProblemListData = z.array(contestProblemVO);

/** reference §3.6 contest-submissions rows: JudgeVO with the contest display id and title (no gid). */
export const contestJudgeVO = submissionRow.omit({ gid: true, title: true }).extend({
  displayId: z.string().nullable(),
  title: z.string().nullable(),
});
export type ContestJudgeVO = z.output<typeof contestJudgeVO>;

/** `GET /api/contest-submissions` */
export const contestSubmissionListData = pageOf(contestJudgeVO);

/** reference §3.6 contest announcements: the site's announcement row (spec part 1 §7: id, title, gmtCreate used). */
export type ContestAnnouncementVO = z.output<typeof announcementVO>;

/** `GET /api/get-contest-announcement`, `GET /api/admin/contest/announcement` (hidden ones too there). */
export const contestAnnouncementPageData = pageOf(announcementVO);

/** `POST /api/get-contest-not-read-announcement` */
export const contestUnreadAnnouncementsData = z.array(announcementVO);

/** reference §3.6 `GET /api/get-contest-outsize-info` (sic): the contest and its problems. */
export const contestOutsideInfoData = z.object({
  contest: contestInfoData,
  problemList: contestProblemListData,
});
export type ContestOutsideInfo = z.output<typeof contestOutsideInfoData>;

/**
 * `GET /api/get-contest-problem-details` (reference §3.6): the problem page's answer in a contest.
 * While it runs (for non-admins) source, author and difficulty are null and the tags empty; the
 * counts are null while the board is sealed; `myScore` is the OI score.
 */
export const contestProblemDetailsData = problemDetailData.extend({
  problem: problemVO.extend({ difficulty: z.number().int().nullable() }),
  problemCount: problemCount.nullable(),
  myScore: z.number().nullable(),
  contestProblem: z.object({
    id: z.number().int(),
    displayId: z.string(),
    displayTitle: z.string(),
    color: z.string().nullable(),
  }),
  realTime: z.boolean(),
});
