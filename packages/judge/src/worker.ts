import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  JUDGE_HEARTBEAT_MS,
  JudgeStatus,
  type CompileCheckTask,
  type JudgeTask,
  type SubmissionTask,
  type TestRunTask,
} from '@verdict/shared';
import { GatewayClient, GatewayError } from './gateway-client.ts';
import { HostLoad } from './host-load.ts';
import { CoalescedProgress } from './progress-reports.ts';
import type { CompileCache } from './grading/compile-cache.ts';
import type { PrecompiledHeaders } from './grading/compile-headers.ts';
import { judgeSubmission, runCompileCheck, runTestTask, type GradingContext } from './grading/index.ts';
import type { LanguageTable } from './languages/index.ts';
import { TestDataCache, type TestDataLease } from './testdata-cache.ts';

export interface WorkerOptions {
  serverUrl: string;
  token: string;
  /** Unique per worker; shown as `judger` on submissions. */
  name: string;
  /** Submissions judged at once; each gets its own sandbox slot. */
  concurrency: number;
  /**
   * The sandbox slots this worker owns (host-locks.ts), one per loop; slots 0 … concurrency−1 when
   * omitted (a test's worker alone on its uid base).
   */
  slots?: readonly number[];
  /**
   * Scratch space for compiling and running (`slot-N` per slot), emptied after every task and at
   * start: the caller owns it (runWorker's work directory claim).
   */
  workRoot: string;
  cacheDir: string;
  cacheBytes: number;
  /** The languages this host can judge (those that passed their self-test). */
  languages: LanguageTable;
  version: string;
  log?: (message: string) => void;
  /** How often the worker tells the server it is alive; default 10 s. */
  heartbeatMs?: number;
  /** Compiled programs by content (issue 25 item 4); none: every task compiles. */
  compileCache?: CompileCache;
  /** Precompiled C++ headers, prepared before start (issue 25 item 3). */
  headers?: PrecompiledHeaders;
  /** Called once per judged submission with when each step ended (bench/judge; VERDICT_JUDGE_TRACE=1). */
  trace?: (trace: SubmissionTrace) => void;
}

/**
 * When each step of one submission ended, in ms since the epoch (performance.timeOrigin + now, so a
 * process on the same host can compare): the claim's answer, the compile's start and end, each
 * case's report, the result's answer; and what the compiler and the program took themselves.
 */
export interface SubmissionTrace {
  submitId: number;
  language: string;
  claimed: number;
  compileStart: number;
  compiled: number;
  /** the compiler's own wall time as the sandbox measured it (0: from the compile cache) */
  compilerMs: number;
  cached: boolean;
  cases: { at: number; cpuMs: number }[];
  outcome: number;
  reported: number;
  status: number;
}

const epochNow = () => performance.timeOrigin + performance.now();

const CLAIM_WAIT_MS = 20_000;
const RETRY_MS = 2_000;
/** reference §8.3: the message of an unexpected failure inside the judge. */
const SYSTEM_ERROR_MESSAGE =
  'Oops, something has gone wrong with the judgeServer. Please report this to administrator.';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * A judge worker: claim → fetch test data → compile → run → grade → report, in `concurrency`
 * loops. It holds no state the server needs: if it dies, its leases run out and another worker
 * judges the same submissions again (ARCHITECTURE "judge gateway").
 */
export class JudgeWorker {
  private readonly client: GatewayClient;
  private readonly cache: TestDataCache;
  private readonly stopping = new AbortController();
  private loops: Promise<void>[] = [];
  private running = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  private beating = false;
  private readonly hostLoad = new HostLoad();
  /** When the last claim answered (read by the trace of the task it handed out). */
  private claimedAt = 0;
  /** Each slot's last compile, for the trace. */
  private readonly lastCompile = new Map<number, { compilerMs: number; cached: boolean }>();

  constructor(private readonly options: WorkerOptions) {
    this.client = new GatewayClient(options.serverUrl, options.token, options.name);
    this.cache = new TestDataCache(options.cacheDir, options.cacheBytes, (sha, dest) =>
      this.client.download(sha, dest),
    );
  }

  private log(message: string) {
    this.options.log?.(`[judge ${this.options.name}] ${message}`);
  }

  /** Registers (retrying until the server answers) and starts the claim loops. */
  async start(): Promise<void> {
    // A worker killed mid-task (SIGKILL, power loss) could not remove its task's files: do it now. The
    // work directory is this process's alone (runWorker claims it before anything else; issue 25
    // item 1), so nothing here belongs to another live worker.
    await rm(this.options.workRoot, { recursive: true, force: true, maxRetries: 3 });
    await mkdir(this.options.workRoot, { recursive: true });
    for (;;) {
      try {
        await this.register();
        break;
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        this.log(`cannot register yet (${(error as Error).message}); retrying`);
        await sleep(RETRY_MS, this.stopping.signal);
      }
    }
    this.log(`judging ${this.languageNames().length} languages with ${this.options.concurrency} slot(s)`);
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs ?? JUDGE_HEARTBEAT_MS);
    this.heartbeat.unref();
    this.loops = this.slots.map((slot) => this.loop(slot));
  }

  private get slots(): readonly number[] {
    return this.options.slots ?? Array.from({ length: this.options.concurrency }, (_, i) => i);
  }

  private slotRoot(slot: number): string {
    return path.join(this.options.workRoot, `slot-${slot}`);
  }

  private register() {
    return this.client.register({
      host: os.hostname(),
      cpuCore: os.availableParallelism(),
      maxTaskNumber: this.options.concurrency,
      version: this.options.version,
      languages: this.languageNames(),
    });
  }

  /**
   * One heartbeat. `known: false` means the server has lost this worker's row (an admin removed it, or
   * the database was replaced): without registering again its languages would never show as available.
   */
  private async beat(): Promise<void> {
    if (this.beating) return; // the previous one is still waiting for the server
    this.beating = true;
    try {
      const { known } = await this.client.heartbeat(this.running, this.hostLoad.sample());
      if (!known && !this.stopping.signal.aborted) {
        this.log('the server no longer knows this worker; registering again');
        await this.register();
      }
    } catch {
      // the server is away; the next beat tries again
    } finally {
      this.beating = false;
    }
  }

  /** Stops claiming; tasks in progress finish and report, and compiled programs reach the cache, before this resolves. */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearInterval(this.heartbeat);
    await Promise.all(this.loops);
    await this.options.compileCache?.idle();
  }

  private languageNames(): string[] {
    return this.options.languages.available.map((l) => l.name);
  }

  private async loop(slot: number): Promise<void> {
    while (!this.stopping.signal.aborted) {
      let task: JudgeTask | null;
      try {
        task = await this.client.claim(
          {
            languages: this.languageNames(),
            judgePrograms: this.options.languages.judgePrograms.map((l) => l.name),
          },
          CLAIM_WAIT_MS,
          this.stopping.signal,
        );
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        this.log(`claim failed: ${(error as Error).message}`);
        await sleep(RETRY_MS, this.stopping.signal);
        continue;
      }
      if (!task) continue;
      this.claimedAt = epochNow();
      this.running++;
      try {
        await this.judge(task, slot);
      } catch (error) {
        // The lease runs out and another attempt judges it; nothing is lost.
        this.log(`task failed to report: ${(error as Error).message}`);
      } finally {
        this.running--;
      }
    }
  }

  private context(slot: number, testData: TestDataLease): GradingContext {
    return {
      workRoot: this.slotRoot(slot),
      slot,
      testData: (ref) => testData.get(ref),
      checkerCache: path.join(this.options.cacheDir, 'checkers'),
      languages: this.options.languages,
      compileCache: this.options.compileCache,
      headers: this.options.headers,
      onCompiled: (o) =>
        this.lastCompile.set(slot, {
          compilerMs: o.status === 'ok' ? o.timeMs : 0,
          cached: o.status === 'ok' ? !!o.cached : false,
        }),
    };
  }

  private async judge(task: JudgeTask, slot: number): Promise<void> {
    // the task's test files stay in the cache until it has reported
    const testData = this.cache.lease();
    // scratch files are removed while the result is on its way, and gone before the slot's next task
    const removals: Promise<void>[] = [];
    const context = { ...this.context(slot, testData), afterwards: (r: Promise<void>) => removals.push(r) };
    try {
      switch (task.kind) {
        case 'submission':
          return await this.judgeSubmission(task, context);
        case 'test':
          return await this.runTest(task, context);
        case 'compile':
          return await this.compileCheck(task, context);
      }
    } finally {
      for (const removal of await Promise.allSettled(removals))
        if (removal.status === 'rejected') this.log(`removing a task's files: ${String(removal.reason)}`);
      await testData.release();
    }
  }

  private async judgeSubmission(task: SubmissionTask, context: GradingContext): Promise<void> {
    const { submitId, attempt } = task;
    let stage: 6 | 7 = JudgeStatus.COMPILING;
    let keep = true;
    const reports = new CoalescedProgress({ submitId, attempt }, (report) => this.client.progress(report));
    // Keeps the lease while a long compile or case runs between progress reports.
    const keepAlive = setInterval(
      () => {
        this.client
          .progress({ submitId, attempt, status: stage, cases: [] })
          .then((k) => (keep &&= k))
          .catch(() => undefined);
      },
      Math.max(1000, task.leaseMs / 3),
    );
    const trace: SubmissionTrace | undefined = this.options.trace
      ? {
          submitId,
          language: task.language,
          claimed: this.claimedAt,
          compileStart: 0,
          compiled: 0,
          compilerMs: 0,
          cached: false,
          cases: [],
          outcome: 0,
          reported: 0,
          status: 0,
        }
      : undefined;
    try {
      let outcome;
      try {
        outcome = await judgeSubmission(task, context, async (status, cases) => {
          if (trace) {
            const at = epochNow();
            if (status === JudgeStatus.COMPILING) trace.compileStart = at;
            else if (trace.compiled === 0) trace.compiled = at;
            for (const c of cases) trace.cases.push({ at, cpuMs: c.time });
          }
          stage = status;
          return reports.report(status, cases) && keep;
        });
      } catch (error) {
        if (error instanceof GatewayError) throw error;
        this.log(`submission ${submitId}: ${(error as Error).stack ?? error}`);
        outcome = {
          status: JudgeStatus.SYSTEM_ERROR,
          time: 0,
          memory: 0,
          score: null,
          errorMessage: SYSTEM_ERROR_MESSAGE,
          cases: [],
        };
      }
      keep &&= await reports.close();
      if (!keep) return; // cancelled, or taken over by another attempt
      if (trace) trace.outcome = epochNow();
      const accepted = await this.client.result({ submitId, attempt, ...outcome });
      if (trace) {
        trace.reported = epochNow();
        trace.status = outcome.status;
        Object.assign(trace, this.lastCompile.get(context.slot) ?? {});
        this.options.trace!(trace);
      }
      if (!accepted) this.log(`submission ${submitId} attempt ${attempt}: result was stale`);
    } finally {
      clearInterval(keepAlive);
    }
  }

  /** reference §3.12 compile-spj / compile-interactive: an admin waits for this answer. */
  private async compileCheck(task: CompileCheckTask, context: GradingContext): Promise<void> {
    let outcome;
    try {
      outcome = await runCompileCheck(task, context);
    } catch (error) {
      this.log(`compile check ${task.id}: ${(error as Error).stack ?? error}`);
      outcome = { ok: false, message: SYSTEM_ERROR_MESSAGE };
    }
    const accepted = await this.client.compileResult({ id: task.id, attempt: task.attempt, ...outcome });
    if (!accepted) this.log(`compile check ${task.id} attempt ${task.attempt}: answer was stale`);
  }

  private async runTest(task: TestRunTask, context: GradingContext): Promise<void> {
    if (!(await this.client.testProgress(task.id, task.attempt))) return;
    let outcome;
    try {
      outcome = await runTestTask(task, context);
    } catch (error) {
      this.log(`test run ${task.id}: ${(error as Error).stack ?? error}`);
      outcome = {
        status: JudgeStatus.SYSTEM_ERROR,
        time: 0,
        memory: 0,
        output: '',
        errorMessage: SYSTEM_ERROR_MESSAGE,
      };
    }
    await this.client.testResult({ id: task.id, attempt: task.attempt, ...outcome });
  }
}
