import { randomUUID } from 'node:crypto';
import { ACCOUNT_TIMINGS, isEmailAddress, ROLES, type registerSchema } from '@verdict/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { userInfo, userRecord, userRole } from '../../db/schema/index.ts';
import { accessDenied, fail } from '../../http/errors.ts';
import { messages, type Lang } from '../../http/messages.ts';
import { registerCodeMail } from '../../mail/templates.ts';
import { registrationOpen, siteInfo, type AccountContext } from './context.ts';
import { assertEmailAllowed } from './email-blacklist.ts';
import { checkCode, consumeCode, sixDigitCode } from './email-codes.ts';
import { assertNoCooldown, mailCode } from './mail-codes.ts';
import { hashPassword } from './password.ts';

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

/**
 * `GET /api/get-register-code` (reference §7.1): register switch and mail system (body status 401
 * when off, as HOJ), blacklisted domains (body status 403), resend cooldown 60 s, unused address; a 6-digit code mailed in the request's
 * language. Answers the code's real lifetime (reference §13.19: HOJ says 300 while keeping it 600 s).
 */
export async function sendRegisterCode(ctx: AccountContext, email: string, lang: Lang) {
  if (!(await registrationOpen(ctx.db))) throw accessDenied(messages.registerClosed);
  if (!(await ctx.mailer.isConfigured())) throw accessDenied(messages.mailNotConfiguredRegister);
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
 */
export async function register(ctx: AccountContext, input: RegisterInput): Promise<void> {
  const { db } = ctx;
  if (!(await registrationOpen(db))) throw accessDenied(messages.registerClosed);
  const now = ctx.clock.now();
  const check = await checkCode(db, input.email, 'register', input.code, now);
  if (check === 'missing') throw fail(messages.registerCodeMissing);
  if (check === 'wrong') throw fail(messages.registerCodeWrong);
  if (await usernameExists(db, input.username)) throw fail(messages.usernameTaken);
  if (await userByEmail(db, input.email)) throw fail(messages.emailRegistered);

  const password = await hashPassword(input.password);
  const uid = randomUUID().replaceAll('-', '');
  try {
    await db.transaction(async (tx) => {
      if (!(await consumeCode(tx, input.email, 'register', input.code, now)))
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
