import { z } from 'zod';
import { JudgeStatus } from './judge.ts';
import { int, optionalInt, positiveId } from './numbers.ts';
import { booleanParam, currentPageParam, idParam, limitParam, PROBLEM_LIMITS, textParam } from './problem.ts';

/**
 * The submission contract (spec part 1 §3–§5, §7, §9; reference §3.4, §6, §7.10, §8.12): limits and
 * the zod schemas of the submit, test-run, submission and judge-admin calls.
 */

export const SUBMISSION_LIMITS = {
  /** spec part 1 §5, §9: code at most 65535 characters */
  codeMax: 65535,
  /**
   * reference §6.1 step 3 / Appendix A: fewer than 50 characters is refused, except for the
   * languages matched by SHORT_CODE_LANGUAGES.
   */
  codeMin: 50,
  /** spec part 1 §5, §9: test-run input at most 1000 characters */
  testInputMax: 1000,
  /** expected output of a test run; the same bound as the input */
  testExpectedMax: 1000,
  /** ids per check-submissions-status call */
  statusCheckMax: 200,
  /** reference §8.12: the program output returned by a test run */
  testOutputShown: 1000,
} as const;

/** reference §6.1 step 3: languages whose programs may be shorter than 50 characters. */
export const SHORT_CODE_LANGUAGES = /Py|PHP|Ruby|Rust|JavaScript/;

export const SUBMISSION_PAGE = {
  /** reference §3.4 get-submission-list `limit=30` */
  listDefault: 30,
} as const;

/**
 * Control characters that source code never holds (issue 24 item 10): C0 controls and DEL, except
 * tab, line feed, vertical tab, form feed and carriage return. A file that has them is binary.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
export const BINARY_CODE_CHARACTER = /[\u0000-\u0008\u000e-\u001f\u007f]/;

/** What is wrong with submitted code (spec part 1 §5, reference §6.1 step 3), or null. */
export type CodeProblem = 'empty' | 'tooShort' | 'tooLong' | 'binary';
export function checkCode(code: string, language: string): CodeProblem | null {
  if (code.trim() === '') return 'empty';
  if (BINARY_CODE_CHARACTER.test(code)) return 'binary';
  if (code.length > SUBMISSION_LIMITS.codeMax) return 'tooLong';
  if (code.length < SUBMISSION_LIMITS.codeMin && !SHORT_CODE_LANGUAGES.test(language)) return 'tooShort';
  return null;
}

/**
 * spec part 1 §4: statuses an admin may set by manual judge — not Submitting, Unknown result, Not
 * submitted, Cancelled, Compile Error, Pending, Compiling or Judging.
 */
export const MANUAL_JUDGE_STATUSES: readonly number[] = [
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.ACCEPTED,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.SUBMITTED_FAILED,
];

/** Code is bounded loosely here (a 4× margin); checkCode() gives the spec's messages. */
const codeField = z.string().max(SUBMISSION_LIMITS.codeMax * 4);
const languageField = z.string().trim().min(1).max(255);

/** reference §3.4 `POST /api/submit-problem-judge` body SubmitJudgeDTO (spec part 1 §3 submit payload). */
export const submitJudgeBody = z.object({
  /** the display id: problem_id, or the contest / training display id */
  pid: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1).max(255)),
  language: languageField,
  code: codeField,
  cid: int({ min: 0 }).nullish(),
  tid: positiveId.nullish(),
  gid: positiveId.nullish(),
  isRemote: z.boolean().nullish(),
  /**
   * spec part 1 §3: the answer to the image captcha of `GET /api/captcha`, sent with its
   * `captchaKey` once a refusal said `captchaRequired` (the reference asks for no captcha on submit).
   */
  captcha: z.string().max(16).nullish(),
  captchaKey: z.string().max(64).nullish(),
});
export type SubmitJudgeBody = z.output<typeof submitJudgeBody>;

/**
 * The `data` of a submit refused for going too fast (spec part 1 §8 "Too-fast operation") or for a
 * wrong or expired captcha: the client shows a fresh captcha and sends its answer with the next submit.
 */
export interface SubmitCaptchaChallenge {
  captchaRequired: true;
}

export function isSubmitCaptchaChallenge(data: unknown): data is SubmitCaptchaChallenge {
  return (
    typeof data === 'object' && data !== null && (data as SubmitCaptchaChallenge).captchaRequired === true
  );
}

/** reference §3.4 `POST /api/submit-problem-test-judge` body TestJudgeDTO. */
export const testJudgeBody = z.object({
  pid: positiveId,
  type: z.enum(['public', 'contest', 'group']).default('public'),
  code: codeField,
  language: languageField,
  userInput: z.string().max(SUBMISSION_LIMITS.testInputMax * 4),
  expectedOutput: z
    .string()
    .max(SUBMISSION_LIMITS.testExpectedMax * 4)
    .nullish(),
  isRemoteJudge: z.boolean().nullish(),
  mode: z.string().max(50).nullish(),
  cid: int({ min: 0 }).nullish(),
  gid: positiveId.nullish(),
});
export type TestJudgeBody = z.output<typeof testJudgeBody>;

export const testJudgeKeyQuery = z.object({ testJudgeKey: z.string().min(1).max(100) });

export const submitIdQuery = z.object({ submitId: positiveId });

/** reference §3.4 `GET /api/get-submission-list`. */
export const submissionListQuery = z.object({
  limit: limitParam(SUBMISSION_PAGE.listDefault),
  currentPage: currentPageParam,
  onlyMine: booleanParam,
  problemID: textParam(PROBLEM_LIMITS.problemIdMax),
  status: optionalInt({ min: -10, max: 15 }),
  username: textParam(100),
  completeProblemID: booleanParam,
  gid: idParam,
});
export type SubmissionListQuery = z.output<typeof submissionListQuery>;

/** reference §3.4 `POST /api/check-submissions-status`. */
export const checkSubmissionsStatusBody = z.object({
  submitIds: z.array(positiveId).max(SUBMISSION_LIMITS.statusCheckMax),
  cid: int({ min: 0 }).nullish(),
});

/** reference §3.4 `PUT /api/submission`. */
export const updateSubmissionBody = z.object({
  submitId: positiveId,
  share: z.boolean(),
  /** sent by the web app (spec part 1 §7); the server uses the session's user */
  uid: z.string().max(64).nullish(),
});

/** reference §3.4 `GET /api/get-last-ac-code`. */
export const lastAcCodeQuery = z.object({
  pid: positiveId,
  cid: optionalInt({ min: 0 }),
});

/** reference §3.4 `GET /api/resubmit`. */
export const resubmitQuery = z.object({
  submitId: positiveId,
  remote: booleanParam,
});

/** reference §3.4 `GET /api/admin/judge/manual-judge`. */
export const manualJudgeQuery = z.object({
  submitId: positiveId,
  status: int(),
  score: optionalInt(),
});

/** reference §3.4 `GET /api/admin/judge/rejudge-contest-problem`. */
export const rejudgeContestProblemQuery = z.object({
  cid: positiveId,
  pid: positiveId,
});
