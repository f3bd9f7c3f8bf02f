import { and, eq, inArray } from 'drizzle-orm';
import { JudgeStatus, type TestRunResult } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { testRun } from '../../../db/schema/index.ts';
import type { Tx } from './scopes.ts';
import { TRANSITIONS } from './states.ts';

/**
 * Test runs (reference §8.12) share the submission states up to the verdict: created Pending,
 * claimed with submissions (claim.ts), then progress and one final result from their current
 * holder. They belong to no scope, are never rejudged, cancelled or judged manually, and expire.
 */

/** A Pending test run (its id is the client's key). */
export async function createTestRun(tx: Tx, values: Omit<typeof testRun.$inferInsert, 'status'>) {
  await tx.insert(testRun).values({ ...values, status: TRANSITIONS.create.to[0] });
}

/** Conditions of a report from the run's current holder in a state `name` starts from. */
const held = (name: 'progress' | 'judge', id: string, attempt: number, worker: string) =>
  and(
    eq(testRun.id, id),
    eq(testRun.attempt, attempt),
    eq(testRun.leaseOwner, worker),
    inArray(testRun.status, [...TRANSITIONS[name].from]),
  );

export async function progressOfTestRun(
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
    .where(held('progress', id, attempt, worker))
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
    .where(held('judge', result.id, result.attempt, worker))
    .returning({ id: testRun.id });
  return updated.length > 0;
}
