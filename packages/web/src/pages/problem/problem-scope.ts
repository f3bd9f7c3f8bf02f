import type { Page } from '../../api/http';
import {
  checkContestSubmissionsStatus,
  getContestProblemDetails,
  getContestSubmissions,
} from '../../api/contest';
import { getLastAcCode, getProblemDetail, type ProblemDetail } from '../../api/problem';
import { checkSubmissionsStatus, getSubmissionList, type SubmissionRow } from '../../api/submission';
import {
  TRAINING_LIST_PREFIX,
  trainingDetailKey,
  trainingProblemsKey,
  trainingRankPrefix,
} from '../training/training-keys';

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
    }
  /** a training's problem (spec part 2 §2.1): the public problem, submitted with `tid` */
  /** `base`: where the training's pages live when not /training/:tid (a group's training) */
  | { kind: 'training'; tid: number; base?: string }
  /** a group's problem (spec part 2 §2.2 GroupProblemDetails): read, submitted and tested with `gid` */
  | { kind: 'group'; gid: number };

export const PUBLIC_SCOPE: ProblemScope = { kind: 'public' };

const enc = encodeURIComponent;

export function problemDetailQueryKey(scope: ProblemScope, problemID: string) {
  return scope.kind === 'contest'
    ? (['contest-problem-detail', scope.cid, problemID, scope.containsEnd] as const)
    : scope.kind === 'group'
      ? (['group-problem-detail', scope.gid, problemID] as const)
      : (['problem-detail', problemID] as const);
}

/**
 * reference §3.3 get-problem-detail, or §3.6 get-contest-problem-details by display id. A training's
 * display id is the problem's own id (reference §4.5), so its problem is the public one.
 */
export function loadProblemDetail(scope: ProblemScope, problemID: string): Promise<ProblemDetail> {
  if (scope.kind === 'contest') return getContestProblemDetails(scope.cid, problemID, scope.containsEnd);
  return getProblemDetail(problemID, scope.kind === 'group' ? scope.gid : undefined);
}

/**
 * What a submit names (reference §3.4 SubmitJudgeDTO): the problem id and cid 0, or in a contest
 * the display id inside it (the route's id) and the contest, or in a training the display id and
 * `tid` (reference §6.1 "Training").
 */
export function submitTarget(
  scope: ProblemScope,
  problemID: string,
  problemId: string,
): { pid: string; cid: number; tid?: number; gid?: number } {
  if (scope.kind === 'contest') return { pid: problemID, cid: scope.cid };
  if (scope.kind === 'group') return { pid: problemId, cid: 0, gid: scope.gid };
  if (scope.kind === 'training') return { pid: problemID, cid: 0, tid: scope.tid };
  return { pid: problemId, cid: 0 };
}

/**
 * What a verdict changes beyond the problem itself, refreshed as soon as it arrives: in a training
 * the user's progress in its header (and the list's), its problem list's status and its rank
 * (issue 24 item 15: the header stayed at 0/3 after an Accepted until a reload); in a contest its
 * problem list's status.
 */
export function verdictRefreshKeys(scope: ProblemScope): (readonly unknown[])[] {
  if (scope.kind === 'training') {
    return [
      trainingDetailKey(scope.tid),
      trainingProblemsKey(scope.tid),
      trainingRankPrefix(scope.tid),
      TRAINING_LIST_PREFIX,
    ];
  }
  if (scope.kind === 'contest') return [['contest-problems', scope.cid]];
  if (scope.kind === 'group') return [['group-problem-list', scope.gid]];
  return [];
}

/** reference §3.4: a contest's submissions are checked through the contest call (seal rules). */
export function checkStatus(
  scope: ProblemScope,
  submitIds: number[],
): Promise<Record<string, SubmissionRow>> {
  return scope.kind === 'contest'
    ? checkContestSubmissionsStatus(scope.cid, submitIds)
    : checkSubmissionsStatus(submitIds);
}

export function lastAcCode(scope: ProblemScope, pid: number) {
  return getLastAcCode(pid, scope.kind === 'contest' ? scope.cid : 0);
}

/** The signed-in user's submissions of this problem (the My Submission tab). */
export function mySubmissions(
  scope: ProblemScope,
  problemID: string,
  currentPage: number,
  limit: number,
): Promise<Page<SubmissionRow>> {
  if (scope.kind !== 'contest') {
    return getSubmissionList({
      currentPage,
      limit,
      onlyMine: true,
      problemID,
      completeProblemID: true,
      gid: scope.kind === 'group' ? scope.gid : undefined,
    });
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
      scope.kind === 'contest'
        ? `/contest/${scope.cid}/problem/${enc(problemID)}`
        : scope.kind === 'training'
          ? `${scope.base ?? `/training/${scope.tid}`}/problem/${enc(problemID)}`
          : scope.kind === 'group'
            ? `/group/${scope.gid}/problem/${enc(problemID)}`
            : `/problem/${enc(problemID)}`;
    return focus ? `${base}/full-screen` : base;
  },
  /** where "back to the list" goes */
  list(scope: ProblemScope): string {
    if (scope.kind === 'contest') return `/contest/${scope.cid}/problems`;
    if (scope.kind === 'training') return `${scope.base ?? `/training/${scope.tid}`}/problems`;
    if (scope.kind === 'group') return `/group/${scope.gid}/problem`;
    return '/problem';
  },
  submission(scope: ProblemScope, problemID: string, submitId: number): string {
    if (scope.kind === 'contest')
      return `/contest/${scope.cid}/problem/${enc(problemID)}/submission-detail/${submitId}`;
    if (scope.kind === 'group') return `/group/${scope.gid}/submission-detail/${submitId}`;
    return `/submission-detail/${submitId}`;
  },
};
