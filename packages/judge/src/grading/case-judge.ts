import fs from 'node:fs/promises';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  JudgeStatus,
  isSubtaskMode,
  type CaseMode,
  type CaseResult,
  type JudgeProblem,
  type JudgeTestCase,
  type TestFileRef,
} from '@verdict/shared';
import type { LanguageSpec } from '../languages/types.ts';
import type { RunResult, Sandbox } from '../sandbox/index.ts';
import { CANCELLED_MESSAGE, type GradedCase } from './case-modes.ts';
import { partialScore, type CheckerVerdict } from './checker-result.ts';
import { compareOutput } from './compare.ts';
import { excerpt, readKnownFile, readProgramFile, readTextHead } from './files.ts';
import { runInteractive } from './interactive.ts';
import { runOutputBytes } from './limits.ts';
import { prepareFileIoOutput, userRunOptions, type FileIo, type UserRunRequest } from './run-options.ts';
import { judgeRun, OUTPUT_LIMIT_MESSAGE, type FactoredLimits, type RunVerdict } from './run-verdict.ts';
import { makeReadable, runChecker } from './special-judge.ts';
import { runCollectingStdout } from './stdout-pipe.ts';
import type { Workspace } from './workspace.ts';

/** The contract allows 64 KiB of case message (judge.ts caseResult.userOutput). */
const MESSAGE_MAX = 64 * 1024;
/** The brief: a short excerpt of the user's output for outputs that were compared. */
const OUTPUT_EXCERPT_CHARS = 256;
/** How much of the program's stderr a runtime-error message quotes. */
const STDERR_EXCERPT_CHARS = 1024;
const STDERR_HEAD_BYTES = 64 * 1024;

export interface CaseJudgeSetup {
  sandbox: Sandbox;
  slot: number;
  language: LanguageSpec;
  problem: JudgeProblem;
  caseMode: CaseMode;
  limits: FactoredLimits;
  workspace: Workspace;
  testData(ref: TestFileRef): Promise<string>;
  /**
   * The compiled checker (spj) or interactor (interactive), its language, and whether it is a testlib
   * program (judged by testlib's exit codes rather than HOJ's, issue 29).
   */
  judgeProgram: { language: LanguageSpec; dir: string; testlib: boolean } | null;
}

/** A case verdict before it becomes a row. */
interface Judged {
  status: number;
  percentage: number | null;
  message: string | null;
}

/** Judges single cases of one submission (reference §8.5 per-case verdict, §8.7–§8.9, §8.13). */
export class CaseJudge {
  constructor(private readonly setup: CaseJudgeSetup) {}

  /** The row of a case (reference §4.3 judge_case): score only for OI, group only for subtask modes. */
  private row(testCase: JudgeTestCase, judged: Judged, run: RunResult | null): GradedCase {
    const { problem, caseMode } = this.setup;
    let score: number | null = null;
    if (problem.type === 1) {
      if (judged.status === JudgeStatus.ACCEPTED) score = testCase.score;
      else if (judged.status === JudgeStatus.PARTIAL_ACCEPTED)
        score = partialScore(judged.percentage ?? 0, testCase.score);
      else score = 0;
    }
    // A sleeper's CPU time says nothing; its wall time is what ran out (reference §8.11 caps it later).
    const time = run ? Math.floor(run.timeLimit === 'wall' ? run.wallTimeMs : run.cpuTimeMs) : 0;
    const result: CaseResult = {
      caseId: testCase.caseId,
      seq: testCase.seq,
      status: judged.status,
      time,
      memory: run ? Math.floor(run.memoryBytes / 1024) : 0,
      score,
      groupNum: isSubtaskMode(caseMode) ? testCase.groupNum : null,
      mode: caseMode,
      inputData: testCase.input.name,
      outputData: testCase.output.name,
      userOutput: judged.message === null ? null : judged.message.slice(0, MESSAGE_MAX),
    };
    return { result, percentage: judged.percentage };
  }

  cancelled(testCase: JudgeTestCase): GradedCase {
    return this.row(
      testCase,
      { status: JudgeStatus.CANCELLED, percentage: null, message: CANCELLED_MESSAGE },
      null,
    );
  }

  async run(testCase: JudgeTestCase): Promise<GradedCase> {
    const inputFile = await this.setup.testData(testCase.input);
    const answerFile = await this.setup.testData(testCase.output);
    const label = `case-${testCase.seq}`;
    try {
      if (this.setup.problem.judgeMode === 'interactive')
        return await this.runInteractive(testCase, inputFile, answerFile, label);
      return await this.runAndCheck(testCase, inputFile, answerFile, label);
    } finally {
      // outputs can be large: keep nothing of a case once it is judged (synchronously: a few files,
      // usually an empty stderr, and each call through the thread pool would hold the next case up)
      const { out } = this.setup.workspace;
      for (const name of readdirSync(out))
        if (name.startsWith(`${label}.`)) rmSync(path.join(out, name), { force: true });
    }
  }

  private userRun(testCase: JudgeTestCase, stderr: string): Omit<UserRunRequest, 'stdin' | 'stdout'> {
    const { slot, language, workspace, limits, problem } = this.setup;
    return {
      slot,
      language,
      box: workspace.box,
      limits,
      stackMb: problem.stackLimit,
      outputBytes: runOutputBytes(testCase.output.size),
      stderr,
    };
  }

  /** Default and special-judge modes: run, then compare or ask the checker. */
  private async runAndCheck(
    testCase: JudgeTestCase,
    inputFile: string,
    answerFile: string,
    label: string,
  ): Promise<GradedCase> {
    const { sandbox, problem, workspace, language, limits } = this.setup;
    const stdoutFile = workspace.outFile(`${label}.stdout`);
    const stderrFile = workspace.outFile(`${label}.stderr`);
    const request = this.userRun(testCase, stderrFile);
    let fileIo: FileIo | undefined;
    if (problem.isFileIo) {
      fileIo = {
        inputFile,
        inputName: problem.ioReadFileName ?? 'input.txt',
        outputFile: workspace.outFile(`${label}.io-output`),
        outputName: problem.ioWriteFileName ?? 'output.txt',
      };
      await makeReadable(inputFile);
      await prepareFileIoOutput(fileIo);
    }
    const outputLimit = (run: RunResult) =>
      this.row(
        testCase,
        { status: JudgeStatus.RUNTIME_ERROR, percentage: null, message: OUTPUT_LIMIT_MESSAGE },
        run,
      );
    let run: RunResult;
    let userOutput: Buffer;
    if (fileIo) {
      run = await sandbox.run(userRunOptions({ ...request, fileIo }));
      userOutput = (await readProgramFile(fileIo.outputFile, request.outputBytes)) ?? Buffer.alloc(0);
      if (userOutput.length >= request.outputBytes) return outputLimit(run);
    } else {
      const piped = await runCollectingStdout(
        sandbox,
        userRunOptions({ ...request, stdin: inputFile }),
        request.outputBytes,
      );
      if (piped.exceeded) return outputLimit(piped.run);
      run = piped.run;
      userOutput = piped.stdout;
    }
    // most programs write nothing there: the box measured the file, so it is not opened for nothing
    const stderrHead = run.stderrBytes === 0 ? '' : readTextHead(stderrFile, STDERR_HEAD_BYTES);
    const verdict = judgeRun(run, limits, stderrHead, language.outOfMemoryMarker);
    if (verdict.kind === 'failed') return this.row(testCase, failure(verdict, stderrHead), run);

    if (problem.judgeMode === 'spj' && this.setup.judgeProgram) {
      await fs.writeFile(stdoutFile, userOutput); // the checker reads a copy the program cannot change
      const checked = await runChecker({
        sandbox,
        slot: this.setup.slot,
        language: this.setup.judgeProgram.language,
        programDir: this.setup.judgeProgram.dir,
        testlib: this.setup.judgeProgram.testlib,
        inputFile,
        userOutputFile: stdoutFile,
        answerFile,
        emptyDir: await workspace.fresh('checker'),
        outDir: workspace.out,
        label,
      });
      return this.row(testCase, fromChecker(checked), run);
    }
    const expected = await readKnownFile(answerFile, testCase.output.size);
    const comparison = compareOutput(userOutput, expected, problem.isRemoveEndBlank);
    const status = {
      accepted: JudgeStatus.ACCEPTED,
      'presentation-error': JudgeStatus.PRESENTATION_ERROR,
      'wrong-answer': JudgeStatus.WRONG_ANSWER,
    }[comparison];
    const shown = excerpt(
      userOutput.subarray(0, 4 * OUTPUT_EXCERPT_CHARS).toString('utf8'),
      OUTPUT_EXCERPT_CHARS,
    );
    return this.row(testCase, { status, percentage: null, message: shown }, run);
  }

  private async runInteractive(
    testCase: JudgeTestCase,
    inputFile: string,
    answerFile: string,
    label: string,
  ): Promise<GradedCase> {
    const { sandbox, workspace, judgeProgram } = this.setup;
    if (!judgeProgram) throw new Error('interactive problem without an interactor');
    const outcome = await runInteractive({
      sandbox,
      user: this.userRun(testCase, workspace.outFile(`${label}.stderr`)),
      interactor: judgeProgram.language,
      programDir: judgeProgram.dir,
      testlib: judgeProgram.testlib,
      inputFile,
      answerFile,
      interactorDir: await workspace.fresh('interactor'),
      outDir: workspace.out,
      label,
    });
    const verdict = outcome.verdict;
    const judged =
      'kind' in verdict
        ? failure(verdict, readTextHead(workspace.outFile(`${label}.stderr`), STDERR_HEAD_BYTES))
        : fromChecker(verdict);
    return this.row(testCase, judged, outcome.user);
  }
}

function fromChecker(verdict: CheckerVerdict): Judged {
  return {
    status: verdict.status,
    percentage: verdict.percentage,
    message: verdict.message === '' ? null : verdict.message,
  };
}

/** A failed run's row message: the error text, and for runtime errors the start of the program's stderr. */
function failure(verdict: Extract<RunVerdict, { kind: 'failed' }>, stderrHead: string): Judged {
  let message = verdict.message;
  const stderr = stderrHead.trim();
  if (verdict.status === JudgeStatus.RUNTIME_ERROR && message !== null && stderr !== '') {
    message = `${message}\n${excerpt(stderr, STDERR_EXCERPT_CHARS)}`;
  }
  return { status: verdict.status, percentage: null, message };
}
