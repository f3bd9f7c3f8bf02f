import type {
  AdminContestInput,
  AdminContestVO as SharedAdminContestVO,
  AnnouncementVO,
  ContestCreated,
  ContestProblemLink,
  ContestProblemRemoved,
  ContestSaveResult,
  contestProblemDto,
} from '@verdict/shared';
import type { z } from 'zod';
import type { AdminProblem, ProblemDtoBody } from './admin-problem';
import { answerOf, del, get, post, put } from './answer-calls';
import { http, type ApiEnvelope, type Page } from './http';
import { inLanguage } from './problem';

/**
 * The admin area's contest calls (reference §3.12 "Contests"), with the field names of
 * `AdminContestVO`, `ContestProblem` and the contest announcement body.
 */

export type ContestType = 0 | 1;
/** 0 public, 1 private (password to enter), 2 protected (password to submit) */
export type ContestAuth = 0 | 1 | 2;
export type RankShowName = 'username' | 'nickname' | 'realname';
export type OiRankScoreType = 'Recent' | 'Highest';
/** 0 none, 1 by percentage, 2 by count */
export type AwardType = 0 | 1 | 2;

/** One award tier (reference §4.4 award_config), sorted by priority on save. */
export interface AwardConfig {
  priority: number;
  name: string;
  background: string;
  color: string;
  num: number;
}

/**
 * reference §3.12 `AdminContestVO` as the form sends it (checked with the shared `adminContestBody`,
 * whose input type it satisfies) and reads it back (the shared answer type).
 */
export interface AdminContestVO {
  id?: number | null;
  uid?: string | null;
  author?: string | null;
  title: string;
  type: ContestType;
  description: string;
  source?: number | null;
  auth: ContestAuth;
  pwd: string | null;
  /** ISO time */
  startTime: string;
  endTime: string;
  /** seconds */
  duration: number;
  sealRank: boolean;
  sealRankTime: string | null;
  autoRealRank: boolean;
  status?: number;
  visible: boolean;
  openPrint: boolean;
  openAccountLimit: boolean;
  accountLimitRule: string | null;
  rankShowName: RankShowName;
  starAccount: string[];
  openRank: boolean;
  oiRankScoreType: OiRankScoreType;
  gid?: number | null;
  awardType: AwardType;
  awardConfigList: AwardConfig[];
  allowEndSubmit: boolean;
  gmtCreate?: string;
  gmtModified?: string;
}

/** The answer of `GET /api/admin/contest` (shared; `count` = registrations). */
export type AdminContestAnswer = SharedAdminContestVO;

// the form's body must be one the shared schema takes
const _bodyFits = (body: AdminContestVO): AdminContestInput => body;
void _bodyFits;

/** A row of `get-contest-list` (reference §3.12: the contest without its password). */
export type AdminContestRow = Omit<SharedAdminContestVO, 'pwd'>;

/** reference §4.4 contest_problem as the form sends it (the answer has its `id`). */
export type ContestProblem = Omit<ContestProblemLink, 'id'> & { id?: number | null };

/** `get-problem-list`: a page of problems and, for those in the contest, their contest row by pid. */
export interface ContestProblemList {
  problemList: Page<AdminProblem>;
  contestProblemMap: Record<string, ContestProblem>;
}

export interface ContestAnnouncementBody {
  cid: number;
  announcement: { id?: number | null; title: string; content: string; status: 0 | 1 };
}

const BASE = '/api/admin/contest';

// ---- contests -------------------------------------------------------------------------------

export const getAdminContestList = (params: { currentPage: number; limit: number; keyword?: string }) =>
  get<Page<AdminContestRow>>(`${BASE}/get-contest-list`, params);
export const getAdminContest = (cid: number) => get<AdminContestAnswer>(BASE, { cid });
export const createContest = (body: AdminContestVO) => post<ContestCreated>(BASE, body);
/** `registrationsDropped` > 0 when a new password of a non-public contest removed registrations. */
export const updateContest = (body: AdminContestVO) => put<ContestSaveResult | null>(BASE, body);
export const deleteContest = (cid: number) => del<null>(BASE, { cid });
export const cloneContest = (cid: number) =>
  answerOf<ContestCreated>(
    http.get<ApiEnvelope<ContestCreated>>(`${BASE}/clone`, inLanguage({ params: { cid } })),
  );
/** reference §3.12: `uid` is the contest's creator (the caller unless root). */
export const changeContestVisible = (cid: number, uid: string, visible: boolean) =>
  put<null>(`${BASE}/change-contest-visible`, undefined, { cid, uid, visible });

// ---- contest problems -------------------------------------------------------------------------

/** Without `problemType`: the contest's problems by display id; with it: bank candidates. */
export const getContestProblemList = (params: {
  cid: number;
  currentPage: number;
  limit: number;
  keyword?: string;
  problemType?: number;
}) => get<ContestProblemList>(`${BASE}/get-problem-list`, params);

export const getContestProblemInfo = (cid: number, pid: number) =>
  get<ContestProblemLink>(`${BASE}/contest-problem`, { cid, pid });
export const setContestProblemInfo = (body: ContestProblem) =>
  put<ContestProblemLink>(`${BASE}/contest-problem`, body);
export const addProblemFromPublic = (body: {
  pid: number;
  cid: number;
  displayId: string;
  displayTitle?: string | null;
  color?: string | null;
}) => post<null>(`${BASE}/add-problem-from-public`, body);
/** reference §3.12: with `cid` the problem leaves the contest with the contest's submissions of it. */
export const removeContestProblem = (pid: number, cid: number) =>
  del<ContestProblemRemoved>(`${BASE}/problem`, { pid, cid });

export const getContestProblem = (pid: number) => get<AdminProblem>(`${BASE}/problem`, { pid });
/** A ProblemDTO with, for Verdict, the contest and the problem's place in it (one transaction). */
export type ContestProblemDtoBody = z.input<typeof contestProblemDto>;

/** The new problem is created with auth 3 (contest only) and linked to `cid`; answers its pid. */
export const createContestProblem = (body: ContestProblemDtoBody) =>
  post<{ pid: number; problemId: string }>(`${BASE}/problem`, body);
export const updateContestProblem = (body: ProblemDtoBody) => put<null>(`${BASE}/problem`, body);

// ---- contest announcements --------------------------------------------------------------------

export const getContestAnnouncements = (cid: number, currentPage: number, limit: number) =>
  get<Page<AnnouncementVO>>(`${BASE}/announcement`, { cid, currentPage, limit });
export const createContestAnnouncement = (body: ContestAnnouncementBody) =>
  post<null>(`${BASE}/announcement`, body);
export const updateContestAnnouncement = (body: ContestAnnouncementBody) =>
  put<null>(`${BASE}/announcement`, body);
export const deleteContestAnnouncement = (aid: number) => del<null>(`${BASE}/announcement`, { aid });

/** reference §3.12 / §10.3: a remote judge's problem imported (or found) and put into contest `cid`. */
export const importRemoteContestProblem = (cid: number, name: string, problemId: string, displayId: string) =>
  get<null>('/api/admin/contest/import-remote-oj-problem', { cid, name, problemId, displayId });
