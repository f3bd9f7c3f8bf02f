import type {
  ContestAccessVO,
  ContestAnnouncementVO,
  ContestInfoVO,
  ContestJudgeVO,
  ContestProblemVO,
  ContestVO,
  FullScreenProblem,
} from '@verdict/shared';
import { apiGet, apiPost, type Page } from './http';
import { inLanguage, type ProblemDetail } from './problem';
import type { SubmissionRow } from './submission';

/** The participant's contest calls (spec part 1 §2 "Contest …", §7; reference §3.6, §7.18). */

/** reference §3.6 ContestVO / get-contest-info (with the server's `now`), from the shared contract. */
export type ContestSummary = ContestVO;
export type ContestInfo = ContestInfoVO;

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

export function getContestAccess(cid: number): Promise<ContestAccessVO> {
  return apiGet<ContestAccessVO>('/api/get-contest-access', { cid }, inLanguage());
}

/**
 * reference §3.6 ContestProblemVO: `displayId` is the problem's id inside the contest; `ac` and
 * `total` are null without real-time permission; the caller's `myStatus` and `score` come along.
 */
export type ContestProblem = ContestProblemVO;

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

/** `GET /api/get-full-screen-problem-list?cid=` (reference §3.3): the focus mode's navigator. */
export type NavigatorProblem = FullScreenProblem;

export function getContestNavigatorProblems(cid: number): Promise<NavigatorProblem[]> {
  return apiGet<NavigatorProblem[]>('/api/get-full-screen-problem-list', { cid }, inLanguage());
}

/** A contest submission row: the reference's JudgeVO with `displayId` and the display title. */
export type ContestSubmissionRow = SubmissionRow & Pick<ContestJudgeVO, 'displayId' | 'cpid'>;

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

export type ContestAnnouncement = ContestAnnouncementVO;

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
