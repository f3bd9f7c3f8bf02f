import {
  isSubmitCaptchaChallenge,
  type CaseResultsView,
  type CaseResultView,
  type Submission,
  type SubmissionDetail,
  type SubmissionRow,
  type SubtaskResultView,
  type TestJudgeResult,
} from '@verdict/shared';
import { ApiError, apiGet, apiPost, apiPut, type Page } from './http';
import { inLanguage } from './problem';

/** The submission calls (spec part 1 §7, reference §3.4) and the admin judge calls (§3.4, §6.4). */

// the answers' shapes live in shared/src/responses/submission.ts (the API document's schemas)
export type {
  CaseResultsView,
  CaseResultView,
  Submission,
  SubmissionDetail,
  SubmissionRow,
  SubtaskResultView,
  TestJudgeResult,
};

export interface SubmitPayload {
  /** the display id (problem_id) */
  pid: string;
  language: string;
  code: string;
  cid: number;
  tid?: number;
  gid?: number;
  isRemote: boolean;
  /** spec part 1 §3: the answer to the captcha shown after a `captchaRequired` refusal */
  captcha?: string;
  captchaKey?: string;
}

export function submitProblemJudge(payload: SubmitPayload): Promise<Submission> {
  return apiPost<Submission>('/api/submit-problem-judge', payload, inLanguage());
}

/** A submit refusal that asks for a captcha (spec part 1 §8 "Too-fast operation"). */
export function asksForCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const body: unknown = error.response?.data;
  return isSubmitCaptchaChallenge(
    typeof body === 'object' && body !== null && 'data' in body ? body.data : null,
  );
}

export interface TestJudgePayload {
  /** the numeric problem id */
  pid: number;
  type: 'public' | 'contest' | 'group';
  code: string;
  language: string;
  userInput: string;
  expectedOutput?: string;
  isRemoteJudge: boolean;
  mode?: string;
  /** a group problem's group (type 'group') */
  gid?: number;
}

export function submitTestJudge(payload: TestJudgePayload): Promise<string> {
  return apiPost<string>('/api/submit-problem-test-judge', payload, inLanguage());
}

export function getTestJudgeResult(testJudgeKey: string): Promise<TestJudgeResult> {
  return apiGet<TestJudgeResult>('/api/get-test-judge-result', { testJudgeKey }, inLanguage());
}

export interface SubmissionListParams {
  currentPage: number;
  limit: number;
  onlyMine?: boolean;
  status?: number;
  username?: string;
  problemID?: string;
  completeProblemID?: boolean;
  /** a group's submissions (reference §3.4 `gid`, members only) */
  gid?: number;
}

export function getSubmissionList(params: SubmissionListParams): Promise<Page<SubmissionRow>> {
  return apiGet<Page<SubmissionRow>>('/api/get-submission-list', { ...params }, inLanguage());
}

export function getSubmissionDetail(submitId: number): Promise<SubmissionDetail> {
  return apiGet<SubmissionDetail>('/api/get-submission-detail', { submitId }, inLanguage());
}

/** null when the problem keeps its case results closed (reference §7.10). */
export function getAllCaseResult(submitId: number): Promise<CaseResultsView | null> {
  return apiGet<CaseResultsView | null>('/api/get-all-case-result', { submitId }, inLanguage());
}

/** `POST /api/check-submissions-status`: submitId → the submission without code. */
export function checkSubmissionsStatus(submitIds: number[]): Promise<Record<string, SubmissionRow>> {
  return apiPost<Record<string, SubmissionRow>>('/api/check-submissions-status', { submitIds }, inLanguage());
}

export function updateSubmissionShare(submitId: number, share: boolean, uid?: string): Promise<null> {
  return apiPut<null>('/api/submission', { submitId, share, uid }, inLanguage());
}

export function resubmit(submitId: number): Promise<Submission> {
  return apiGet<Submission>('/api/resubmit', { submitId }, inLanguage());
}

// ---- admin judge calls (reference §3.4, super admin) ------------------------------------------

export function rejudgeSubmission(submitId: number): Promise<Submission> {
  return apiGet<Submission>('/api/admin/judge/rejudge', { submitId }, inLanguage());
}

export function manualJudge(submitId: number, status: number, score?: number): Promise<Submission> {
  return apiGet<Submission>('/api/admin/judge/manual-judge', { submitId, status, score }, inLanguage());
}

export function cancelJudge(submitId: number): Promise<Submission> {
  return apiGet<Submission>('/api/admin/judge/cancel-judge', { submitId }, inLanguage());
}
