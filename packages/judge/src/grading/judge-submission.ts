import {
  JudgeStatus,
  type CaseResult,
  type JudgeProblem,
  type JudgeResult,
  type SubmissionTask,
} from '@verdict/shared';
import type { LanguageSpec } from '../languages/types.ts';
import type { Sandbox } from '../sandbox/index.ts';
import { CaseJudge } from './case-judge.ts';
import { runCases } from './case-modes.ts';
import { ensureJudgeProgram } from './checker-cache.ts';
import { compile } from './compile.ts';
import { sandboxOf, type GradingContext } from './context.ts';
import { isPlainFileName, writeFiles } from './files.ts';
import { factoredLimits } from './limits.ts';
import { finalVerdict } from './scoring.ts';
import { usesTestlib } from './testlib.ts';
import { Workspace } from './workspace.ts';

export type SubmissionOutcome = Omit<JudgeResult, 'submitId' | 'attempt'>;
export type ProgressReporter = (status: 6 | 7, finishedCases: CaseResult[]) => Promise<boolean>;

/** The stage-independent outcomes that judge no case. */
function verdictOnly(status: number, errorMessage: string | null): SubmissionOutcome {
  return { status, time: 0, memory: 0, score: null, errorMessage, cases: [] };
}

/** The worker ignores this result (the task is gone); it only has to be well-formed. */
const stopped = () =>
  verdictOnly(JudgeStatus.CANCELLED, 'Judging stopped: the task was taken away from this worker.');

/** Problem data that would make the judge write outside its directories is a problem error, not a crash. */
function problemDefect(problem: JudgeProblem): string | null {
  const names = [
    ...Object.keys(problem.userExtraFile ?? {}),
    ...Object.keys(problem.judgeExtraFile ?? {}),
    ...(problem.isFileIo
      ? [problem.ioReadFileName ?? 'input.txt', problem.ioWriteFileName ?? 'output.txt']
      : []),
  ];
  const bad = names.find((n) => !isPlainFileName(n));
  if (bad !== undefined) return `The problem names a file "${bad}" that is not a plain file name.`;
  if ((problem.judgeMode === 'spj' || problem.judgeMode === 'interactive') && !problem.spjCode) {
    return 'The special judge or interactive program code does not exist.';
  }
  return null;
}

/** reference §8.3 step 6: the checker or interactor, compiled once and cached. */
async function prepareJudgeProgram(
  task: SubmissionTask,
  ctx: GradingContext,
  sandbox: Sandbox,
  workspace: Workspace,
): Promise<{ language: LanguageSpec; dir: string; testlib: boolean } | { error: string } | null> {
  const { problem } = task;
  if (problem.judgeMode === 'default') return null;
  const role = problem.judgeMode === 'spj' ? 'checker' : 'interactor';
  const language = ctx.languages.judgeProgram(role, problem.spjLanguage);
  if (!language)
    return {
      error: `The ${role} language ${problem.spjLanguage ?? ''} is not available on this judge server.`,
    };
  const built = await ensureJudgeProgram({
    sandbox,
    slot: ctx.slot,
    language,
    source: problem.spjCode ?? '',
    extraFiles: problem.judgeExtraFile,
    cacheDir: ctx.checkerCache,
    buildDir: await workspace.fresh('judge-build'),
    outDir: workspace.out,
  });
  // issue 29: a source that includes testlib.h is judged by testlib's exit codes (grading/testlib.ts)
  return built.ok
    ? { language, dir: built.dir, testlib: usesTestlib(problem.spjCode ?? '') }
    : { error: built.message };
}

/**
 * Judges one submission (reference §8.3): compile (status 6), prepare the checker or interactor, run the
 * cases (status 7) in the order of the case mode, and compute the final verdict (§8.10, §8.11). Each
 * finished case is reported through `onProgress`; when it answers false (cancelled, or the lease went to
 * another worker) judging stops at once. Nothing is left in the work root afterwards.
 */
export async function judgeSubmission(
  task: SubmissionTask,
  ctx: GradingContext,
  onProgress: ProgressReporter,
): Promise<SubmissionOutcome> {
  const { problem } = task;
  const language = ctx.languages.get(task.language);
  if (!language || language.role !== 'user') {
    return verdictOnly(
      JudgeStatus.SYSTEM_ERROR,
      `The language "${task.language}" is not available on this judge server.`,
    );
  }
  if (task.testCases.length === 0)
    return verdictOnly(JudgeStatus.SYSTEM_ERROR, 'The test cases of this problem were not found.');
  const defect = problemDefect(problem);
  if (defect) return verdictOnly(JudgeStatus.SYSTEM_ERROR, defect);

  const sandbox = await sandboxOf(ctx);
  const workspace = await Workspace.create(ctx.workRoot, `submission-${task.submitId}`);
  try {
    if (!(await onProgress(JudgeStatus.COMPILING, []))) return stopped();
    // reference §8.13: user extra files sit next to the source (headers of "function" problems, modules)
    await writeFiles(workspace.box, { ...(problem.userExtraFile ?? {}), [language.sourceName]: task.code });
    prefetchTestData(task, ctx);
    const compiled = await compile({
      sandbox,
      slot: ctx.slot,
      language,
      dir: workspace.box,
      outDir: workspace.out,
      cache: ctx.compileCache,
      headers: ctx.headers,
    });
    ctx.onCompiled?.(compiled);
    if (compiled.status === 'compile-error') return verdictOnly(JudgeStatus.COMPILE_ERROR, compiled.message);
    if (compiled.status === 'missing-executable')
      return verdictOnly(JudgeStatus.SUBMITTED_FAILED, compiled.message);
    if (compiled.status === 'system-error') return verdictOnly(JudgeStatus.SYSTEM_ERROR, compiled.message);

    const judgeProgram = await prepareJudgeProgram(task, ctx, sandbox, workspace);
    if (judgeProgram && 'error' in judgeProgram)
      return verdictOnly(JudgeStatus.SYSTEM_ERROR, judgeProgram.error);

    if (!(await onProgress(JudgeStatus.JUDGING, []))) return stopped();
    const limits = factoredLimits(problem, language);
    const caseMode = problem.judgeCaseMode;
    const judge = new CaseJudge({
      sandbox,
      slot: ctx.slot,
      language,
      problem,
      caseMode,
      limits,
      workspace,
      testData: (ref) => ctx.testData(ref),
      judgeProgram,
    });
    const graded = await runCases(task.testCases, caseMode, {
      run: (testCase) => judge.run(testCase),
      cancelled: (testCase) => judge.cancelled(testCase),
      report: (finished) => onProgress(JudgeStatus.JUDGING, finished),
    });
    if (!graded) return stopped();
    const cases = graded.map((g) => g.result);
    return { ...finalVerdict(cases, problem, caseMode, limits), cases };
  } finally {
    const removal = workspace.dispose();
    if (ctx.afterwards) ctx.afterwards(removal);
    else await removal;
  }
}

/**
 * Fetches the test files into the cache, in case order, while the program compiles, so that the
 * first case of a problem new to this worker does not wait for its download. A failure is left to
 * the case that needs the file, which fetches it again and reports the error.
 */
function prefetchTestData(task: SubmissionTask, ctx: GradingContext): void {
  void (async () => {
    for (const testCase of task.testCases) {
      await ctx.testData(testCase.input);
      await ctx.testData(testCase.output);
    }
  })().catch(() => undefined);
}
