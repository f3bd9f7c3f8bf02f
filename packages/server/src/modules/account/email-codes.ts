import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailCode } from '../../db/schema/index.ts';

/**
 * Mailed codes (reference §5's register-user / reset-password / change-email keys and their
 * *_EMAIL_LOCK throttles), one row per address and purpose. Sending again replaces the code; the
 * row's `created_at` is the last send, from which the resend cooldown counts.
 */
export type CodePurpose = 'register' | 'reset-password' | 'change-email';

/** Wrong guesses after which a code is dropped: 6 digits must not be guessable in 10 minutes. */
export const MAX_CODE_ATTEMPTS = 5;

/** Codes are keyed by the address in lower case, so "A@x.org" and "a@x.org" share one code. */
export const codeKey = (email: string) => email.trim().toLowerCase();

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Seconds until another mail may be sent for this address and purpose (0 = now). */
export async function cooldownLeft(
  db: Db,
  email: string,
  purpose: CodePurpose,
  cooldownSeconds: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ createdAt: emailCode.createdAt })
    .from(emailCode)
    .where(and(eq(emailCode.email, codeKey(email)), eq(emailCode.purpose, purpose)));
  if (!row) return 0;
  const left = row.createdAt.getTime() + cooldownSeconds * 1000 - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * Stores a new code unless the cooldown of the previous one is still running; in one statement, so
 * two concurrent requests cannot both send a mail. Returns false while the cooldown runs.
 */
export async function storeCode(
  db: Db,
  email: string,
  purpose: CodePurpose,
  code: string,
  options: { now: Date; lifetimeSeconds: number; cooldownSeconds: number },
): Promise<boolean> {
  const { now } = options;
  const expiresAt = new Date(now.getTime() + options.lifetimeSeconds * 1000);
  const cooledDown = new Date(now.getTime() - options.cooldownSeconds * 1000);
  const stored = await db
    .insert(emailCode)
    .values({ email: codeKey(email), purpose, code, expiresAt, createdAt: now, attempts: 0 })
    .onConflictDoUpdate({
      target: [emailCode.email, emailCode.purpose],
      set: { code, expiresAt, createdAt: now, attempts: 0 },
      setWhere: lte(emailCode.createdAt, cooledDown),
    })
    .returning({ email: emailCode.email });
  return stored.length > 0;
}

export type CodeCheck = 'ok' | 'missing' | 'wrong';

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Compares a code without using it up. A wrong guess is counted; after MAX_CODE_ATTEMPTS the code
 * is dropped and the user must ask for a new one.
 */
export async function checkCode(
  db: Db,
  email: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const where = and(
    eq(emailCode.email, codeKey(email)),
    eq(emailCode.purpose, purpose),
    gt(emailCode.expiresAt, now),
  );
  const [row] = await db.select({ code: emailCode.code }).from(emailCode).where(where);
  if (!row) return 'missing';
  if (sameCode(row.code, code)) return 'ok';
  const [counted] = await db
    .update(emailCode)
    .set({ attempts: sql`${emailCode.attempts} + 1` })
    .where(where)
    .returning({ attempts: emailCode.attempts });
  if (counted && counted.attempts >= MAX_CODE_ATTEMPTS) await deleteCode(db, email, purpose);
  return 'wrong';
}

/**
 * Uses a code up: deletes it if it is still there, unexpired and equal. Returns whether it did, so
 * of two concurrent requests with the same code only one proceeds. Run it in the transaction that
 * acts on the code, so that a failure later puts the code back.
 */
export async function consumeCode(
  db: Db,
  email: string,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<boolean> {
  const deleted = await db
    .delete(emailCode)
    .where(
      and(
        eq(emailCode.email, codeKey(email)),
        eq(emailCode.purpose, purpose),
        eq(emailCode.code, code),
        gt(emailCode.expiresAt, now),
      ),
    )
    .returning({ email: emailCode.email });
  return deleted.length > 0;
}

export async function deleteCode(db: Db, email: string, purpose: CodePurpose): Promise<void> {
  await db.delete(emailCode).where(and(eq(emailCode.email, codeKey(email)), eq(emailCode.purpose, purpose)));
}
