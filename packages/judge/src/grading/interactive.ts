import path from 'node:path';
import { JudgeStatus } from '@verdict/shared';
import type { LanguageSpec } from '../languages/types.ts';
import { createPipe, WORK_TARGET, type RunningBox, type RunResult, type Sandbox } from '../sandbox/index.ts';
import { interpretCheckerExit, type CheckerExit, type CheckerVerdict } from './checker-result.ts';
import { readTextHead } from './files.ts';
import { interactorMemoryBytes, MiB, PROCESSES, runCpuMs, runWallMs } from './limits.ts';
import { userRunOptions, type UserRunRequest } from './run-options.ts';
import { judgeRun, type FactoredLimits, type RunVerdict } from './run-verdict.ts';
import { DATA, JUDGE_DIR, judgeBinds, makeReadable } from './special-judge.ts';
import { interpretTestlibExit } from './testlib.ts';

const SIGPIPE = 13;
const STDERR_BYTES = 1024 * 1024;

export interface InteractiveRequest {
  sandbox: Sandbox;
  user: Omit<UserRunRequest, 'stdin' | 'stdout'>;
  interactor: LanguageSpec;
  /** The cached directory with the interactor binary and the judge extra files. */
  programDir: string;
  /** A testlib interactor (its source includes testlib.h): read by testlib's exit codes (issue 29). */
  testlib?: boolean;
  inputFile: string;
  answerFile: string;
  /** A fresh writable directory: the interactor's /w, where it may write its user_output file. */
  interactorDir: string;
  outDir: string;
  label: string;
}

export interface InteractiveOutcome {
  user: RunResult;
  /** The case verdict: a failure of the user's run, or the interactor's judgement. */
  verdict: Extract<RunVerdict, { kind: 'failed' }> | CheckerVerdict;
}

/** reference §8.5 "interactive" row: the interactor gets twice the user's CPU, wall and memory. */
function interactorLimits(limits: FactoredLimits) {
  return {
    cpuTimeMs: 2 * runCpuMs(limits),
    wallTimeMs: 2 * runWallMs(limits),
    memoryBytes: interactorMemoryBytes(limits),
    stackBytes: 128 * MiB,
    outputBytes: 32 * MiB,
  };
}

/**
 * reference §8.8: the user's program and the interactor run at the same time, user stdout → interactor
 * stdin and interactor stdout → user stdin, through kernel pipes between the two boxes. The interactor
 * gets [input, user_output file, answer] and is judged like a checker. Its stdout is the pipe, so a
 * partial score comes from testlib's stderr ("points X" / "partially correct (X)"), not from exit 99.
 */
export async function runInteractive(request: InteractiveRequest): Promise<InteractiveOutcome> {
  const { sandbox, user } = request;
  const userStderr = path.join(request.outDir, `${request.label}.stderr`);
  const interactorStderr = path.join(request.outDir, `${request.label}.interactor.stderr`);
  for (const file of [request.inputFile, request.answerFile]) await makeReadable(file);

  const toInteractor = createPipe();
  const toUser = createPipe();
  let userBox: RunningBox | undefined;
  let interactorBox: RunningBox;
  try {
    userBox = sandbox.start(
      userRunOptions({ ...user, stdin: toUser.readFd, stdout: toInteractor.writeFd, stderr: userStderr }),
    );
    interactorBox = sandbox.start({
      argv: [
        `${JUDGE_DIR}/${request.interactor.executableName}`,
        DATA.input,
        `${WORK_TARGET}/user_output`,
        DATA.answer,
      ],
      cwd: JUDGE_DIR,
      workDir: request.interactorDir,
      readWrite: true,
      env: { ...request.interactor.run.env },
      ...interactorLimits(user.limits),
      processes: PROCESSES,
      stdin: toInteractor.readFd,
      stdout: toUser.writeFd,
      stderr: interactorStderr,
      slot: user.slot,
      seccomp: request.interactor.run.seccomp,
      extraBinds: judgeBinds(request.programDir, { input: request.inputFile, answer: request.answerFile }),
    });
  } catch (error) {
    // the interactor could not start: stop the user's box and let it clean up before giving up
    userBox?.kill();
    await userBox?.result;
    throw error;
  } finally {
    // both boxes hold their ends now; ours must go, or nobody ever sees end-of-file
    toInteractor.close();
    toUser.close();
  }
  const [userRun, interactorRun] = await Promise.all([userBox.result, interactorBox.result]);
  const userStderrHead = readTextHead(userStderr, 64 * 1024);
  const interactorVerdict = judgeInteractor(
    interactorRun,
    readTextHead(interactorStderr, STDERR_BYTES),
    request.testlib === true,
  );

  if (userRun.status === 'system-error' || interactorRun.status === 'system-error') {
    const reason = userRun.status === 'system-error' ? userRun.reason : interactorRun.reason;
    return {
      user: userRun,
      verdict: { kind: 'failed', status: JudgeStatus.SYSTEM_ERROR, message: `Sandbox failure: ${reason}` },
    };
  }
  const userVerdict = judgeRun(userRun, user.limits, userStderrHead, user.language.outOfMemoryMarker);
  if (userVerdict.kind === 'ran') return { user: userRun, verdict: interactorVerdict };
  // A program killed by SIGPIPE wrote after the interactor had finished: the interactor's verdict decides,
  // unless the interactor was satisfied (exit 0), which makes the early end a runtime error (§8.8).
  const brokenPipe = userVerdict.status === JudgeStatus.RUNTIME_ERROR && userRun.signal === SIGPIPE;
  if (brokenPipe && interactorRun.status !== 'ok') return { user: userRun, verdict: interactorVerdict };
  return { user: userRun, verdict: userVerdict };
}

/**
 * The interactor's exit read like a checker's (§8.8; a testlib interactor by testlib's exit codes, issue
 * 29), with two additions: "Interactive program exited
 * with code: N" is appended when it failed with a message, and an interactor killed by SIGPIPE (it wrote
 * after the user's program had already exited) is a wrong answer of the user, not a judge failure.
 */
function judgeInteractor(run: RunResult, stderr: string, testlib: boolean): CheckerVerdict {
  if (run.signal === SIGPIPE) {
    return {
      status: JudgeStatus.WRONG_ANSWER,
      percentage: null,
      message: 'The program ended before the interaction was over.',
    };
  }
  const exit: CheckerExit = {
    status: run.status,
    exitCode: run.exitCode,
    signal: run.signal,
    stdout: '',
    stderr,
  };
  const verdict = testlib ? interpretTestlibExit(exit, 'interactor') : interpretCheckerExit(exit);
  if (run.exitCode !== null && run.exitCode !== 0 && stderr.trim() !== '') {
    verdict.message = `${verdict.message}\nInteractive program exited with code: ${run.exitCode}`;
  }
  return verdict;
}
