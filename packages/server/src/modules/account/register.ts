import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_TIMINGS,
  isEmailAddress,
  ROLES,
  type registerSchema,
} from '@verdict/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { userInfo, userRecord, userRole } from '../../db/schema/index.ts';
import { accessDenied, fail } from '../../http/errors.ts';
import { messages, type Lang } from '../../http/messages.ts';
import { registerCodeMail } from '../../mail/templates.ts';
import { checkCaptcha } from './captcha.ts';
import { siteInfo, type AccountContext } from './context.ts';
import { assertEmailAllowed } from './email-blacklist.ts';
import { checkCode, consumeCode, sixDigitCode } from './email-codes.ts';
import { assertNoCooldown, mailCode } from './mail-codes.ts';
import { hashPassword } from './password.ts';
import { registerMode } from './registration.ts';

export type RegisterInput = z.output<typeof registerSchema>;

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const [row] = await db.select({ uid: userInfo.uuid }).from(userInfo).where(eq(userInfo.username, username));
  return !!row;
}

/** The user of an address; addresses compare without case, so one mailbox has one account. */
export async function userByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ uid: userInfo.uuid, username: userInfo.username, email: userInfo.email })
    .from(userInfo)
    .where(sql`lower(${userInfo.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** The unique constraint a failed statement violated (PostgreSQL 23505), found through Drizzle's causes. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: unknown; constraint?: unknown; detail?: unknown };
    if (pgError.code === '23505') return String(pgError.constraint ?? pgError.detail ?? '');
  }
  return undefined;
}

/** The register mode, refusing the ones nobody can register in (body status 401, as HOJ). */
async function assertRegistrationWorks(ctx: AccountContext) {
  const mode = await registerMode(ctx.db, ctx.mailer);
  if (mode === 'closed') throw accessDenied(messages.registerClosed);
  if (mode === 'needs-mail') throw accessDenied(messages.mailNotConfiguredRegister);
  return mode;
}

/**
 * `GET /api/get-register-code` (reference §7.1): register switch and mail system (body status 401
 * when off, as HOJ), blacklisted domains (body status 403), resend cooldown 60 s, unused address; a 6-digit code mailed in the request's
 * language. Answers the code's real lifetime (reference §13.19: HOJ says 300 while keeping it 600 s).
 * A site whose registration needs no code says so (issue 24 item 7).
 */
export async function sendRegisterCode(ctx: AccountContext, email: string, lang: Lang) {
  if ((await assertRegistrationWorks(ctx)) === 'captcha') throw fail(messages.registerCodeNotNeeded);
  await assertEmailAllowed(ctx.db, email, 'register');
  await assertNoCooldown(ctx, email, 'register', ACCOUNT_TIMINGS.registerCodeResend);
  if (await userByEmail(ctx.db, email)) throw fail(messages.emailRegistered);

  const code = sixDigitCode();
  const lifetime = ACCOUNT_TIMINGS.emailCodeLifetime;
  const expiresAt = new Date(ctx.clock.now().getTime() + lifetime * 1000);
  await mailCode(ctx, {
    email,
    to: email,
    purpose: 'register',
    code,
    lifetimeSeconds: lifetime,
    cooldownSeconds: ACCOUNT_TIMINGS.registerCodeResend,
    lang,
    mail: registerCodeMail(lang, await siteInfo(ctx.db), code, expiresAt),
  });
  return { email, expire: lifetime };
}

/**
 * `POST /api/register` (reference §7.1): the code must exist and match; username and address must
 * be free. user_info, user_record and user_role (default_user) are created in one transaction that
 * also uses the code up (reference §13.16: HOJ leaves it usable), so a failure leaves nothing.
 * Changed: with registerNeedsEmailCode off the image captcha stands in for the code (issue 24
 * item 7: most school sites have no mail server); the captcha is used up by the attempt.
 */
export async function register(ctx: AccountContext, input: RegisterInput): Promise<void> {
  const { db } = ctx;
  const mode = await assertRegistrationWorks(ctx);
  const now = ctx.clock.now();
  let code: string | null = null;
  if (mode === 'email-code') {
    if (input.code === undefined) throw fail(ACCOUNT_MESSAGES.emailCodeRequired);
    const check = await checkCode(db, input.email, 'register', input.code, now);
    if (check === 'missing') throw fail(messages.registerCodeMissing);
    if (check === 'wrong') throw fail(messages.registerCodeWrong);
    code = input.code;
  } else {
    // the address gets no mail, so get-register-code's check of it comes here
    await assertEmailAllowed(db, input.email, 'register');
    if (input.captcha === undefined) throw fail(ACCOUNT_MESSAGES.captchaRequired);
    if (input.captchaKey === undefined) throw fail(ACCOUNT_MESSAGES.captchaKeyRequired);
    const captcha = await checkCaptcha(db, input.captchaKey, input.captcha, now);
    if (captcha === 'expired') throw fail(messages.captchaExpired);
    if (captcha === 'wrong') throw fail(messages.captchaWrong);
  }
  if (await usernameExists(db, input.username)) throw fail(messages.usernameTaken);
  if (await userByEmail(db, input.email)) throw fail(messages.emailRegistered);

  const password = await hashPassword(input.password);
  const uid = randomUUID().replaceAll('-', '');
  try {
    await db.transaction(async (tx) => {
      if (code !== null && !(await consumeCode(tx, input.email, 'register', code, now)))
        throw fail(messages.registerCodeMissing);
      await tx.insert(userInfo).values({ uuid: uid, username: input.username, password, email: input.email });
      await tx.insert(userRecord).values({ uid });
      await tx.insert(userRole).values({ uid, roleId: ROLES.defaultUser.id });
    });
  } catch (error) {
    // Two registrations racing for one name or address: the database keeps exactly one.
    const constraint = uniqueViolation(error);
    if (constraint?.includes('username')) throw fail(messages.usernameTaken);
    if (constraint?.includes('email')) throw fail(messages.emailRegistered);
    throw error;
  }
}

/**
 * `POST /api/check-username-or-email` (reference §3.1): true means it is taken. An invalid address
 * answers false, as HOJ does.
 */
export async function checkUsernameOrEmail(
  db: Db,
  input: { username?: string | null; email?: string | null },
) {
  const username = input.username?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  return {
    username: username !== '' && (await usernameExists(db, username)),
    email: isEmailAddress(email) && !!(await userByEmail(db, email)),
  };
}
