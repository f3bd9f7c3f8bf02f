import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  JUDGE_TOKEN_HEADER,
  judgeTask,
  type CompileCheckResult,
  type HeartbeatAnswer,
  type JudgeProgress,
  type JudgeResult,
  type JudgeTask,
  type KeepTask,
  type ReportAccepted,
  type TestRunResult,
  type WorkerHeartbeat,
  type WorkerRegistered,
  type WorkerRegistrationInput,
} from '@verdict/shared';

/** A gateway answer that was not `status: 200`; `retryable` when the server or network may recover. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

/**
 * The worker's side of the judge gateway (server `modules/judge-gateway/routes.ts`; its answers'
 * schemas: shared/src/responses/judge-gateway.ts).
 */
export class GatewayClient {
  private readonly base: string;

  constructor(
    serverUrl: string,
    private readonly token: string,
    private readonly name: string,
  ) {
    this.base = `${serverUrl.replace(/\/+$/, '')}/api/judge-gateway`;
  }

  register(worker: Omit<WorkerRegistrationInput, 'name'>) {
    return this.post<WorkerRegistered>('register', { ...worker, name: this.name });
  }

  heartbeat(taskNumber: number, load?: WorkerHeartbeat['load']) {
    return this.post<HeartbeatAnswer>('heartbeat', { name: this.name, taskNumber, load });
  }

  /**
   * Waits up to waitMs for a task this worker can judge: a submission or test run in one of
   * `languages`, or a compile check for one of `judgePrograms` (SPJ-C, INTERACTIVE-C++…).
   */
  async claim(
    offer: { languages: string[]; judgePrograms: string[]; remoteSites?: string[] },
    waitMs: number,
    signal?: AbortSignal,
  ): Promise<JudgeTask | null> {
    const task = await this.post<unknown>('claim', { name: this.name, ...offer, waitMs }, signal);
    return task === null ? null : judgeTask.parse(task);
  }

  async compileResult(result: CompileCheckResult): Promise<boolean> {
    return (await this.post<ReportAccepted>('compile-result', { ...result, name: this.name })).accepted;
  }

  async progress(report: JudgeProgress): Promise<boolean> {
    return (await this.post<KeepTask>('progress', { ...report, name: this.name })).keep;
  }

  async result(result: JudgeResult): Promise<boolean> {
    return (await this.post<ReportAccepted>('result', { ...result, name: this.name })).accepted;
  }

  async testProgress(id: string, attempt: number): Promise<boolean> {
    return (await this.post<KeepTask>('test-progress', { id, attempt, name: this.name })).keep;
  }

  async testResult(result: TestRunResult): Promise<boolean> {
    return (await this.post<ReportAccepted>('test-result', { ...result, name: this.name })).accepted;
  }

  /** Streams one test file to `destination`. */
  async download(sha256: string, destination: string): Promise<void> {
    const res = await this.fetch(`${this.base}/testdata/${sha256}`, { headers: this.headers() });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !res.body || type.includes('json')) {
      throw new GatewayError(
        `test data ${sha256}: HTTP ${res.status} ${type.includes('json') ? await res.text() : ''}`,
        res.status >= 500,
      );
    }
    await pipeline(
      Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      createWriteStream(destination),
    );
  }

  private headers(): Record<string, string> {
    return { [JUDGE_TOKEN_HEADER]: this.token, 'content-type': 'application/json' };
  }

  private async fetch(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, init);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new GatewayError(`cannot reach ${url}: ${(error as Error).message}`, true);
    }
  }

  private async post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    const res = await this.fetch(`${this.base}/${path}`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify(body),
      signal,
    });
    const envelope = (await res.json().catch(() => null)) as {
      status?: number;
      msg?: string;
      data?: T;
    } | null;
    if (!envelope || envelope.status !== 200) {
      const retryable = res.status >= 500 || res.status === 503;
      throw new GatewayError(`${path}: ${envelope?.msg ?? `HTTP ${res.status}`}`, retryable);
    }
    return envelope.data as T;
  }
}
