import type { AnnouncementVO } from '@verdict/shared';
import { apiGet, apiPost, type Page } from './http';
import { inLanguage, type ProblemDetail } from './problem';
import type { SubmissionRow } from './submission';

/** The participant's contest calls (spec part 1 §2 "Contest …", §7; reference §3.6, §7.18). */

/** A row of `GET /api/get-contest-list` (reference §3.6 ContestVO). */
export interface ContestSummary {
  id: number;
  author: string | null;
  title: string;
  /** 0 ACM, 1 OI */
  type: number;
  description: string | null;
  /** -1 scheduled, 0 running, 1 ended */
  status: number;
  source: number;
  /** 0 public, 1 private, 2 protected */
  auth: number;
  startTime: string;
  endTime: string;
  /** seconds */
  duration: number;
  openRank: boolean;
  oiRankScoreType: string;
  gid: number | null;
  allowEndSubmit: boolean;
  /** registrations */
  count: number;
}

/** `GET /api/get-contest-info` (reference §3.6): the list's fields plus the shell's. */
export interface ContestInfo extends ContestSummary {
  openPrint: boolean;
  sealRank: boolean;
  sealRankTime: string | null;
  rankShowName: string;
  /** the server's clock when it answered: the countdown runs on it (spec part 1 §2) */
  now: string;
  /** the creator's uid, when the server sends it */
  uid?: string;
}

export interface ContestListParams {
  currentPage: number;
  limit: number;
  status?: number;
  type?: number;
  keyword?: string;
}

export function getContestList(params: ContestListParams): Promise<Page<ContestSummary>> {
  return apiGet<Page<ContestSummary>>('/api/get-contest-list', { ...params }, inLanguage());
}

export function getContestInfo(cid: number): Promise<ContestInfo> {
  return apiGet<ContestInfo>('/api/get-contest-info', { cid }, inLanguage());
}

export function registerContest(cid: number, password: string): Promise<null> {
  return apiPost<null>('/api/register-contest', { cid, password }, inLanguage());
}

export function getContestAccess(cid: number): Promise<{ access: boolean }> {
  return apiGet<{ access: boolean }>('/api/get-contest-access', { cid }, inLanguage());
}

/** reference §3.6 ContestProblemVO; `displayId` is the problem's id inside the contest. */
export interface ContestProblem {
  id: number;
  displayId: string;
  cid: number;
  pid: number;
  displayTitle: string;
  /** balloon colour */
  color: string | null;
  ac: number;
  total: number;
}

export function getContestProblems(cid: number, containsEnd: boolean): Promise<ContestProblem[]> {
  return apiGet<ContestProblem[]>('/api/get-contest-problem', { cid, containsEnd }, inLanguage());
}

export function getContestProblemDetails(
  cid: number,
  displayId: string,
  containsEnd: boolean,
): Promise<ProblemDetail> {
  return apiGet<ProblemDetail>(
    '/api/get-contest-problem-details',
    { cid, displayId, containsEnd },
    inLanguage(),
  );
}

/** `POST /api/get-user-problem-status` for a contest's problems (reference §7.9): pid → status, score. */
export function getContestProblemStatus(
  cid: number,
  pidList: number[],
  containsEnd: boolean,
): Promise<Record<string, { status: number; score?: number | null }>> {
  return apiPost(
    '/api/get-user-problem-status',
    { pidList, isContestProblemList: true, cid, containsEnd },
    inLanguage(),
  );
}

/** `GET /api/get-full-screen-problem-list?cid=` (reference §3.3): the focus mode's navigator. */
export interface NavigatorProblem {
  pid: number;
  /** the display id inside the contest */
  problemId: string;
  title: string;
  status: number | null;
  score: number | null;
}

export function getContestNavigatorProblems(cid: number): Promise<NavigatorProblem[]> {
  return apiGet<NavigatorProblem[]>('/api/get-full-screen-problem-list', { cid }, inLanguage());
}

/** A contest submission row: the reference's JudgeVO with `displayId` and the display title. */
export interface ContestSubmissionRow extends SubmissionRow {
  displayId?: string;
}

export interface ContestSubmissionParams {
  contestID: number;
  currentPage: number;
  limit: number;
  onlyMine?: boolean;
  problemID?: string;
  status?: number;
  username?: string;
  completeProblemID?: boolean;
  /** reference §3.6: false = submissions from the start on (the contest's own list) */
  beforeContestSubmit: boolean;
  containsEnd: boolean;
}

export async function getContestSubmissions(
  params: ContestSubmissionParams,
): Promise<Page<ContestSubmissionRow>> {
  const page = await apiGet<Page<ContestSubmissionRow>>(
    '/api/contest-submissions',
    { ...params },
    inLanguage(),
  );
  // The contest list names the problem by its display id inside the contest.
  return {
    ...page,
    records: page.records.map((row) => ({ ...row, displayPid: row.displayId ?? row.displayPid })),
  };
}

/** `POST /api/check-contest-submissions-status` (reference §3.4): seal and visibility rules applied. */
export function checkContestSubmissionsStatus(
  cid: number,
  submitIds: number[],
): Promise<Record<string, SubmissionRow>> {
  return apiPost<Record<string, SubmissionRow>>(
    '/api/check-contest-submissions-status',
    { submitIds, cid },
    inLanguage(),
  );
}

export type ContestAnnouncement = AnnouncementVO;

export function getContestAnnouncements(
  cid: number,
  currentPage: number,
  limit: number,
): Promise<Page<ContestAnnouncement>> {
  return apiGet<Page<ContestAnnouncement>>(
    '/api/get-contest-announcement',
    { cid, currentPage, limit },
    inLanguage(),
  );
}

/** reference §3.6: the contest's announcements whose ids are not in `readAnnouncementList`, newest first. */
export function getUnreadContestAnnouncements(
  cid: number,
  readAnnouncementList: number[],
): Promise<ContestAnnouncement[]> {
  return apiPost<ContestAnnouncement[]>(
    '/api/get-contest-not-read-announcement',
    { cid, readAnnouncementList },
    inLanguage(),
  );
}
