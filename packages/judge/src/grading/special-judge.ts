import fs from 'node:fs/promises';
import path from 'node:path';
import type { LanguageSpec } from '../languages/types.ts';
import type { BindMount, Sandbox, SandboxRunOptions } from '../sandbox/index.ts';
import { interpretCheckerExit, type CheckerVerdict } from './checker-result.ts';
import { readTextHead } from './files.ts';
import { interpretTestlibExit } from './testlib.ts';
import { CHECKER_LIMITS, PROCESSES } from './limits.ts';

/** Where the judge program's directory and the case files appear inside its box. */
export const JUDGE_DIR = '/judge';
export const DATA = { input: '/data/input', userOutput: '/data/user_output', answer: '/data/answer' };

const STDOUT_BYTES = 4096;
const STDERR_BYTES = 1024 * 1024;

/** A checker needs to read its files as the sandbox user; files the judge made private are opened up. */
export async function makeReadable(file: string): Promise<void> {
  const info = await fs.stat(file);
  if ((info.mode & 0o004) === 0) await fs.chmod(file, (info.mode & 0o777) | 0o444);
}

export interface CheckerRequest {
  sandbox: Sandbox;
  slot: number;
  language: LanguageSpec;
  /** The cached directory with the checker binary and the judge extra files. */
  programDir: string;
  /** A testlib checker (its source includes testlib.h): read by testlib's exit codes (issue 29). */
  testlib?: boolean;
  inputFile: string;
  userOutputFile: string;
  answerFile: string;
  /** An empty directory to serve as the checker's read-only /w. */
  emptyDir: string;
  outDir: string;
  /** Distinguishes this case's stdout/stderr files. */
  label: string;
}

/** Read-only binds of the judge program's directory and the three case files (never copied). */
export function judgeBinds(
  programDir: string,
  files: { input: string; answer: string; userOutput?: string },
): BindMount[] {
  return [
    { source: programDir, target: JUDGE_DIR },
    { source: files.input, target: DATA.input },
    { source: files.answer, target: DATA.answer },
    ...(files.userOutput ? [{ source: files.userOutput, target: DATA.userOutput }] : []),
  ];
}

/**
 * Runs the checker with testlib's argument order [input, user output, answer] (reference §8.7) under the
 * "special judge" limits of §8.5, its cwd in its own directory so it can open judge extra files.
 */
export async function runChecker(request: CheckerRequest): Promise<CheckerVerdict> {
  const stdout = path.join(request.outDir, `${request.label}.checker.stdout`);
  const stderr = path.join(request.outDir, `${request.label}.checker.stderr`);
  for (const file of [request.inputFile, request.userOutputFile, request.answerFile])
    await makeReadable(file);
  const options: SandboxRunOptions = {
    argv: [`${JUDGE_DIR}/${request.language.executableName}`, DATA.input, DATA.userOutput, DATA.answer],
    cwd: JUDGE_DIR,
    workDir: request.emptyDir,
    env: { ...request.language.run.env },
    ...CHECKER_LIMITS,
    processes: PROCESSES,
    stdin: undefined,
    stdout,
    stderr,
    slot: request.slot,
    seccomp: request.language.run.seccomp,
    extraBinds: judgeBinds(request.programDir, {
      input: request.inputFile,
      answer: request.answerFile,
      userOutput: request.userOutputFile,
    }),
  };
  const run = await request.sandbox.run(options);
  const interpret = request.testlib ? interpretTestlibExit : interpretCheckerExit;
  return interpret({
    status: run.status,
    exitCode: run.exitCode,
    signal: run.signal,
    stdout: readTextHead(stdout, STDOUT_BYTES),
    stderr: readTextHead(stderr, STDERR_BYTES),
  });
}
