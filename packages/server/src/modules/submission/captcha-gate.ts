import { and, count, eq, gt } from 'drizzle-orm';
import type { SubmitCaptchaChallenge, SubmitJudgeBody } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { captcha, judge } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import { messages, problemMessages, type Message } from '../../http/messages.ts';
import { checkCaptcha, type CaptchaCheck } from '../account/captcha.ts';
import type { JudgeSwitches } from './switches.ts';

/**
 * spec part 1 §3 "optional captcha (shown when captchaRequired is set)" and §8 "Too-fast operation".
 * HOJ had only the fixed interval; Verdict also asks a user who keeps submitting quickly — the
 * `submitCaptchaThreshold`-th non-contest submission within `submitCaptchaWindow` seconds and on —
 * to answer the image captcha of `GET /api/captcha`. A right answer lets that submission through and
 * starts the count again from it; a wrong or expired one is refused, and every refusal carries
 * `{captchaRequired: true}` so the client shows a fresh captcha.
 *
 * The moment of the last right answer is kept per user in the captcha store (kind 'submit-pass'),
 * which every server sharing the database reads; the 'expired-captchas' job (jobs/cleanups.ts) removes it once it expires.
 */

const PASS_KIND = 'submit-pass';
const passKey = (uid: string) => `${PASS_KIND}:${uid}`;

const CHALLENGE: SubmitCaptchaChallenge = { captchaRequired: true };

function challenge(msg: Message) {
  return new ApiError(403, msg, 200, CHALLENGE);
}

const REFUSAL: Record<CaptchaCheck | 'missing', Message | null> = {
  ok: null,
  missing: problemMessages.submitNeedsCaptcha,
  wrong: messages.captchaWrong,
  expired: messages.captchaExpired,
};

/**
 * Checks the captcha a submit carries, using it up whether or not it is needed (each captcha
 * answers once). Call it outside the submitting transaction: a refusal rolls that back, and a wrong
 * answer must stay used up, or one captcha could be guessed at until it fits.
 */
export async function answerOf(db: Db, body: SubmitJudgeBody, now: Date): Promise<CaptchaCheck | 'missing'> {
  if (!body.captcha?.trim() || !body.captchaKey) return 'missing';
  return checkCaptcha(db, body.captchaKey, body.captcha, now);
}

/**
 * The gate itself. Call it inside the transaction that inserts the submission, after `lockUser`, so
 * that simultaneous submits of one user are counted one after another.
 */
export async function passCaptchaGate(
  tx: Db,
  switches: Pick<JudgeSwitches, 'submitCaptchaThreshold' | 'submitCaptchaWindow'>,
  uid: string,
  answer: CaptchaCheck | 'missing',
  now: Date,
): Promise<void> {
  const threshold = switches.submitCaptchaThreshold;
  if (threshold <= 0) return;
  const windowMs = switches.submitCaptchaWindow * 1000;
  const since = new Date(Math.max(now.getTime() - windowMs, (await lastPass(tx, uid, now)) ?? 0));
  const [recent] = await tx
    .select({ n: count() })
    .from(judge)
    .where(and(eq(judge.uid, uid), eq(judge.cid, 0), gt(judge.submitTime, since)));
  if ((recent?.n ?? 0) < threshold) return;
  const refusal = REFUSAL[answer];
  if (refusal) throw challenge(refusal);
  await recordPass(tx, uid, now, windowMs);
}

async function lastPass(tx: Db, uid: string, now: Date): Promise<number | null> {
  const [row] = await tx
    .select({ answer: captcha.answer })
    .from(captcha)
    .where(and(eq(captcha.key, passKey(uid)), eq(captcha.kind, PASS_KIND), gt(captcha.expiresAt, now)));
  return row ? Number(row.answer) : null;
}

/** Past the window the pass no longer matters: older submissions are not counted anyway. */
async function recordPass(tx: Db, uid: string, now: Date, windowMs: number) {
  const values = {
    answer: String(now.getTime()),
    expiresAt: new Date(now.getTime() + windowMs),
    createdAt: now,
  };
  await tx
    .insert(captcha)
    .values({ key: passKey(uid), kind: PASS_KIND, ...values })
    .onConflictDoUpdate({ target: captcha.key, set: values });
}
