import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compile } from '../grading/compile.ts';
import { readTextHead, writeFiles } from '../grading/files.ts';
import { runOutputBytes } from '../grading/limits.ts';
import { userRunOptions } from '../grading/run-options.ts';
import { Workspace } from '../grading/workspace.ts';
import { getSandbox, type Sandbox } from '../sandbox/index.ts';
import { LanguageTable, type LanguageReport } from './language-table.ts';
import { LANGUAGES } from './table.ts';
import type { LanguageSpec } from './types.ts';

export interface DetectLanguagesOptions {
  /** The sandbox to self-test in; the process-wide one by default. */
  sandbox?: Sandbox;
  /** Scratch space (removed afterwards); a temporary directory by default. */
  workRoot?: string;
  /** Sandbox slot for the self-tests; default 0 (run detection before the worker starts judging). */
  slot?: number;
  /** Entries to try; the whole table by default. */
  languages?: readonly LanguageSpec[];
  /** Called after each language, e.g. to print progress. */
  onReport?: (report: LanguageReport) => void;
}

const SELF_TEST_INPUT = '1 2\n';
const SELF_TEST_OUTPUT = '3';
/** Generous limits: the self-test proves the toolchain works, it does not race it. */
const SELF_TEST_PROBLEM = { timeLimit: 5_000, memoryMb: 256, stackMb: 64 };

async function missingBinary(language: LanguageSpec): Promise<string | null> {
  for (const file of language.requires) {
    try {
      await fs.access(file, fs.constants.X_OK);
    } catch {
      return file;
    }
  }
  return null;
}

/** Where a language's toolchain comes from (issue 25 item 2: doctor names the package). */
export function installHint(language: LanguageSpec): string {
  const packages = language.debianPackages;
  if (packages.length === 0) return language.manualInstall ?? 'no Debian package provides it';
  return `Debian package${packages.length > 1 ? 's' : ''} ${packages.join(' ')} (apt-get install ${packages.join(' ')}, or scripts/setup-system.sh)`;
}

/** Compiles and runs the language's A+B program in the real sandbox, measuring it. */
export async function selfTest(
  language: LanguageSpec,
  sandbox: Sandbox,
  workRoot: string,
  slot: number,
): Promise<LanguageReport> {
  const report: LanguageReport = {
    name: language.name,
    role: language.role,
    available: false,
    reason: null,
    compileMs: null,
    timeMs: null,
    memoryKb: null,
  };
  const missing = await missingBinary(language);
  if (missing) return { ...report, reason: `${missing} is not installed: ${installHint(language)}` };

  const workspace = await Workspace.create(workRoot, `selftest-${language.name.replace(/[^\w]+/g, '_')}`);
  try {
    await writeFiles(workspace.box, { [language.sourceName]: language.selfTest });
    const compiled = await compile({ sandbox, slot, language, dir: workspace.box, outDir: workspace.out });
    if (compiled.status !== 'ok')
      return { ...report, reason: `self-test compile failed: ${compiled.message.slice(0, 500)}` };
    if (language.compile) report.compileMs = compiled.timeMs;

    const input = workspace.outFile('input');
    const stdout = workspace.outFile('stdout');
    const stderr = workspace.outFile('stderr');
    await fs.writeFile(input, SELF_TEST_INPUT);
    const limits = {
      timeMs: SELF_TEST_PROBLEM.timeLimit * language.factor,
      memoryMb: SELF_TEST_PROBLEM.memoryMb * language.factor,
    };
    const run = await sandbox.run(
      userRunOptions({
        slot,
        language,
        box: workspace.box,
        limits,
        stackMb: SELF_TEST_PROBLEM.stackMb,
        outputBytes: runOutputBytes(0),
        stdin: input,
        stdout,
        stderr,
      }),
    );
    report.timeMs = Math.floor(run.cpuTimeMs);
    report.memoryKb = Math.floor(run.memoryBytes / 1024);
    const output = readTextHead(stdout, 4096).trim();
    if (run.status !== 'ok') {
      const why = readTextHead(stderr, 2048).trim();
      return {
        ...report,
        reason: `self-test run failed: ${run.reason}${why ? ` — ${why.slice(0, 500)}` : ''}`,
      };
    }
    if (output !== SELF_TEST_OUTPUT)
      return { ...report, reason: `self-test printed ${JSON.stringify(output.slice(0, 100))}, not 3` };
    return { ...report, available: true };
  } catch (error) {
    return { ...report, reason: `self-test failed: ${(error as Error).message}` };
  } finally {
    await workspace.dispose();
  }
}

/**
 * Which languages this host can judge: a language is offered when its toolchain is installed and its
 * A+B program compiles and runs correctly in the real sandbox. The reports carry the self-test's CPU
 * time and memory (printed by `verdict-judge doctor`). Runs one language at a time, so the
 * measurements are not disturbed by each other.
 */
export async function detectLanguages(options: DetectLanguagesOptions = {}): Promise<LanguageTable> {
  const sandbox = options.sandbox ?? (await getSandbox());
  const ownRoot = options.workRoot === undefined;
  const workRoot = options.workRoot ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'verdict-selftest-')));
  const reports: LanguageReport[] = [];
  try {
    for (const language of options.languages ?? LANGUAGES) {
      const report = await selfTest(language, sandbox, workRoot, options.slot ?? 0);
      reports.push(report);
      options.onReport?.(report);
    }
  } finally {
    if (ownRoot) await fs.rm(workRoot, { recursive: true, force: true });
  }
  const passed = new Set(reports.filter((r) => r.available).map((r) => r.name));
  return new LanguageTable(
    (options.languages ?? LANGUAGES).filter((l) => passed.has(l.name)),
    reports,
  );
}
