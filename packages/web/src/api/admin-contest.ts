import type { AnnouncementVO } from '@verdict/shared';
import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import { currentLanguage } from '../i18n';
import type { AdminProblem, Answer, ProblemDtoBody } from './admin-problem';
import { downloadFile } from './download';
import { http, type ApiEnvelope, type Page } from './http';

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

/** reference §3.12 `AdminContestVO`. */
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

/** A row of `get-contest-list` (reference §3.12: the contest without its password). */
export interface AdminContestRow {
  id: number;
  uid: string;
  author: string | null;
  title: string;
  type: ContestType;
  auth: ContestAuth;
  status: number;
  visible: boolean;
  startTime: string;
  endTime: string;
  duration: number;
  source: number | null;
  gmtCreate: string;
  gmtModified: string;
}

/** reference §4.4 contest_problem. */
export interface ContestProblem {
  id?: number | null;
  cid: number;
  pid: number;
  displayId: string;
  displayTitle: string;
  color: string | null;
}

/** `get-problem-list`: a page of problems and, for those in the contest, their contest row by pid. */
export interface ContestProblemList {
  problemList: Page<AdminProblem>;
  contestProblemMap: Record<string, ContestProblem>;
}

export interface ContestAnnouncementBody {
  cid: number;
  announcement: { id?: number | null; title: string; content: string; status: 0 | 1 };
}

/** Server messages follow the interface language (ARCHITECTURE "Server messages"). */
function inLanguage(config: AxiosRequestConfig = {}): AxiosRequestConfig {
  return { ...config, headers: { ...config.headers, 'Accept-Language': currentLanguage() } };
}

async function answerOf<T>(request: Promise<AxiosResponse<ApiEnvelope<T>>>): Promise<Answer<T>> {
  const { data } = await request;
  return { data: data.data, msg: data.msg };
}

const get = async <T>(url: string, params?: Record<string, unknown>) =>
  (await answerOf<T>(http.get<ApiEnvelope<T>>(url, inLanguage({ params })))).data;
const post = <T>(url: string, body?: unknown) =>
  answerOf<T>(http.post<ApiEnvelope<T>>(url, body, inLanguage()));
const put = <T>(url: string, body?: unknown, params?: Record<string, unknown>) =>
  answerOf<T>(http.put<ApiEnvelope<T>>(url, body, inLanguage({ params })));
const del = <T>(url: string, params: Record<string, unknown>) =>
  answerOf<T>(http.delete<ApiEnvelope<T>>(url, inLanguage({ params })));

const BASE = '/api/admin/contest';

// ---- contests -------------------------------------------------------------------------------

export const getAdminContestList = (params: { currentPage: number; limit: number; keyword?: string }) =>
  get<Page<AdminContestRow>>(`${BASE}/get-contest-list`, params);
export const getAdminContest = (cid: number) => get<AdminContestVO>(BASE, { cid });
export const createContest = (body: AdminContestVO) => post<null>(BASE, body);
export const updateContest = (body: AdminContestVO) => put<null>(BASE, body);
export const deleteContest = (cid: number) => del<null>(BASE, { cid });
export const cloneContest = (cid: number) =>
  answerOf<null>(http.get<ApiEnvelope<null>>(`${BASE}/clone`, inLanguage({ params: { cid } })));
/** reference §3.12: `uid` is the contest's creator (the caller unless root). */
export const changeContestVisible = (cid: number, uid: string, visible: boolean) =>
  put<null>(`${BASE}/change-contest-visible`, undefined, { cid, uid, visible });

/** reference §3.6 download-contest-ac-submission (contest admins). */
export const downloadAcceptedSubmissions = (cid: number, splitType: 'user' | 'problem' = 'user') =>
  downloadFile('/api/file/download-contest-ac-submission', { cid, excludeAdmin: false, splitType });

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
  get<ContestProblem>(`${BASE}/contest-problem`, { cid, pid });
export const setContestProblemInfo = (body: ContestProblem) =>
  put<ContestProblem>(`${BASE}/contest-problem`, body);
export const addProblemFromPublic = (body: { pid: number; cid: number; displayId: string }) =>
  post<null>(`${BASE}/add-problem-from-public`, body);
/** reference §3.12: with `cid` the problem leaves the contest with the contest's submissions of it. */
export const removeContestProblem = (pid: number, cid: number) => del<null>(`${BASE}/problem`, { pid, cid });

export const getContestProblem = (pid: number) => get<AdminProblem>(`${BASE}/problem`, { pid });
/** The new problem is created with auth 3 (contest only); answers its pid. */
export const createContestProblem = (body: ProblemDtoBody) => post<{ pid: number }>(`${BASE}/problem`, body);
export const updateContestProblem = (body: ProblemDtoBody) => put<null>(`${BASE}/problem`, body);

// ---- contest announcements --------------------------------------------------------------------

export const getContestAnnouncements = (cid: number, currentPage: number, limit: number) =>
  get<Page<AnnouncementVO>>(`${BASE}/announcement`, { cid, currentPage, limit });
export const createContestAnnouncement = (body: ContestAnnouncementBody) =>
  post<null>(`${BASE}/announcement`, body);
export const updateContestAnnouncement = (body: ContestAnnouncementBody) =>
  put<null>(`${BASE}/announcement`, body);
export const deleteContestAnnouncement = (aid: number) => del<null>(`${BASE}/announcement`, { aid });
