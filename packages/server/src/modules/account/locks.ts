import { ACCOUNT_TIMINGS, LOGIN_FAILURES } from '@verdict/shared';
import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountLock, loginFailure } from '../../db/schema/index.ts';

const WINDOW_MS = ACCOUNT_TIMINGS.loginFailureWindow * 1000;

// ---- login failures (reference §7.2; spec part 1 §4) ----------------------------------------

/**
 * Failed logins of a username within the sliding window: every failure restarts the 30 minutes
 * (HOJ's try-login-num key TTL). Counted per username, so the slide verification follows the
 * account whichever IP the guesses come from.
 */
export async function loginFailures(db: Db, username: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: loginFailure.count, last: loginFailure.lastFailureAt })
    .from(loginFailure)
    .where(eq(loginFailure.username, username));
  if (!row || row.last.getTime() <= now.getTime() - WINDOW_MS) return 0;
  return row.count;
}

/** Counts one failure and returns the new count. */
export async function recordLoginFailure(db: Db, username: string, now: Date): Promise<number> {
  const stale = sql`${loginFailure.lastFailureAt} <= ${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginFailure)
    .values({ username, count: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: loginFailure.username,
      set: { count: sql`case when ${stale} then 1 else ${loginFailure.count} + 1 end`, lastFailureAt: now },
    })
    .returning({ count: loginFailure.count });
  return row!.count;
}

/** A successful login (or a password reset) starts the count again (spec part 1 §4). */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailure).where(eq(loginFailure.username, username));
}

// ---- change-password / change-email lock (reference §7.4) ----------------------------------

export type LockedAction = 'change-password' | 'change-email';

const LOCK_MS = ACCOUNT_TIMINGS.changeLockDuration * 1000;

/** Seconds the action stays locked for this user (0 = not locked). */
export async function lockedFor(db: Db, uid: string, action: LockedAction, now: Date): Promise<number> {
  const [row] = await db
    .select({ lockedUntil: accountLock.lockedUntil })
    .from(accountLock)
    .where(and(eq(accountLock.uid, uid), eq(accountLock.action, action), gt(accountLock.lockedUntil, now)));
  return row?.lockedUntil ? Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000) : 0;
}

/**
 * Counts a wrong password or code and returns the count. HOJ counts from the first failure for 30
 * minutes; the fifth locks the action for 30 minutes and starts the count again.
 */
export async function recordActionFailure(
  db: Db,
  uid: string,
  action: LockedAction,
  now: Date,
): Promise<number> {
  const restart = or(
    lt(accountLock.firstFailureAt, new Date(now.getTime() - WINDOW_MS)),
    sql`${accountLock.lockedUntil} is not null`,
  );
  const [row] = await db
    .insert(accountLock)
    .values({ uid, action, failures: 1, firstFailureAt: now })
    .onConflictDoUpdate({
      target: [accountLock.uid, accountLock.action],
      set: {
        failures: sql`case when ${restart} then 1 else ${accountLock.failures} + 1 end`,
        firstFailureAt: sql`case when ${restart} then ${now.toISOString()}::timestamptz else ${accountLock.firstFailureAt} end`,
        lockedUntil: null,
      },
    })
    .returning({ failures: accountLock.failures });
  const failures = row!.failures;
  if (failures >= LOGIN_FAILURES.changeLockFrom) {
    await db
      .update(accountLock)
      .set({ failures: 0, lockedUntil: new Date(now.getTime() + LOCK_MS) })
      .where(and(eq(accountLock.uid, uid), eq(accountLock.action, action)));
  }
  return failures;
}

export async function clearActionFailures(db: Db, uid: string, action: LockedAction): Promise<void> {
  await db.delete(accountLock).where(and(eq(accountLock.uid, uid), eq(accountLock.action, action)));
}

// ---- cleanup (a scheduled job, src/jobs/cleanups.ts) ----------------------------------------

/**
 * Drops rows that count nothing any more: login failures of names only guessed at (a day old, far
 * past the 30-minute window), and change locks that ran out with no failure counting since.
 */
export async function pruneAccountLocks(db: Db, now: Date): Promise<void> {
  await db.delete(loginFailure).where(lt(loginFailure.lastFailureAt, new Date(now.getTime() - 86_400_000)));
  await db
    .delete(accountLock)
    .where(
      or(
        lte(accountLock.lockedUntil, now),
        and(
          isNull(accountLock.lockedUntil),
          lt(accountLock.firstFailureAt, new Date(now.getTime() - WINDOW_MS)),
        ),
      ),
    );
}
