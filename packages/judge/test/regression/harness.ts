import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CaseResult, JudgeProblem, JudgeTestCase, SubmissionTask, TestFileRef } from '@verdict/shared';
import { CompileCache } from '../../src/grading/compile-cache.ts';
import { judgeSubmission, type GradingContext, type SubmissionOutcome } from '../../src/grading/index.ts';
import { LANGUAGES, LanguageTable, type LanguageSpec } from '../../src/languages/index.ts';
import { DEFAULT_UID_BASE } from '../../src/sandbox/helper-args.ts';
import { getSandbox, type Sandbox } from '../../src/sandbox/index.ts';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Fixture programs are stored once per language family: `fixtures/<program>/<family>.<ext>`. */
export const FAMILY: Record<string, string> = {
  C: 'c',
  'C With O2': 'c',
  'C++': 'cpp',
  'C++ With O2': 'cpp',
  'C++ 17': 'cpp',
  'C++ 17 With O2': 'cpp',
  'C++ 20': 'cpp',
  'C++ 20 With O2': 'cpp',
  Java: 'java',
  Python2: 'py2',
  PyPy2: 'py2',
  Python3: 'py3',
  PyPy3: 'py3',
  Golang: 'go',
  'C#': 'cs',
  PHP: 'php',
  'JavaScript Node': 'node',
  'JavaScript V8': 'v8',
  Ruby: 'rb',
  Rust: 'rs',
};

export const USER_LANGUAGES = LANGUAGES.filter((l) => l.role === 'user').map((l) => l.name);

/** The source of a fixture program for a language, or null when that family has none. */
export function fixture(program: string, language: string): string | null {
  const family = FAMILY[language];
  const dir = path.join(FIXTURES, program);
  const file =
    family && fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => f.split('.')[0] === family) : undefined;
  return file ? fs.readFileSync(path.join(dir, file), 'utf8') : null;
}

/** Why a language cannot be tested here (its toolchain is absent), or null. */
export function missingToolchain(language: string): string | null {
  const spec = LANGUAGES.find((l) => l.name === language);
  if (!spec) return `unknown language ${language}`;
  for (const file of spec.requires) {
    try {
      fs.accessSync(file, fs.constants.X_OK);
    } catch {
      return `${file} is not installed on this host`;
    }
  }
  return null;
}

/** Every entry whose toolchain is installed (the self-test itself is covered by languages.test.ts). */
export function installedLanguages(): LanguageTable {
  return LanguageTable.of(LANGUAGES.filter((l: LanguageSpec) => missingToolchain(l.name) === null));
}

export interface CaseData {
  in: string;
  out: string;
  score?: number;
  group?: number;
}

/** Test data on disk by content hash, like the worker's cache. */
export class TestData {
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-testdata-'));

  put(name: string, content: string | Buffer): TestFileRef {
    const bytes = Buffer.from(content);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    fs.writeFileSync(path.join(this.dir, sha256), bytes, { mode: 0o644 });
    return { name, sha256, size: bytes.length };
  }

  file(ref: TestFileRef): string {
    return path.join(this.dir, ref.sha256);
  }

  cases(data: readonly CaseData[]): JudgeTestCase[] {
    return data.map((c, i) => ({
      caseId: 1000 + i,
      seq: i + 1,
      input: this.put(`${i + 1}.in`, c.in),
      output: this.put(`${i + 1}.out`, c.out),
      score: c.score ?? 10,
      groupNum: c.group ?? 1,
    }));
  }

  remove(): void {
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export function makeProblem(overrides: Partial<JudgeProblem> = {}): JudgeProblem {
  return {
    id: 1,
    problemId: 'P1000',
    type: 0,
    judgeMode: 'default',
    judgeCaseMode: 'default',
    timeLimit: 1000,
    memoryLimit: 128,
    stackLimit: 64,
    ioScore: 100,
    isRemoveEndBlank: true,
    isFileIo: false,
    ioReadFileName: null,
    ioWriteFileName: null,
    userExtraFile: null,
    judgeExtraFile: null,
    spjCode: null,
    spjLanguage: null,
    caseVersion: '1',
    ...overrides,
  };
}

/**
 * A sandbox slot for test file number `n` (0–8), distinct per test process: two runs of the suite at the
 * same time (CI jobs, a developer and a watcher) must not share uids, or each would see the other's
 * processes as leftovers. Slots 100–999; the sandbox's own tests use lower ones.
 */
export function testSlot(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > 8) throw new Error(`testSlot: file number ${n} is not 0–8`);
  return 100 + (process.pid % 100) * 9 + n;
}

export interface BenchOptions {
  /**
   * Keep compiled programs in a compile cache of this bench's own (the worker's, issue 25 item 4), so
   * a source judged again is compiled once (CI time: the hostile programs are each judged three
   * times, and one javac run costs seconds of CPU). For files that test running, not compiling.
   */
  compileCache?: boolean;
}

/** One judging environment per test file: its own slot (uid), work root and checker cache. */
export class Bench {
  readonly data = new TestData();
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-'));
  readonly languages = installedLanguages();
  readonly compileCache: CompileCache | undefined;
  private nextSubmitId = 1;

  private constructor(
    readonly sandbox: Sandbox,
    readonly slot: number,
    options: BenchOptions,
  ) {
    if (options.compileCache)
      this.compileCache = new CompileCache(path.join(this.root, 'compiled'), 256 * 2 ** 20);
  }

  static async create(slot: number, options: BenchOptions = {}): Promise<Bench> {
    return new Bench(await getSandbox(), slot, options);
  }

  get workRoot(): string {
    return path.join(this.root, 'work');
  }

  context(): GradingContext {
    return {
      workRoot: this.workRoot,
      slot: this.slot,
      testData: async (ref) => this.data.file(ref),
      checkerCache: path.join(this.root, 'checkers'),
      languages: this.languages,
      sandbox: this.sandbox,
      compileCache: this.compileCache,
    };
  }

  task(language: string, code: string, problem: JudgeProblem, cases: readonly CaseData[]): SubmissionTask {
    return {
      kind: 'submission',
      submitId: this.nextSubmitId++,
      attempt: 1,
      leaseMs: 60_000,
      language,
      code,
      problem,
      testCases: this.data.cases(cases),
    };
  }

  /** Judges and returns the outcome plus every progress report, checking the reports on the way. */
  async judge(
    language: string,
    code: string,
    problem: JudgeProblem,
    cases: readonly CaseData[],
  ): Promise<SubmissionOutcome & { progress: { status: number; cases: CaseResult[] }[] }> {
    const progress: { status: number; cases: CaseResult[] }[] = [];
    const outcome = await judgeSubmission(
      this.task(language, code, problem, cases),
      this.context(),
      async (status, finished) => {
        progress.push({ status, cases: finished });
        return true;
      },
    );
    return { ...outcome, progress };
  }

  /** What a healthy judge leaves behind: an empty work root, no processes of the slot, no run cgroups. */
  async leftovers(): Promise<string[]> {
    const found: string[] = [];
    if (fs.existsSync(this.workRoot))
      found.push(...fs.readdirSync(this.workRoot).map((f) => `workRoot/${f}`));
    found.push(...processesOfSlot(this.slot, this.sandbox.uidBase).map((pid) => `process ${pid}`));
    await this.sandbox.settle();
    found.push(...this.sandbox.leftoverCgroups(this.slot).map((c) => `cgroup ${c}`));
    return found;
  }

  async dispose(): Promise<void> {
    await this.compileCache?.idle(); // its last entries are written after their compiles answered
    this.data.remove();
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

/** Live processes whose real uid is the slot's. */
export function processesOfSlot(slot: number, uidBase = DEFAULT_UID_BASE): number[] {
  const uid = String(uidBase + slot);
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ruid='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, ruid]) => ruid === uid)
    .map(([pid]) => Number(pid));
}

/** Statuses of the cases by sequence, for compact assertions. */
export const statuses = (cases: readonly CaseResult[]) =>
  [...cases].sort((a, b) => a.seq - b.seq).map((c) => c.status);
