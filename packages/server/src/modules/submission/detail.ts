import { eq, sql } from 'drizzle-orm';
import { JudgeStatus, SUBTASK_CASE_MODES } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { contest, judge, problem } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { assertCan, can } from '../../policy/index.ts';
import { viewOf, type ContestView } from '../contest/access.ts';
import { contestMessages } from '../contest/messages.ts';
import { contestSubmissionVisibility, withVisibility } from '../contest/submission-view.ts';
import { withGroupFacts } from '../group/access.ts';
import type { GroupFacts } from '../../policy/resources.ts';
import { judgeWordsOnly } from './case-messages.ts';
import { judgeJson, type JudgeRow } from './json.ts';
import { subtaskView, type CaseRow } from './subtasks.ts';
import { judgeSwitches } from './switches.ts';

/** reference §7.10: error texts shown to everyone; others are replaced by a fixed sentence. */
const VISIBLE_ERRORS: readonly number[] = [
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.SUBMITTED_FAILED,
];

export async function findSubmission(db: Db, submitId: number) {
  const [row] = await db.select().from(judge).where(eq(judge.submitId, submitId));
  if (!row) throw notFound(problemMessages.submissionNotFound);
  return row;
}

/**
 * The contest of a contest submission as `user` sees it at `now`, or undefined (not a contest
 * submission, or its contest was deleted: then only root opens it).
 */
async function contestViewOf(db: Db, user: AuthUser | null, row: JudgeRow, now: Date) {
  if (row.cid === 0) return undefined;
  const [c] = await db.select().from(contest).where(eq(contest.id, row.cid));
  return c ? viewOf(db, c, user, now) : undefined;
}

/** The group of a group submission as `user` stands in it (policy facts), or undefined. */
async function groupOf(db: Db, user: AuthUser | null, row: JudgeRow) {
  return (await withGroupFacts(db, user, row))?.group;
}

/** Who may open a submission at all: policy rule submission.view (reference §7.7, §7.10, §7.18). */
async function assertSubmissionViewable(
  db: Db,
  user: AuthUser | null,
  row: JudgeRow,
  view?: ContestView,
  group?: GroupFacts,
) {
  const [p] = await db
    .select({
      auth: problem.auth,
      isGroup: problem.isGroup,
      codeShare: problem.codeShare,
      openCaseResult: problem.openCaseResult,
      judgeCaseMode: problem.judgeCaseMode,
      judgeMode: problem.judgeMode,
      isRemote: problem.isRemote,
    })
    .from(problem)
    .where(eq(problem.id, row.pid));
  // judge.pid references problem: only a row deleted meanwhile is missing
  if (!p) throw notFound(problemMessages.problemNotFound);
  assertCan(user, 'submission.view', { ...row, problem: p, contest: view?.facts, group });
  return p;
}

/**
 * reference §3.4 `GET /api/get-submission-detail`, §7.10 (non-contest) and spec part 1 §5: the code
 * is shown to its author, root and problem admins, and to everyone when the author shared it and
 * the problem allows sharing; with `hideNonContestSubmissionCode` only root and problem admins see
 * it. Error texts other than CE / SE / Submitted Failed are replaced.
 */
export async function submissionDetail(db: Db, user: AuthUser | null, submitId: number, now: Date) {
  const row = await findSubmission(db, submitId);
  const view = await contestViewOf(db, user, row, now);
  const group = await groupOf(db, user, row);
  const p = await assertSubmissionViewable(db, user, row, view, group);
  const switches = await judgeSwitches(db);
  const code = can(user, 'submission.code', {
    ...row,
    problem: p,
    contest: view?.facts,
    group,
    hideCode: switches.hideNonContestSubmissionCode,
  })
    ? row.code
    : null;
  let errorMessage =
    row.errorMessage === null || VISIBLE_ERRORS.includes(row.status)
      ? row.errorMessage
      : 'The error message does not support viewing.';
  let shown = row;
  let remoteRunId = p.isRemote && row.vjudgeSubmitId !== null ? String(row.vjudgeSubmitId) : null;
  if (view) {
    // reference §7.10 (contest), §7.18: the seal and the running contest (contest/submission-view.ts)
    const visibility = contestSubmissionVisibility(view, user, row);
    if (visibility === 'hidden') shown = withVisibility(row, 'unknown');
    else shown = withVisibility(row, visibility);
    if (visibility === 'reduced' || visibility === 'hidden') errorMessage = contestMessages.hiddenError.en;
    if (visibility === 'unknown' || visibility === 'hidden') {
      errorMessage = null;
      remoteRunId = null;
    }
  }
  return {
    submission: { ...judgeJson(shown, { showIp: can(user, 'submission.ip') }), code, errorMessage },
    codeShare: p.codeShare,
    remoteRunId,
  };
}

/**
 * reference §3.4 `GET /api/get-all-case-result`, §7.10: null when the problem hides case results
 * (root and problem admins still see them); everyone else gets the case verdicts without the test
 * file names, and without what the program wrote unless `submission.programOutput` allows it
 * (issue 24 item 6). Subtask modes are grouped as §8.10 displays them.
 */
export async function caseResults(db: Db, user: AuthUser | null, submitId: number, now: Date) {
  const row = await findSubmission(db, submitId);
  const view = await contestViewOf(db, user, row, now);
  const group = await groupOf(db, user, row);
  const p = await assertSubmissionViewable(db, user, row, view, group);
  const facts = { ...row, problem: p, contest: view?.facts, group };
  if (!can(user, 'submission.caseResults', facts)) return null;
  // reference §7.18: what the seal hides of a submission, its cases hide too
  if (view && ['hidden', 'unknown'].includes(contestSubmissionVisibility(view, user, row))) return null;
  const admin = can(user, 'submission.caseFiles');
  const programOutput = can(user, 'submission.programOutput', facts);
  const cases = await queryRows<CaseRow>(
    db,
    sql`select id, submit_id as "submitId", status, time, memory, score, group_num as "groupNum", seq, mode,
      user_output as "userOutput", input_data as "inputData", output_data as "outputData"
    from judge_case where submit_id = ${submitId} order by seq asc nulls last, id asc`,
  );
  const list = cases.map((c) => {
    const view: CaseRow = { ...c, id: Number(c.id), submitId: Number(c.submitId) };
    if (!programOutput) view.userOutput = judgeWordsOnly(c.userOutput, c.status, p.judgeMode);
    if (!admin) {
      delete view.inputData;
      delete view.outputData;
    }
    return view;
  });
  const judgeCaseMode = list[0]?.mode ?? p.judgeCaseMode;
  if (SUBTASK_CASE_MODES.includes(judgeCaseMode)) {
    return { judgeCaseMode, subTaskJudgeCaseVoList: subtaskView(list, judgeCaseMode) };
  }
  return { judgeCaseMode, judgeCaseList: list };
}
