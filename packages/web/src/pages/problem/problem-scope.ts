import type { Page } from '../../api/http';
import {
  checkContestSubmissionsStatus,
  getContestProblemDetails,
  getContestSubmissions,
} from '../../api/contest';
import { getLastAcCode, getProblemDetail, type ProblemDetail } from '../../api/problem';
import { checkSubmissionsStatus, getSubmissionList, type SubmissionRow } from '../../api/submission';

/**
 * Where a problem page is opened (spec part 1 §2 "Problem page": ProblemDetails and
 * ContestProblemDetails share one page). The scope decides the data calls, what a submit carries
 * and where the page's links lead; everything else is the same page.
 */
export type ProblemScope =
  | { kind: 'public' }
  | {
      kind: 'contest';
      cid: number;
      /** the shell's 'include submissions after the contest' switch */
      containsEnd: boolean;
    };

export const PUBLIC_SCOPE: ProblemScope = { kind: 'public' };

const enc = encodeURIComponent;

export function problemDetailQueryKey(scope: ProblemScope, problemID: string) {
  return scope.kind === 'public'
    ? (['problem-detail', problemID] as const)
    : (['contest-problem-detail', scope.cid, problemID, scope.containsEnd] as const);
}

/** reference §3.3 get-problem-detail, or §3.6 get-contest-problem-details by display id. */
export function loadProblemDetail(scope: ProblemScope, problemID: string): Promise<ProblemDetail> {
  return scope.kind === 'public'
    ? getProblemDetail(problemID)
    : getContestProblemDetails(scope.cid, problemID, scope.containsEnd);
}

/**
 * What a submit names (reference §3.4 SubmitJudgeDTO): the problem id and cid 0, or in a contest
 * the display id inside it (the route's id) and the contest.
 */
export function submitTarget(scope: ProblemScope, problemID: string, problemId: string) {
  return scope.kind === 'public' ? { pid: problemId, cid: 0 } : { pid: problemID, cid: scope.cid };
}

/** reference §3.4: a contest's submissions are checked through the contest call (seal rules). */
export function checkStatus(
  scope: ProblemScope,
  submitIds: number[],
): Promise<Record<string, SubmissionRow>> {
  return scope.kind === 'public'
    ? checkSubmissionsStatus(submitIds)
    : checkContestSubmissionsStatus(scope.cid, submitIds);
}

export function lastAcCode(scope: ProblemScope, pid: number) {
  return getLastAcCode(pid, scope.kind === 'public' ? 0 : scope.cid);
}

/** The signed-in user's submissions of this problem (the My Submission tab). */
export function mySubmissions(
  scope: ProblemScope,
  problemID: string,
  currentPage: number,
  limit: number,
): Promise<Page<SubmissionRow>> {
  if (scope.kind === 'public') {
    return getSubmissionList({ currentPage, limit, onlyMine: true, problemID, completeProblemID: true });
  }
  return getContestSubmissions({
    contestID: scope.cid,
    currentPage,
    limit,
    onlyMine: true,
    problemID,
    completeProblemID: true,
    beforeContestSubmit: false,
    containsEnd: scope.containsEnd,
  });
}

export const problemPaths = {
  /** the page itself, normal or focus mode */
  page(scope: ProblemScope, problemID: string, focus: boolean): string {
    const base =
      scope.kind === 'public'
        ? `/problem/${enc(problemID)}`
        : `/contest/${scope.cid}/problem/${enc(problemID)}`;
    return focus ? `${base}/full-screen` : base;
  },
  /** where "back to the list" goes */
  list(scope: ProblemScope): string {
    return scope.kind === 'public' ? '/problem' : `/contest/${scope.cid}/problems`;
  },
  submission(scope: ProblemScope, problemID: string, submitId: number): string {
    return scope.kind === 'public'
      ? `/submission-detail/${submitId}`
      : `/contest/${scope.cid}/problem/${enc(problemID)}/submission-detail/${submitId}`;
  },
};
