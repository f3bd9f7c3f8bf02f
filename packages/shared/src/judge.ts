import { remoteSubmitted, remoteTarget } from './remote-task.ts';
import { z } from 'zod';

/** reference §8.1: judge status codes, identical on server, worker and client. */
export const JudgeStatus = {
  NOT_SUBMITTED: -10,
  SUBMITTED_UNKNOWN_RESULT: -5,
  CANCELLED: -4,
  PRESENTATION_ERROR: -3,
  COMPILE_ERROR: -2,
  WRONG_ANSWER: -1,
  ACCEPTED: 0,
  TIME_LIMIT_EXCEEDED: 1,
  MEMORY_LIMIT_EXCEEDED: 2,
  RUNTIME_ERROR: 3,
  SYSTEM_ERROR: 4,
  PENDING: 5,
  COMPILING: 6,
  JUDGING: 7,
  PARTIAL_ACCEPTED: 8,
  SUBMITTING: 9,
  SUBMITTED_FAILED: 10,
} as const;
export type JudgeStatusCode = (typeof JudgeStatus)[keyof typeof JudgeStatus];

/** Statuses a submission passes through before its verdict (reference §6.3). */
export const UNFINISHED_STATUSES: readonly number[] = [
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
];

/** Statuses a worker may report as a case or final verdict. */
export const finalStatus = z.union(
  [
    JudgeStatus.CANCELLED,
    JudgeStatus.PRESENTATION_ERROR,
    JudgeStatus.COMPILE_ERROR,
    JudgeStatus.WRONG_ANSWER,
    JudgeStatus.ACCEPTED,
    JudgeStatus.TIME_LIMIT_EXCEEDED,
    JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    JudgeStatus.RUNTIME_ERROR,
    JudgeStatus.SYSTEM_ERROR,
    JudgeStatus.PARTIAL_ACCEPTED,
    JudgeStatus.SUBMITTED_FAILED,
  ].map((s) => z.literal(s)) as [z.ZodLiteral<number>, ...z.ZodLiteral<number>[]],
);

export const JUDGE_MODES = ['default', 'spj', 'interactive'] as const;
export const CASE_MODES = ['default', 'subtask_lowest', 'subtask_average', 'ergodic_without_error'] as const;
export type JudgeMode = (typeof JUDGE_MODES)[number];
export type CaseMode = (typeof CASE_MODES)[number];

/** A file of test data, fetched by its content hash (sha256 hex) from the gateway. */
export const testFileRef = z.object({
  name: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int(),
});
export type TestFileRef = z.infer<typeof testFileRef>;

export const judgeTestCase = z.object({
  caseId: z.number().int(),
  /** 1-based order */
  seq: z.number().int().positive(),
  input: testFileRef,
  output: testFileRef,
  score: z.number().int().nonnegative(),
  groupNum: z.number().int(),
});
export type JudgeTestCase = z.infer<typeof judgeTestCase>;

/** What a worker needs to judge one problem (reference §8.3 step 2). */
export const judgeProblem = z.object({
  id: z.number().int(),
  problemId: z.string(),
  /** 0 ACM, 1 OI */
  type: z.union([z.literal(0), z.literal(1)]),
  judgeMode: z.enum(JUDGE_MODES),
  judgeCaseMode: z.enum(CASE_MODES),
  /** ms, before the language factor */
  timeLimit: z.number().int().positive(),
  /** MB, before the language factor */
  memoryLimit: z.number().int().positive(),
  /** MB */
  stackLimit: z.number().int().positive(),
  ioScore: z.number().int().nonnegative(),
  isRemoveEndBlank: z.boolean(),
  isFileIo: z.boolean(),
  ioReadFileName: z.string().nullable(),
  ioWriteFileName: z.string().nullable(),
  userExtraFile: z.record(z.string(), z.string()).nullable(),
  judgeExtraFile: z.record(z.string(), z.string()).nullable(),
  /** checker (spj) or interactor source and its language ("C" or "C++") */
  spjCode: z.string().nullable(),
  spjLanguage: z.string().nullable(),
  caseVersion: z.string(),
});
export type JudgeProblem = z.infer<typeof judgeProblem>;

/** A claimed submission. `attempt` must be echoed in every report; a stale attempt is ignored. */
export const submissionTask = z.object({
  kind: z.literal('submission'),
  submitId: z.number().int(),
  attempt: z.number().int(),
  leaseMs: z.number().int(),
  language: z.string(),
  code: z.string(),
  problem: judgeProblem,
  testCases: z.array(judgeTestCase),
  /** set for a remote problem's submission (reference §10), claimed by remote-judge workers only */
  remote: remoteTarget.optional(),
});
export type SubmissionTask = z.infer<typeof submissionTask>;

/** A claimed online test run (reference §8.12): one run on the user's input. */
export const testRunTask = z.object({
  kind: z.literal('test'),
  id: z.string(),
  attempt: z.number().int(),
  leaseMs: z.number().int(),
  language: z.string(),
  code: z.string(),
  input: z.string(),
  expectedOutput: z.string().nullable(),
  problem: judgeProblem,
});
export type TestRunTask = z.infer<typeof testRunTask>;

/**
 * The languages a checker or interactor may be written in (reference §8.4: the problem's `spjLanguage`).
 * The worker's entry is `SPJ-<language>` or `INTERACTIVE-<language>`.
 */
export const JUDGE_PROGRAM_LANGUAGES = ['C', 'C++'] as const;
export type JudgeProgramLanguage = (typeof JUDGE_PROGRAM_LANGUAGES)[number];

/** The worker's language entry that compiles a checker (`spj`) or an interactor in `language`. */
export function judgeProgramEntry(check: 'spj' | 'interactive', language: JudgeProgramLanguage): string {
  return `${check === 'spj' ? 'SPJ' : 'INTERACTIVE'}-${language}`;
}

/**
 * A claimed compile check (reference §3.12 compile-spj / compile-interactive): compile a checker or an
 * interactor the way judging compiles it, and report whether it compiled. Claimed before submissions,
 * since an admin is waiting on it.
 */
export const compileCheckTask = z.object({
  kind: z.literal('compile'),
  id: z.string(),
  attempt: z.number().int(),
  leaseMs: z.number().int(),
  check: z.enum(['spj', 'interactive']),
  language: z.enum(JUDGE_PROGRAM_LANGUAGES),
  code: z.string(),
  /** reference §8.13 judge extra files, written next to the source */
  extraFiles: z.record(z.string(), z.string()),
});
export type CompileCheckTask = z.infer<typeof compileCheckTask>;

export const judgeTask = z.discriminatedUnion('kind', [submissionTask, testRunTask, compileCheckTask]);
export type JudgeTask = z.infer<typeof judgeTask>;

/** One case result (reference §4.3 judge_case). */
export const caseResult = z.object({
  caseId: z.number().int(),
  seq: z.number().int().positive(),
  status: finalStatus,
  /** ms */
  time: z.number().int().nonnegative(),
  /** KB */
  memory: z.number().int().nonnegative(),
  /** null for ACM problems */
  score: z.number().int().nonnegative().nullable(),
  groupNum: z.number().int().nullable(),
  mode: z.enum(CASE_MODES),
  inputData: z.string(),
  outputData: z.string(),
  /** checker message, error text, or a short excerpt of the user output */
  userOutput: z
    .string()
    .max(64 * 1024)
    .nullable(),
});
export type CaseResult = z.infer<typeof caseResult>;

export const judgeProgress = z.object({
  submitId: z.number().int(),
  attempt: z.number().int(),
  /** 6 while compiling, 7 while running cases */
  status: z.union([z.literal(JudgeStatus.COMPILING), z.literal(JudgeStatus.JUDGING)]),
  cases: z.array(caseResult).max(10_000).default([]),
  /** a remote worker's run id once the site took the code (reference §10.1) */
  remote: remoteSubmitted.optional(),
});
export type JudgeProgress = z.infer<typeof judgeProgress>;

export const judgeResult = z.object({
  submitId: z.number().int(),
  attempt: z.number().int(),
  status: finalStatus,
  /** ms, reference §8.11 */
  time: z.number().int().nonnegative(),
  /** KB */
  memory: z.number().int().nonnegative(),
  score: z.number().int().nonnegative().nullable(),
  errorMessage: z
    .string()
    .max(1024 * 1024)
    .nullable(),
  cases: z.array(caseResult).max(10_000),
});
export type JudgeResult = z.infer<typeof judgeResult>;

export const testRunResult = z.object({
  id: z.string(),
  attempt: z.number().int(),
  status: finalStatus,
  time: z.number().int().nonnegative(),
  memory: z.number().int().nonnegative(),
  /** program output, truncated to 1000 characters + "..." (reference §8.12) */
  output: z.string().max(2000),
  /** compiler output or stderr */
  errorMessage: z
    .string()
    .max(1024 * 1024)
    .nullable(),
});
export type TestRunResult = z.infer<typeof testRunResult>;

/** A worker introducing itself (reference §4.3 judge_server). */
export const workerRegistration = z.object({
  name: z.string().min(1).max(100),
  host: z.string().max(255),
  cpuCore: z.number().int().positive(),
  maxTaskNumber: z.number().int().positive(),
  version: z.string().max(50),
  /** language names this worker can judge (its toolchains passed their self-test) */
  languages: z.array(z.string()).max(200),
  /** remote-judge role: the sites this worker submits to (reference §10; judge_server.is_remote) */
  remoteSites: z.array(z.string()).max(20).default([]),
});
export type WorkerRegistration = z.infer<typeof workerRegistration>;
export type WorkerRegistrationInput = z.input<typeof workerRegistration>;

export const testRunProgress = z.object({ id: z.string(), attempt: z.number().int() });

/** The answer to a compile check: `message` is the compiler's output (empty when it said nothing). */
export const compileCheckResult = z.object({
  id: z.string(),
  attempt: z.number().int(),
  ok: z.boolean(),
  message: z.string().max(1024 * 1024),
});
export type CompileCheckResult = z.infer<typeof compileCheckResult>;
export type TestRunProgress = z.infer<typeof testRunProgress>;

/** Header that carries the judge token on every gateway call. */
export const JUDGE_TOKEN_HEADER = 'x-judge-token';

/** How often a worker reports that it is alive; the server shows a worker late after two missed beats. */
export const JUDGE_HEARTBEAT_MS = 10_000;

/** A worker's host load (HOJ's judge `/get-sys-config`, reference §3.13), in percent of the whole host. */
export const workerLoad = z.object({
  percentCpuLoad: z.number().min(0).max(100),
  percentMemoryLoad: z.number().min(0).max(100),
});

/** POST /api/judge-gateway/heartbeat: alive, this many tasks running, and (optionally) the host's load. */
export const workerHeartbeat = z.object({
  name: z.string().min(1).max(100),
  taskNumber: z.number().int().min(0),
  load: workerLoad.optional(),
});
export type WorkerHeartbeat = z.infer<typeof workerHeartbeat>;
/** A load as the server keeps it: with the time it was reported (ISO). */
export type WorkerLoad = z.infer<typeof workerLoad> & { at: string };

/** CPU time counters of one core (node's `os.cpus()[i].times`, ms). */
export interface CpuTimes {
  user: number;
  nice: number;
  sys: number;
  idle: number;
  irq: number;
}

/** Percent of the CPU time between two samples of every core that was not idle (0 when no time passed). */
export function cpuBusyPercent(before: readonly CpuTimes[], after: readonly CpuTimes[]): number {
  let busy = 0;
  let total = 0;
  after.forEach((a, i) => {
    const b = before[i] ?? { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 };
    const idle = a.idle - b.idle;
    const all = a.user - b.user + (a.nice - b.nice) + (a.sys - b.sys) + (a.irq - b.irq) + idle;
    busy += all - idle;
    total += all;
  });
  return total > 0 ? Math.min(100, Math.max(0, (busy / total) * 100)) : 0;
}
