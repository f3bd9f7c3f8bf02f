import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { CompileCheckResult, CompileCheckTask, JudgeProgramLanguage } from '@verdict/shared';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { judgeCompileCheck } from '../../db/schema/index.ts';
import { QueueSignal } from './queue.ts';

export interface CompileCheckRequest {
  check: 'spj' | 'interactive';
  language: JudgeProgramLanguage;
  code: string;
  extraFiles: Record<string, string>;
}

/**
 * How a compile check ended: the worker's answer, or why there is none — no worker took it in time
 * (`unclaimed`), a worker took it but did not answer in time (`unanswered`), or the caller went away.
 */
export type CompileCheckAnswer =
  | { outcome: 'done'; ok: boolean; message: string; worker: string | null }
  | { outcome: 'unclaimed' | 'unanswered' | 'aborted' };

export interface CompileCheckOptions {
  /** How long a check waits for a worker to take it (reference: HOJ's call to a judge server). */
  claimWaitMs: number;
  /** How long a taken check waits for the answer: the compile limits (30 s wall for C++) and more. */
  resultWaitMs: number;
}

export const DEFAULT_COMPILE_CHECK_OPTIONS: CompileCheckOptions = {
  claimWaitMs: 30_000,
  resultWaitMs: 45_000,
};

/** Other server processes take answers too; without a signal from them, look again this often. */
const POLL_MS = 500;
/** A worker holds a check this long past the gateway lease: one compile, never a progress report. */
const COMPILE_LEASE_EXTRA_MS = 60_000;
/** Rows left behind by a server process that died while an admin waited. */
const STALE_MS = 10 * 60_000;

/**
 * Every claim of a worker that compiles checkers looks here first, and the table is nearly always
 * empty: a read finds that out for less than the claiming update costs (0.41 against 0.50 ms,
 * measured on the embedded database), so the update runs only when there is a check to take. $1 now.
 */
const anyOpenCheck = preparedStatement<{ open: boolean }>(
  `select exists (select 1 from judge_compile_check
      where status = 'pending' or (status = 'claimed' and lease_expires_at < $1)) as open`,
);

/**
 * The claim itself, prepared as well (db/prepared.ts). $1 the worker, $2 now, $3 the lease's end, $4
 * its judge-program languages.
 */
const claimCheck = preparedStatement<{
  id: string;
  attempt: number;
  kind: 'spj' | 'interactive';
  language: JudgeProgramLanguage;
  code: string;
  extra_files: Record<string, string>;
}>(
  `update judge_compile_check set status = 'claimed', worker_name = $1,
      attempt = attempt + 1, claimed_at = $2, lease_expires_at = $3
    where id = (select id from judge_compile_check
      where (status = 'pending' or (status = 'claimed' and lease_expires_at < $2))
        and (case kind when 'spj' then 'SPJ-' else 'INTERACTIVE-' end) || language = any($4::text[])
      order by gmt_create limit 1 for update skip locked)
    returning id, attempt, kind, language, code, extra_files`,
);

/**
 * Compile checks of special judge and interactive programs (reference §3.12 compile-spj /
 * compile-interactive). HOJ's back end called one judge server and passed its answer through; here
 * the request is a row of `judge_compile_check` that any server process can wait on and any worker
 * offering the checker language can claim through the gateway, ahead of submissions. Claims, reports
 * and leases follow the judge queue: a report must carry the claim's attempt and worker name.
 */
export class CompileChecks {
  /** Wakes the requests in this process that wait for an answer. */
  private readonly answered = new QueueSignal();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The judge queue's signal: a new check wakes the long-polling claims. */
    private readonly queue: QueueSignal,
    readonly options: CompileCheckOptions = DEFAULT_COMPILE_CHECK_OPTIONS,
  ) {}

  /**
   * Queues a check, waits for a worker to compile it, and removes the row whatever happened. Waiting is
   * bounded: `claimWaitMs` for a worker to take it, then `resultWaitMs` for the answer.
   */
  async run(request: CompileCheckRequest, abort?: AbortSignal): Promise<CompileCheckAnswer> {
    const now = this.clock.now();
    await this.db
      .delete(judgeCompileCheck)
      .where(lt(judgeCompileCheck.gmtCreate, new Date(now.getTime() - STALE_MS)));
    const id = randomUUID();
    await this.db.insert(judgeCompileCheck).values({
      id,
      kind: request.check,
      language: request.language,
      code: request.code,
      extraFiles: request.extraFiles,
      gmtCreate: now,
    });
    this.queue.notify();
    try {
      return await this.wait(id, abort);
    } finally {
      await this.db.delete(judgeCompileCheck).where(eq(judgeCompileCheck.id, id));
    }
  }

  private async wait(id: string, abort?: AbortSignal): Promise<CompileCheckAnswer> {
    let deadline = Date.now() + this.options.claimWaitMs;
    let claimed = false;
    for (;;) {
      const [row] = await this.db
        .select({
          status: judgeCompileCheck.status,
          ok: judgeCompileCheck.ok,
          message: judgeCompileCheck.message,
          worker: judgeCompileCheck.workerName,
        })
        .from(judgeCompileCheck)
        .where(eq(judgeCompileCheck.id, id));
      if (!row) return { outcome: 'aborted' };
      if (row.status === 'done')
        return { outcome: 'done', ok: row.ok === true, message: row.message ?? '', worker: row.worker };
      if (row.status === 'claimed' && !claimed) {
        claimed = true;
        deadline = Date.now() + this.options.resultWaitMs;
      }
      if (abort?.aborted) return { outcome: 'aborted' };
      const left = deadline - Date.now();
      if (left <= 0) {
        if (claimed) return { outcome: 'unanswered' };
        // Withdrawn only while still pending: a worker that took it at this very moment is waited for.
        const withdrawn = await this.db
          .delete(judgeCompileCheck)
          .where(and(eq(judgeCompileCheck.id, id), eq(judgeCompileCheck.status, 'pending')))
          .returning({ id: judgeCompileCheck.id });
        if (withdrawn.length > 0) return { outcome: 'unclaimed' };
        continue;
      }
      await this.answered.wait(Math.min(left, POLL_MS), abort);
    }
  }

  /**
   * Takes the oldest open check in a language this worker has a checker or interactor compiler for
   * (`SPJ-C`, `INTERACTIVE-C++`…), or one whose worker went silent past its lease.
   */
  async claim(
    worker: { name: string; judgePrograms: readonly string[] },
    leaseMs: number,
  ): Promise<CompileCheckTask | undefined> {
    if (worker.judgePrograms.length === 0) return undefined;
    const now = this.clock.now();
    const [look] = await anyOpenCheck(this.db, [now.toISOString()]);
    if (!look?.open) return undefined;
    const expires = new Date(now.getTime() + leaseMs + COMPILE_LEASE_EXTRA_MS);
    const rows = await claimCheck(this.db, [
      worker.name,
      now.toISOString(),
      expires.toISOString(),
      worker.judgePrograms,
    ]);
    const row = rows[0];
    if (!row) return undefined;
    return {
      kind: 'compile',
      id: row.id,
      attempt: Number(row.attempt),
      leaseMs,
      check: row.kind,
      language: row.language,
      code: row.code,
      extraFiles: row.extra_files ?? {},
    };
  }

  /** A worker's answer; ignored (false) unless it comes from the current claim. */
  async report(result: CompileCheckResult, worker: string): Promise<boolean> {
    const updated = await this.db
      .update(judgeCompileCheck)
      .set({ status: 'done', ok: result.ok, message: result.message, finishedAt: this.clock.now() })
      .where(
        and(
          eq(judgeCompileCheck.id, result.id),
          eq(judgeCompileCheck.attempt, result.attempt),
          eq(judgeCompileCheck.workerName, worker),
          eq(judgeCompileCheck.status, 'claimed'),
        ),
      )
      .returning({ id: judgeCompileCheck.id });
    if (updated.length > 0) this.answered.notify();
    return updated.length > 0;
  }
}
