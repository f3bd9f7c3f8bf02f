import fs from 'node:fs/promises';
import path from 'node:path';
import { expandArgv } from '../languages/argv.ts';
import type { LanguageSpec } from '../languages/types.ts';
import type { Sandbox } from '../sandbox/index.ts';
import { WORK_TARGET } from '../sandbox/index.ts';
import { readTextHead } from './files.ts';
import { COMPILE_OUTPUT_BYTES, COMPILE_STACK_BYTES, MiB, PROCESSES } from './limits.ts';

/** Compiler output kept for the user, per stream (HOJ keeps 1 MiB; a screenful of errors is enough). */
export const COMPILE_MESSAGE_BYTES = 64 * 1024;

export type CompileOutcome =
  | { status: 'ok'; timeMs: number }
  | { status: 'compile-error'; message: string }
  /** reference §8.3 step 4: the compiler succeeded but left no executable → Submitted Failed. */
  | { status: 'missing-executable'; message: string }
  | { status: 'system-error'; message: string };

export interface CompileRequest {
  sandbox: Sandbox;
  slot: number;
  language: LanguageSpec;
  /** Host directory holding the source (and extra files); mounted writable at /w. */
  dir: string;
  /** Host directory for the compiler's stdout/stderr files (not visible in the box). */
  outDir: string;
}

/**
 * Compiles the source already written in `dir` with the language's own limits (reference §8.4
 * compile limits, §8.5 "compile" row) in the sandbox, with a writable /w and the default seccomp
 * profile (gcc forks cc1, as and ld; sandbox.md §7.3). Languages without a compile step pass at once.
 */
export async function compile(request: CompileRequest): Promise<CompileOutcome> {
  const { language, dir, outDir } = request;
  const step = language.compile;
  if (!step) return { status: 'ok', timeMs: 0 };
  const stdout = path.join(outDir, 'compile.stdout');
  const stderr = path.join(outDir, 'compile.stderr');
  const run = await request.sandbox.run({
    argv: expandArgv(step.argv, {
      src: language.sourceName,
      exe: language.executableName,
      memoryMb: step.memoryMb,
      stackMb: COMPILE_STACK_BYTES / MiB,
      workDir: WORK_TARGET,
    }),
    workDir: dir,
    readWrite: true,
    env: { ...step.env },
    cpuTimeMs: step.cpuTimeMs,
    wallTimeMs: step.wallTimeMs,
    memoryBytes: step.memoryMb * MiB,
    processes: PROCESSES,
    outputBytes: COMPILE_OUTPUT_BYTES,
    stackBytes: COMPILE_STACK_BYTES,
    stdout,
    stderr,
    slot: request.slot,
    seccomp: 'default',
    extraBinds: [...(language.binds ?? [])],
  });
  const output = [
    await readTextHead(stdout, COMPILE_MESSAGE_BYTES),
    await readTextHead(stderr, COMPILE_MESSAGE_BYTES),
  ]
    .filter((s) => s.trim() !== '')
    .join('\n');
  if (run.status === 'system-error')
    return { status: 'system-error', message: `Compile failed in the sandbox: ${run.reason}` };
  if (run.status !== 'ok') {
    const why: Record<string, string> = {
      'time-limit': `Compilation time limit exceeded (${step.cpuTimeMs} ms CPU, ${step.wallTimeMs} ms wall)`,
      'memory-limit': `Compilation memory limit exceeded (${step.memoryMb} MB)`,
      'output-limit': 'Compilation output limit exceeded',
    };
    const reason = why[run.status];
    return { status: 'compile-error', message: [output, reason].filter(Boolean).join('\n') || run.reason };
  }
  try {
    const info = await fs.lstat(path.join(dir, language.executableName));
    if (!info.isFile()) throw new Error('not a regular file');
  } catch {
    return {
      status: 'missing-executable',
      message: `The compiler produced no ${language.executableName}. ${output}`.trim(),
    };
  }
  return { status: 'ok', timeMs: Math.floor(run.wallTimeMs) };
}
