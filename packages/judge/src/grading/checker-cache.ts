import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LanguageSpec } from '../languages/types.ts';
import type { Sandbox } from '../sandbox/index.ts';
import { compile } from './compile.ts';
import { writeFiles } from './files.ts';
import { testlibDigest, testlibInclude } from './testlib.ts';

export interface JudgeProgramRequest {
  sandbox: Sandbox;
  slot: number;
  /** SPJ-C, SPJ-C++, INTERACTIVE-C or INTERACTIVE-C++. */
  language: LanguageSpec;
  source: string;
  /** reference §8.13 judge_extra_file: placed next to the checker source (and kept next to its binary). */
  extraFiles: Readonly<Record<string, string>> | null;
  cacheDir: string;
  /** An empty scratch directory of the task, for the compile. */
  buildDir: string;
  outDir: string;
}

/**
 * A failure carries the message for a submission's system error and, apart, what the compiler said
 * (the answer of an admin's compile check, reference §3.12).
 */
export type JudgeProgramOutcome =
  { ok: true; dir: string } | { ok: false; message: string; compilerOutput: string };
type JudgeProgramFailure = Extract<JudgeProgramOutcome, { ok: false }>;

/**
 * The cache key: anything that changes the binary or what sits next to it, the shipped testlib.h
 * included. HOJ keys on case_version (reference §8.7); a content hash also lets problems and rejudges
 * share one build.
 */
export function judgeProgramKey(
  language: LanguageSpec,
  source: string,
  extraFiles: Readonly<Record<string, string>> | null,
): string {
  const extra = Object.entries(extraFiles ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([language.name, language.compile?.argv ?? [], source, extra, testlibDigest()]))
    .digest('hex');
}

const building = new Map<string, Promise<JudgeProgramOutcome>>();
/** Compile errors of checkers seen by this process: the same source fails the same way. */
const failed = new Map<string, JudgeProgramFailure>();

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * The directory of a compiled checker or interactor (reference §8.3 step 6), compiled once per key and
 * reused by every submission and slot. A build is published by renaming a finished temporary
 * directory, so no one ever sees half a build, even across worker processes.
 */
export async function ensureJudgeProgram(request: JudgeProgramRequest): Promise<JudgeProgramOutcome> {
  const key = judgeProgramKey(request.language, request.source, request.extraFiles);
  const dir = path.join(request.cacheDir, key);
  if (await exists(path.join(dir, request.language.executableName))) return { ok: true, dir };
  const knownFailure = failed.get(key);
  if (knownFailure !== undefined) return knownFailure;
  let pending = building.get(key);
  if (!pending) {
    pending = build(request, key, dir).finally(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}

async function build(request: JudgeProgramRequest, key: string, dir: string): Promise<JudgeProgramOutcome> {
  const { language, buildDir } = request;
  await writeFiles(buildDir, { ...(request.extraFiles ?? {}), [language.sourceName]: request.source });
  const outcome = await compile({
    sandbox: request.sandbox,
    slot: request.slot,
    language,
    dir: buildDir,
    outDir: request.outDir,
    // issue 29: testlib.h is on every checker's and interactor's include path (grading/testlib.ts)
    include: testlibInclude(),
  });
  if (outcome.status !== 'ok') {
    const compilerOutput = 'message' in outcome ? outcome.message : '';
    const failure: JudgeProgramFailure = {
      ok: false,
      message: `The ${language.role === 'checker' ? 'special judge' : 'interactive'} program failed to compile.\n${compilerOutput}`,
      compilerOutput,
    };
    if (outcome.status === 'compile-error') failed.set(key, failure);
    return failure;
  }
  await fs.mkdir(request.cacheDir, { recursive: true, mode: 0o755 });
  const temp = path.join(request.cacheDir, `.build-${key}-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(temp, { mode: 0o755 });
  try {
    for (const name of [language.executableName, ...Object.keys(request.extraFiles ?? {})]) {
      await fs.copyFile(path.join(buildDir, name), path.join(temp, name));
    }
    await fs.chmod(path.join(temp, language.executableName), 0o755);
    try {
      await fs.rename(temp, dir);
    } catch (error) {
      // another process published the same build first: use it
      if (!(await exists(path.join(dir, language.executableName)))) throw error;
    }
  } finally {
    await fs.rm(temp, { recursive: true, force: true });
  }
  return { ok: true, dir };
}
