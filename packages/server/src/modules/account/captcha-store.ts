import { randomBytes } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { captcha } from '../../db/schema/index.ts';

export type CaptchaKind = 'image' | 'slide';

/**
 * Captcha answers in the `captcha` table (reference §5 kept them in Redis under a random key), so
 * any server sharing the database can check them. A scheduled job drops expired rows
 * (`deleteExpiredCaptchas`); until then an expired row answers nothing.
 */
export async function storeCaptcha(
  db: Db,
  kind: CaptchaKind,
  answer: string,
  now: Date,
  lifetimeSeconds: number,
): Promise<string> {
  const key = randomBytes(16).toString('hex');
  await db.insert(captcha).values({
    key,
    kind,
    answer,
    expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000),
    createdAt: now,
  });
  return key;
}

/**
 * Takes the answer of a captcha out of the store: one attempt per captcha (HOJ keeps the key after
 * use, so one solved captcha could be replayed for 30 minutes). Null when unknown or expired.
 */
export async function takeCaptcha(db: Db, kind: CaptchaKind, key: string, now: Date): Promise<string | null> {
  const [row] = await db
    .delete(captcha)
    .where(and(eq(captcha.key, key), eq(captcha.kind, kind)))
    .returning({ answer: captcha.answer, expiresAt: captcha.expiresAt });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  return row.answer;
}

/** Drops captchas (and submit passes, submission/captcha-gate.ts) that have expired. */
export async function deleteExpiredCaptchas(db: Db, now: Date): Promise<void> {
  await db.delete(captcha).where(lte(captcha.expiresAt, now));
}
