import type { FastifyInstance } from 'fastify';
import {
  JudgeStatus,
  type CaseMode,
  type CompileCheckTask,
  type JudgeResult,
  type JudgeTask,
  type SubmissionTask,
  type TestRunResult,
  type TestRunTask,
} from '@verdict/shared';
import { JUDGE_TOKEN } from './app.ts';

/** Every local language of the seed, so that the fake worker can claim anything. */
export const ALL_LOCAL_LANGUAGES = [
  'C',
  'C With O2',
  'C++',
  'C++ With O2',
  'C++ 17',
  'C++ 17 With O2',
  'C++ 20',
  'C++ 20 With O2',
  'Java',
  'Python2',
  'Python3',
  'PyPy2',
  'PyPy3',
  'Golang',
  'C#',
  'PHP',
  'JavaScript Node',
  'JavaScript V8',
  'Ruby',
  'Rust',
];

/** The checker and interactor compilers of a full worker (claimed compile checks, reference §3.12). */
export const ALL_JUDGE_PROGRAMS = ['SPJ-C', 'SPJ-C++', 'INTERACTIVE-C', 'INTERACTIVE-C++'];

/** A verdict for a claimed submission: one status for every case, or per case. */
export interface Verdict {
  status: number;
  /** per-case statuses (defaults to `status` for every case) */
  cases?: number[];
  /** per-case scores (OI) */
  scores?: (number | null)[];
  score?: number | null;
  time?: number;
  memory?: number;
  errorMessage?: string | null;
  mode?: CaseMode;
  /** per-case messages (judge_case.user_output; none by default) */
  messages?: (string | null)[];
}

/**
 * A judge worker played through the gateway's HTTP calls (ARCHITECTURE "judge gateway"), so that
 * API tests see verdicts without compilers: register, claim, then post a chosen result.
 */
export class FakeJudge {
  constructor(
    private readonly app: FastifyInstance,
    readonly name = 'fake-judge',
    private readonly languages: string[] = ALL_LOCAL_LANGUAGES,
    private readonly judgePrograms: string[] = ALL_JUDGE_PROGRAMS,
  ) {}

  private async call<T>(path: string, body: object): Promise<T> {
    const res = await this.app.inject({
      method: 'POST',
      url: `/api/judge-gateway/${path}`,
      headers: { 'x-judge-token': JUDGE_TOKEN },
      payload: { name: this.name, ...body },
    });
    const json = res.json() as { status: number; data: T; msg: string };
    if (json.status !== 200) throw new Error(`gateway ${path}: ${json.status} ${json.msg}`);
    return json.data;
  }

  async register(): Promise<this> {
    await this.call('register', {
      host: 'test',
      cpuCore: 2,
      maxTaskNumber: 4,
      version: 'test',
      languages: this.languages,
    });
    return this;
  }

  /** One claim; with waitMs it long-polls like a real worker. */
  claim(waitMs = 0): Promise<JudgeTask | null> {
    return this.call<JudgeTask | null>('claim', {
      languages: this.languages,
      judgePrograms: this.judgePrograms,
      waitMs,
    });
  }

  /** Claims the next task, which must be a compile check; waits up to waitMs for one to arrive. */
  async claimCompileCheck(waitMs = 5_000): Promise<CompileCheckTask> {
    const task = await this.claim(waitMs);
    if (!task || task.kind !== 'compile')
      throw new Error(`expected a compile check, got ${task?.kind ?? 'none'}`);
    return task;
  }

  /** Answers a claimed compile check; answers whether the gateway took it. */
  async finishCompileCheck(task: CompileCheckTask, ok: boolean, message = ''): Promise<boolean> {
    const data = await this.call<{ accepted: boolean }>('compile-result', {
      id: task.id,
      attempt: task.attempt,
      ok,
      message,
    });
    return data.accepted;
  }

  /** Claims the next task, which must be a submission. */
  async claimSubmission(): Promise<SubmissionTask> {
    const task = await this.claim();
    if (!task || task.kind !== 'submission')
      throw new Error(`expected a submission task, got ${task?.kind ?? 'none'}`);
    return task;
  }

  async claimTestRun(): Promise<TestRunTask> {
    const task = await this.claim();
    if (!task || task.kind !== 'test') throw new Error(`expected a test run, got ${task?.kind ?? 'none'}`);
    return task;
  }

  static resultFor(task: SubmissionTask, verdict: Verdict): JudgeResult {
    const time = verdict.time ?? 10;
    const memory = verdict.memory ?? 1024;
    return {
      submitId: task.submitId,
      attempt: task.attempt,
      status: verdict.status,
      time,
      memory,
      score: verdict.score ?? null,
      errorMessage: verdict.errorMessage ?? null,
      cases: task.testCases.map((c, i) => ({
        caseId: c.caseId,
        seq: c.seq,
        status:
          verdict.cases?.[i] ??
          (verdict.status === JudgeStatus.PARTIAL_ACCEPTED ? JudgeStatus.ACCEPTED : verdict.status),
        time,
        memory,
        score: verdict.scores?.[i] ?? null,
        groupNum: c.groupNum,
        mode: verdict.mode ?? task.problem.judgeCaseMode,
        inputData: c.input.name,
        outputData: c.output.name,
        userOutput: verdict.messages?.[i] ?? null,
      })),
    };
  }

  /** Posts the final result of a claimed submission; answers whether the gateway took it. */
  async finish(task: SubmissionTask, verdict: Verdict): Promise<boolean> {
    const data = await this.call<{ accepted: boolean }>('result', FakeJudge.resultFor(task, verdict));
    return data.accepted;
  }

  /** Claims the next submission and gives it `verdict`; answers the task. */
  async judgeNext(verdict: Verdict): Promise<SubmissionTask> {
    const task = await this.claimSubmission();
    await this.finish(task, verdict);
    return task;
  }

  async finishTestRun(
    task: TestRunTask,
    result: Partial<Omit<TestRunResult, 'id' | 'attempt'>>,
  ): Promise<boolean> {
    const data = await this.call<{ accepted: boolean }>('test-result', {
      id: task.id,
      attempt: task.attempt,
      status: result.status ?? JudgeStatus.ACCEPTED,
      time: result.time ?? 5,
      memory: result.memory ?? 512,
      output: result.output ?? '',
      errorMessage: result.errorMessage ?? null,
    });
    return data.accepted;
  }
}
