import fs from 'node:fs/promises';
import path from 'node:path';
import { expandArgv } from '../languages/argv.ts';
import type { CompileStep, LanguageSpec } from '../languages/types.ts';
import type { BindMount, Sandbox } from '../sandbox/index.ts';
import { WORK_TARGET } from '../sandbox/index.ts';
import type { CompileCache } from './compile-cache.ts';
import { readTextHead } from './files.ts';
import { COMPILE_OUTPUT_BYTES, COMPILE_STACK_BYTES, MiB, PROCESSES } from './limits.ts';

/** Compiler output kept for the user, per stream (HOJ keeps 1 MiB; a screenful of errors is enough). */
export const COMPILE_MESSAGE_BYTES = 64 * 1024;

export type CompileOutcome =
  /** `cached`: the program came from the compile cache, no compiler ran (timeMs 0). */
  | { status: 'ok'; timeMs: number; cached?: boolean }
  /** `limit`: the compiler ran out of time, memory or output (not kept by the compile cache). */
  | { status: 'compile-error'; message: string; limit?: boolean }
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
  /** Compiled programs by content (issue 25 item 4); none: always compile. */
  cache?: CompileCache;
  /** Precompiled bits/stdc++.h of the C++ languages (issue 25 item 3); none: never used. */
  headers?: HeaderSource;
  /**
   * A read-only include directory after the PCH's on the include path, with its argument (checkers
   * and interactors: the shipped testlib.h, issue 29).
   */
  include?: { args: string[]; bind: BindMount };
}

/**
 * What a compile asks of the precompiled headers (compile-headers.ts's PrecompiledHeaders, which
 * builds them with runCompiler; declared here so that the two files do not import each other): the
 * include arguments and the bind of the language's PCH when the source in `dir` includes its header.
 */
export interface HeaderSource {
  forCompile(language: LanguageSpec, dir: string): Promise<{ args: string[]; bind: BindMount } | undefined>;
}

/**
 * Compiles the source already written in `dir` with the language's own limits (reference §8.4
 * compile limits, §8.5 "compile" row) in the sandbox, with a writable /w and the default seccomp
 * profile (gcc forks cc1, as and ld; sandbox.md §7.3). Languages without a compile step pass at once.
 * With a cache, a compile of the same files, language and compiler is answered from it; with
 * precompiled headers, a C++ source that includes bits/stdc++.h compiles against its language's PCH.
 */
export async function compile(request: CompileRequest): Promise<CompileOutcome> {
  const { language, cache } = request;
  if (!language.compile) return { status: 'ok', timeMs: 0 };
  if (!cache) return compileNow(request);
  const key = await cache.keyOf(language, request.dir);
  const outcome = await cache.through(key, request.dir, () => compileNow(request), cacheableOutcome);
  return 'timeMs' in outcome || outcome.status !== 'ok' ? outcome : { status: 'ok', timeMs: 0, cached: true };
}

/** What the compile cache keeps of an outcome: the compiler's own verdicts, not a limit or a crash. */
function cacheableOutcome(outcome: CompileOutcome) {
  if (outcome.status === 'ok') return { status: 'ok' as const };
  if (outcome.status === 'compile-error' && !outcome.limit)
    return { status: 'compile-error' as const, message: outcome.message };
  if (outcome.status === 'missing-executable') return { status: outcome.status, message: outcome.message };
  return null;
}

async function compileNow(request: CompileRequest): Promise<CompileOutcome> {
  const { language, dir, outDir } = request;
  const step = language.compile!;
  const headers = await request.headers?.forCompile(language, dir);
  const argv = expandArgv(step.argv, {
    src: language.sourceName,
    exe: language.executableName,
    memoryMb: step.memoryMb,
    stackMb: COMPILE_STACK_BYTES / MiB,
    workDir: WORK_TARGET,
  });
  const run = await runCompiler({
    sandbox: request.sandbox,
    slot: request.slot,
    // the PCH's directory comes first on the include path; g++ takes the .gch only if it is valid
    argv: [argv[0]!, ...(headers?.args ?? []), ...(request.include?.args ?? []), ...argv.slice(1)],
    step,
    dir,
    outDir,
    extraBinds: [
      ...(language.binds ?? []),
      ...(headers ? [headers.bind] : []),
      ...(request.include ? [request.include.bind] : []),
    ],
  });
  const output = run.output;
  if (run.status === 'system-error')
    return { status: 'system-error', message: `Compile failed in the sandbox: ${run.reason}` };
  if (run.status !== 'ok') {
    const why: Record<string, string> = {
      'time-limit': `Compilation time limit exceeded (${step.cpuTimeMs} ms CPU, ${step.wallTimeMs} ms wall)`,
      'memory-limit': `Compilation memory limit exceeded (${step.memoryMb} MB)`,
      'output-limit': 'Compilation output limit exceeded',
    };
    const reason = why[run.status];
    return {
      status: 'compile-error',
      message: [output, reason].filter(Boolean).join('\n') || run.reason,
      ...(reason !== undefined ? { limit: true } : {}),
    };
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

export interface CompilerRun {
  sandbox: Sandbox;
  slot: number;
  argv: string[];
  /** The limits and environment of the run. */
  step: Pick<CompileStep, 'cpuTimeMs' | 'wallTimeMs' | 'memoryMb' | 'env'>;
  dir: string;
  outDir: string;
  extraBinds?: BindMount[];
  /** Cap of the writable /w (default: the sandbox's). */
  workBytes?: number;
  /** Largest file the compiler may write (default COMPILE_OUTPUT_BYTES). */
  outputBytes?: number;
}

/** One compiler run in the box with /w writable; answers the run and the compiler's output (both streams). */
export async function runCompiler(o: CompilerRun) {
  const stdout = path.join(o.outDir, 'compile.stdout');
  const stderr = path.join(o.outDir, 'compile.stderr');
  const run = await o.sandbox.run({
    argv: o.argv,
    workDir: o.dir,
    readWrite: true,
    env: { ...o.step.env },
    cpuTimeMs: o.step.cpuTimeMs,
    wallTimeMs: o.step.wallTimeMs,
    memoryBytes: o.step.memoryMb * MiB,
    processes: PROCESSES,
    outputBytes: o.outputBytes ?? COMPILE_OUTPUT_BYTES,
    stackBytes: COMPILE_STACK_BYTES,
    stdout,
    stderr,
    slot: o.slot,
    seccomp: 'default',
    extraBinds: o.extraBinds ?? [],
    ...(o.workBytes ? { workBytes: o.workBytes } : {}),
  });
  const output = [readTextHead(stdout, COMPILE_MESSAGE_BYTES), readTextHead(stderr, COMPILE_MESSAGE_BYTES)]
    .filter((s) => s.trim() !== '')
    .join('\n');
  return { ...run, output };
}
