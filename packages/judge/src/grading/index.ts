export { judgeSubmission, type ProgressReporter, type SubmissionOutcome } from './judge-submission.ts';
export { runTestTask, type TestRunOutcome } from './test-run.ts';
export { runCompileCheck, type CompileCheckOutcome } from './compile-check.ts';
export type { GradingContext } from './context.ts';
export { compile, type CompileOutcome, type CompileRequest } from './compile.ts';
export { compareOutput, rtrim, stripAllWhitespace, type Comparison } from './compare.ts';
export {
  interpretCheckerExit,
  parseTestlibStderr,
  partialScore,
  type CheckerVerdict,
} from './checker-result.ts';
export { runCases, CANCELLED_MESSAGE, type GradedCase } from './case-modes.ts';
export { finalScore, finalVerdict, type FinalVerdict } from './scoring.ts';
export { judgeRun, exitMessage, OUTPUT_LIMIT_MESSAGE, type FactoredLimits } from './run-verdict.ts';
export { factoredLimits } from './limits.ts';
