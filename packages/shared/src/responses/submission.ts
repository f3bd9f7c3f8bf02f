import { z } from 'zod';
import { pageOf, timestamp } from './envelope.ts';

/** reference §3.4 `JudgeVO`: a submission as the list shows it. */
export const submissionRow = z.object({
  submitId: z.number().int(),
  uid: z.string(),
  username: z.string().nullable(),
  pid: z.number().int(),
  displayPid: z.string(),
  title: z.string().nullable().optional(),
  submitTime: timestamp,
  status: z.number().int(),
  share: z.boolean(),
  /** ms */
  time: z.number().nullable(),
  /** KB */
  memory: z.number().nullable(),
  score: z.number().nullable(),
  oiRankScore: z.number().nullable(),
  /** characters */
  length: z.number().nullable(),
  language: z.string().nullable(),
  cid: z.number().int(),
  cpid: z.number().int(),
  gid: z.number().int().nullable(),
  judger: z.string().nullable(),
  isManual: z.boolean(),
});
export type SubmissionRow = z.output<typeof submissionRow>;

/** reference §4.3 `Judge` without code and error text (check-submissions-status). */
export const submissionStatusRow = submissionRow.omit({ title: true }).extend({
  ip: z.string().nullable(),
  version: z.number().int(),
  vjudgeSubmitId: z.null(),
  vjudgeUsername: z.null(),
  vjudgePassword: z.null(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});

/** reference §4.3 `Judge`: the whole submission; the code is null when the viewer may not read it. */
export const submission = submissionStatusRow.extend({
  code: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type Submission = z.output<typeof submission>;

/** `GET /api/get-submission-list` */
export const submissionListData = pageOf(submissionRow);

/** `GET /api/get-submission-detail` */
export const submissionDetailData = z.object({
  submission,
  /** the problem allows sharing code */
  codeShare: z.boolean(),
  /**
   * Verdict: the run id the remote judge gave a remote submission (reference §10.1), null otherwise;
   * beside HOJ's fields, which keep `vjudgeSubmitId` blank (§7.10). The account is never shown.
   */
  remoteRunId: z.string().nullable(),
});
export type SubmissionDetail = z.output<typeof submissionDetailData>;

/** A case result as shown to users (reference §7.10). */
export const caseResultView = z.object({
  id: z.number().int().optional(),
  submitId: z.number().int().optional(),
  status: z.number().int().nullable(),
  time: z.number().nullable(),
  memory: z.number().nullable(),
  score: z.number().nullable(),
  groupNum: z.number().int().nullable(),
  seq: z.number().int().nullable(),
  mode: z.string(),
  userOutput: z.string().nullable(),
  inputData: z.string().nullable().optional(),
  outputData: z.string().nullable().optional(),
});
export type CaseResultView = z.output<typeof caseResultView>;

/** reference §3.4 get-all-case-result, subtask modes (§8.10 display). */
export const subtaskResultView = z.object({
  groupNum: z.number().int(),
  status: z.number().int(),
  score: z.number(),
  ac: z.number().int(),
  total: z.number().int(),
  time: z.number(),
  memory: z.number(),
  subtaskDetailList: z.array(caseResultView),
});
export type SubtaskResultView = z.output<typeof subtaskResultView>;

/** reference §3.4 `JudgeCaseVO`; null when the problem keeps its case results closed (§7.10). */
export const caseResultsData = z
  .object({
    judgeCaseMode: z.string(),
    judgeCaseList: z.array(caseResultView).optional(),
    subTaskJudgeCaseVoList: z.array(subtaskResultView).optional(),
  })
  .nullable();
export type CaseResultsView = NonNullable<z.output<typeof caseResultsData>>;

/** `POST /api/check-submissions-status`: submitId → the submission without code. */
export const submissionStatusesData = z.record(z.string(), submissionStatusRow);

/** reference §3.4 TestJudgeVO; while the run waits only `status` (5) is there. */
export const testJudgeResultData = z.object({
  status: z.number().int(),
  time: z.number().nullable().optional(),
  memory: z.number().nullable().optional(),
  userInput: z.string().nullable().optional(),
  userOutput: z.string().nullable().optional(),
  expectedOutput: z.string().nullable().optional(),
  stderr: z.string().nullable().optional(),
  problemJudgeMode: z.string().nullable().optional(),
});
export type TestJudgeResult = z.output<typeof testJudgeResultData>;

/** `POST /api/submit-problem-test-judge`: the key to ask for the result with. */
export const testJudgeKeyData = z.string();

/** reference §3.3 get-last-ac-code: empty code when there is no accepted submission. */
export const lastAcCodeData = z.object({
  submitId: z.number().int().nullable(),
  code: z.string(),
  language: z.string().nullable(),
});
