import { and, eq, inArray } from 'drizzle-orm';
import {
  JudgeStatus,
  UNFINISHED_STATUSES,
  type CaseResult,
  type JudgeProgress,
  type JudgeResult,
  type TestRunResult,
} from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { contestRecord, judge, judgeCase, problem, testRun, userAcproblem } from '../../db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** reference §8.1: how a verdict counts on a contest scoreboard (1 AC, -1 penalty, 0 no penalty). */
export function contestRecordStatus(status: number): number {
  if (status === JudgeStatus.ACCEPTED) return 1;
  const penalised: number[] = [
    JudgeStatus.PRESENTATION_ERROR,
    JudgeStatus.WRONG_ANSWER,
    JudgeStatus.TIME_LIMIT_EXCEEDED,
    JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    JudgeStatus.RUNTIME_ERROR,
  ];
  return penalised.includes(status) ? -1 : 0;
}

/** reference §6.4 / spec part 1 §9: OI rank points of a submission. */
export function oiRankScore(score: number, difficulty: number): number {
  return Math.round(0.1 * score + 2 * difficulty);
}

/**
 * Locks the submission and tells whether the report comes from its current holder. A report from
 * an earlier attempt (a worker that lost its lease) or about a finished or cancelled submission
 * is stale and must change nothing.
 */
async function lockCurrent(tx: Tx, submitId: number, attempt: number, worker: string) {
  const [row] = await tx.select().from(judge).where(eq(judge.submitId, submitId)).for('update');
  if (
    !row ||
    row.attempt !== attempt ||
    row.leaseOwner !== worker ||
    !UNFINISHED_STATUSES.includes(row.status)
  ) {
    return undefined;
  }
  return row;
}

async function replaceCases(tx: Tx, submission: typeof judge.$inferSelect, cases: CaseResult[]) {
  if (cases.length === 0) return;
  await tx.delete(judgeCase).where(
    and(
      eq(judgeCase.submitId, submission.submitId),
      inArray(
        judgeCase.seq,
        cases.map((c) => c.seq),
      ),
    ),
  );
  await tx.insert(judgeCase).values(
    cases.map((c) => ({
      submitId: submission.submitId,
      uid: submission.uid,
      pid: submission.pid,
      caseId: c.caseId,
      status: c.status,
      time: c.time,
      memory: c.memory,
      score: c.score,
      groupNum: c.groupNum,
      seq: c.seq,
      mode: c.mode,
      inputData: c.inputData,
      outputData: c.outputData,
      userOutput: c.userOutput,
    })),
  );
}

/** A progress report: the stage, any finished cases, and a longer lease. False means stop judging. */
export async function applyProgress(
  db: Db,
  report: JudgeProgress,
  worker: string,
  leaseMs: number,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const row = await lockCurrent(tx, report.submitId, report.attempt, worker);
    if (!row) return false;
    await tx
      .update(judge)
      .set({ status: report.status, leaseExpiresAt: new Date(now.getTime() + leaseMs), gmtModified: now })
      .where(eq(judge.submitId, row.submitId));
    await replaceCases(tx, row, report.cases);
    return true;
  });
}

/**
 * The final result, applied once: case rows, the verdict, the user's solved problems and the
 * contest record, all in one transaction (reference §8.3 steps 9–10).
 */
export async function applyResult(db: Db, result: JudgeResult, worker: string, now: Date) {
  return db.transaction(async (tx) => {
    const row = await lockCurrent(tx, result.submitId, result.attempt, worker);
    if (!row) return false;
    const [prob] = await tx
      .select({ type: problem.type, difficulty: problem.difficulty })
      .from(problem)
      .where(eq(problem.id, row.pid));
    const isOi = prob?.type === 1;

    await tx.delete(judgeCase).where(eq(judgeCase.submitId, row.submitId));
    await replaceCases(tx, row, result.cases);
    await tx
      .update(judge)
      .set({
        status: result.status,
        time: result.time,
        memory: result.memory,
        score: isOi ? result.score : null,
        oiRankScore: isOi && result.score !== null ? oiRankScore(result.score, prob.difficulty) : null,
        errorMessage: result.errorMessage,
        leaseOwner: null,
        leaseExpiresAt: null,
        gmtModified: now,
      })
      .where(eq(judge.submitId, row.submitId));

    if (result.status === JudgeStatus.ACCEPTED && row.cid === 0 && row.gid === null) {
      await tx.insert(userAcproblem).values({ uid: row.uid, pid: row.pid, submitId: row.submitId });
    }
    if (row.cid !== 0) {
      await tx
        .update(contestRecord)
        .set({
          status: contestRecordStatus(result.status),
          score: isOi ? result.score : null,
          useTime: result.time,
        })
        .where(eq(contestRecord.submitId, row.submitId));
    }
    return true;
  });
}

export async function applyProgressOfTestRun(
  db: Db,
  id: string,
  attempt: number,
  worker: string,
  leaseMs: number,
  now: Date,
) {
  const updated = await db
    .update(testRun)
    .set({ status: JudgeStatus.JUDGING, leaseExpiresAt: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(testRun.id, id),
        eq(testRun.attempt, attempt),
        eq(testRun.leaseOwner, worker),
        inArray(testRun.status, [...UNFINISHED_STATUSES]),
      ),
    )
    .returning({ id: testRun.id });
  return updated.length > 0;
}

export async function applyTestRunResult(db: Db, result: TestRunResult, worker: string) {
  const updated = await db
    .update(testRun)
    .set({
      status: result.status,
      time: result.time,
      memory: result.memory,
      output: result.output,
      errorMessage: result.errorMessage,
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .where(
      and(
        eq(testRun.id, result.id),
        eq(testRun.attempt, result.attempt),
        eq(testRun.leaseOwner, worker),
        inArray(testRun.status, [...UNFINISHED_STATUSES]),
      ),
    )
    .returning({ id: testRun.id });
  return updated.length > 0;
}
