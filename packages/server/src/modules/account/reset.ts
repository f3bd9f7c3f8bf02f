import { randomBytes } from 'node:crypto';
import { ACCOUNT_TIMINGS, type applyResetPasswordSchema, type resetPasswordSchema } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { userInfo } from '../../db/schema/index.ts';
import { fail } from '../../http/errors.ts';
import { messages, type Lang } from '../../http/messages.ts';
import { resetPasswordLink, resetPasswordMail } from '../../mail/templates.ts';
import { checkCaptcha } from './captcha.ts';
import { siteInfo, type AccountContext } from './context.ts';
import { checkCode, consumeCode } from './email-codes.ts';
import { clearLoginFailures } from './locks.ts';
import { assertNoCooldown, mailCode } from './mail-codes.ts';
import { hashPassword } from './password.ts';
import { userByEmail } from './register.ts';

export type ApplyResetInput = z.output<typeof applyResetPasswordSchema>;
export type ResetInput = z.output<typeof resetPasswordSchema>;

/**
 * `POST /api/apply-reset-password` (reference §7.3): mail system configured, resend cooldown 90 s
 * per address, the image captcha (used up by this attempt), an address that belongs to a user.
 * Mails `<baseUrl>/reset-password?username=…&code=…` with a 21-character code valid 10 minutes.
 */
export async function applyResetPassword(
  ctx: AccountContext,
  input: ApplyResetInput,
  lang: Lang,
): Promise<void> {
  if (!(await ctx.mailer.isConfigured())) throw fail(messages.mailNotConfiguredReset);
  await assertNoCooldown(ctx, input.email, 'reset-password', ACCOUNT_TIMINGS.resetMailResend);
  const captcha = await checkCaptcha(ctx.db, input.captchaKey, input.captcha, ctx.clock.now());
  if (captcha === 'expired') throw fail(messages.captchaExpired);
  if (captcha === 'wrong') throw fail(messages.captchaWrong);
  const user = await userByEmail(ctx.db, input.email);
  if (!user?.email) throw fail(messages.resetEmailUnknown);

  const code = randomBytes(16).toString('hex').slice(0, 21);
  const lifetime = ACCOUNT_TIMINGS.emailCodeLifetime;
  const expiresAt = new Date(ctx.clock.now().getTime() + lifetime * 1000);
  const site = await siteInfo(ctx.db);
  await mailCode(ctx, {
    email: user.email,
    to: user.email,
    purpose: 'reset-password',
    code,
    lifetimeSeconds: lifetime,
    cooldownSeconds: ACCOUNT_TIMINGS.resetMailResend,
    lang,
    mail: resetPasswordMail(
      lang,
      site,
      user.username,
      resetPasswordLink(site.baseUrl, user.username, code),
      expiresAt,
    ),
  });
}

/**
 * `POST /api/reset-password` (reference §7.3): the link's code must match (5 wrong guesses drop it);
 * the new password is stored and the code deleted. Departing from HOJ, every login session of the
 * user ends too: whoever knew the old password is signed out. The failed-login count starts again.
 */
export async function resetPassword(ctx: AccountContext, input: ResetInput): Promise<void> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const [user] = await db
    .select({ uid: userInfo.uuid, email: userInfo.email })
    .from(userInfo)
    .where(eq(userInfo.username, input.username));
  if (!user?.email) throw fail(messages.resetLinkMissing);
  const check = await checkCode(db, user.email, 'reset-password', input.code, now);
  if (check === 'missing') throw fail(messages.resetLinkMissing);
  if (check === 'wrong') throw fail(messages.resetCodeWrong);

  const password = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await consumeCode(tx, user.email!, 'reset-password', input.code, now)))
      throw fail(messages.resetLinkMissing);
    await tx.update(userInfo).set({ password }).where(eq(userInfo.uuid, user.uid));
  });
  await ctx.auth.closeAllSessions(user.uid);
  await clearLoginFailures(db, input.username);
}
