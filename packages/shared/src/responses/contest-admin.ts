import { z } from 'zod';
import { adminProblemListData } from './problem.ts';
import { awardTierInput } from '../contest-admin.ts';
import { pageOf, timestamp } from './envelope.ts';

/** reference §3.12 AdminContestVO (`pwd` only in the one-contest answer). */
export const adminContestVO = z.object({
  id: z.number().int(),
  uid: z.string(),
  author: z.string().nullable(),
  title: z.string().nullable(),
  type: z.number().int(),
  description: z.string().nullable(),
  source: z.number().int(),
  auth: z.number().int(),
  pwd: z.string().nullable().optional(),
  startTime: timestamp,
  endTime: timestamp,
  /** seconds */
  duration: z.number().nullable(),
  sealRank: z.boolean(),
  sealRankTime: timestamp.nullable(),
  autoRealRank: z.boolean(),
  /** from the server clock */
  status: z.number().int(),
  visible: z.boolean(),
  openPrint: z.boolean(),
  openAccountLimit: z.boolean(),
  accountLimitRule: z.string().nullable(),
  rankShowName: z.string(),
  starAccount: z.array(z.string()),
  openRank: z.boolean(),
  oiRankScoreType: z.string(),
  gid: z.number().int().nullable(),
  awardType: z.number().int(),
  awardConfigList: z.array(awardTierInput),
  allowEndSubmit: z.boolean(),
  /** Verdict: registrations, so the form can say what a password change drops */
  count: z.number().int(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type AdminContestVO = z.output<typeof adminContestVO>;

/** `GET /api/admin/contest/get-contest-list`, `GET /api/group/get-admin-contest-list` (no passwords). */
export const adminContestListData = pageOf(adminContestVO);

/** `POST /api/admin/contest`, `GET /api/admin/contest/clone`: the new contest's id (HOJ answers null). */
export const contestCreatedData = z.object({ cid: z.number().int() });
export type ContestCreated = z.output<typeof contestCreatedData>;

/** `PUT /api/admin/contest`: what the save did besides the contest row. */
export const contestSaveData = z.object({
  /** registrations removed because the password of a non-public contest changed (reference §3.12) */
  registrationsDropped: z.number().int(),
});
export type ContestSaveResult = z.output<typeof contestSaveData>;

/** reference §4.4 contest_problem (`GET|PUT /api/admin/contest/contest-problem`). */
export const contestProblemLinkData = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  pid: z.number().int(),
  displayId: z.string(),
  displayTitle: z.string(),
  color: z.string().nullable(),
});
export type ContestProblemLink = z.output<typeof contestProblemLinkData>;

/**
 * `GET /api/admin/contest/get-problem-list`, `GET /api/group/get-contest-problem-list`: the problems
 * (in or, to add, not in the contest) and pid → the link of those in it.
 */
export const adminContestProblemsData = z.object({
  problemList: adminProblemListData,
  contestProblemMap: z.record(z.string(), contestProblemLinkData),
});

/** `DELETE /api/admin/contest/problem`: the contest's submissions of the problem deleted with it. */
export const contestProblemRemovedData = z.object({ submissionsDeleted: z.number().int() });
export type ContestProblemRemoved = z.output<typeof contestProblemRemovedData>;
