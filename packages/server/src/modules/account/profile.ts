import {
  ACCOUNT_MESSAGES,
  ACCOUNT_TIMINGS,
  type ChangeAccountVO,
  type changeEmailSchema,
  type changePasswordSchema,
  type changeUserInfoSchema,
  type UserInfoVO,
} from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { userInfo } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import type { SessionMeta } from '../../http/auth/service.ts';
import { fail } from '../../http/errors.ts';
import { changeFailed, changeLocked, localize, messages, type Lang } from '../../http/messages.ts';
import { changeEmailCodeMail } from '../../mail/templates.ts';
import { siteInfo, type AccountContext } from './context.ts';
import { assertEmailAllowed } from './email-blacklist.ts';
import { checkCode, consumeCode, sixDigitCode } from './email-codes.ts';
import { clearActionFailures, lockedFor, recordActionFailure } from './locks.ts';
import { assertNoCooldown, mailCode } from './mail-codes.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { uniqueViolation, userByEmail } from './register.ts';
import { loadUserInfo } from './user-info.ts';

export type ChangePasswordInput = z.output<typeof changePasswordSchema>;
export type ChangeEmailInput = z.output<typeof changeEmailSchema>;
export type ChangeUserInfoInput = z.output<typeof changeUserInfoSchema>;

async function storedPassword(ctx: AccountContext, uid: string): Promise<string> {
  const [row] = await ctx.db
    .select({ password: userInfo.password })
    .from(userInfo)
    .where(eq(userInfo.uuid, uid));
  if (!row) throw fail(messages.userNotFound);
  return row.password;
}

/**
 * `POST /api/change-password` (reference §7.4): ChangeAccountVO in a 200 envelope — code 403 while
 * locked, 400 for a wrong current password (the 5th within 30 minutes locks for 30 minutes), 200
 * done. Departing from HOJ (which keeps every token valid), a new password ends every login session
 * of the user; the caller's browser gets a fresh token in `Authorization` / `Refresh-Token`.
 */
export async function changePassword(
  ctx: AccountContext,
  user: AuthUser,
  input: ChangePasswordInput,
  meta: SessionMeta,
  lang: Lang,
): Promise<{ result: ChangeAccountVO; token?: string }> {
  const now = ctx.clock.now();
  const locked = await lockedFor(ctx.db, user.uid, 'change-password', now);
  if (locked > 0)
    return { result: { code: 403, msg: localize(changeLocked('password', locked), lang), userInfo: null } };
  const check = await verifyPassword(input.oldPassword, await storedPassword(ctx, user.uid));
  if (!check.valid) {
    const count = await recordActionFailure(ctx.db, user.uid, 'change-password', now);
    return { result: { code: 400, msg: localize(changeFailed('oldPassword', count), lang), userInfo: null } };
  }
  await ctx.db
    .update(userInfo)
    .set({ password: await hashPassword(input.newPassword) })
    .where(eq(userInfo.uuid, user.uid));
  await clearActionFailures(ctx.db, user.uid, 'change-password');
  await ctx.auth.closeAllSessions(user.uid);
  const token = await ctx.auth.openSession(user.uid, meta);
  return {
    result: { code: 200, msg: localize(messages.changePasswordSuccess, lang), userInfo: null },
    token,
  };
}

/** The new address must be free and not the user's own (reference §7.4). */
async function assertEmailFree(ctx: AccountContext, uid: string, email: string): Promise<void> {
  const owner = await userByEmail(ctx.db, email);
  if (owner) throw fail(owner.uid === uid ? messages.changeEmailSame : messages.changeEmailTaken);
}

/** `GET /api/get-change-email-code` (reference §7.4): a 6-digit code to the new address, resend after 30 s. */
export async function sendChangeEmailCode(ctx: AccountContext, user: AuthUser, email: string, lang: Lang) {
  if (!(await ctx.mailer.isConfigured())) throw fail(messages.mailNotConfiguredChangeEmail);
  await assertEmailAllowed(ctx.db, email, 'change-email');
  await assertNoCooldown(ctx, email, 'change-email', ACCOUNT_TIMINGS.changeEmailCodeResend);
  await assertEmailFree(ctx, user.uid, email);
  const code = sixDigitCode();
  const lifetime = ACCOUNT_TIMINGS.emailCodeLifetime;
  const expiresAt = new Date(ctx.clock.now().getTime() + lifetime * 1000);
  await mailCode(ctx, {
    email,
    to: email,
    purpose: 'change-email',
    code,
    lifetimeSeconds: lifetime,
    cooldownSeconds: ACCOUNT_TIMINGS.changeEmailCodeResend,
    lang,
    mail: changeEmailCodeMail(lang, await siteInfo(ctx.db), user.username, code, expiresAt),
  });
}

/**
 * `POST /api/change-email` (reference §7.4): ChangeAccountVO; a wrong code or password counts
 * toward the same 5-failure lock as change-password's; success fills `userInfo`.
 */
export async function changeEmail(
  ctx: AccountContext,
  user: AuthUser,
  input: ChangeEmailInput,
  lang: Lang,
): Promise<ChangeAccountVO> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const locked = await lockedFor(db, user.uid, 'change-email', now);
  if (locked > 0) return { code: 403, msg: localize(changeLocked('email', locked), lang), userInfo: null };
  await assertEmailFree(ctx, user.uid, input.newEmail);
  const code = await checkCode(db, input.newEmail, 'change-email', input.code, now);
  if (code === 'missing') throw fail(messages.changeEmailCodeMissing);
  if (code === 'wrong') {
    const count = await recordActionFailure(db, user.uid, 'change-email', now);
    return { code: 400, msg: localize(changeFailed('emailCode', count), lang), userInfo: null };
  }
  if (!(await verifyPassword(input.password, await storedPassword(ctx, user.uid))).valid) {
    const count = await recordActionFailure(db, user.uid, 'change-email', now);
    return { code: 400, msg: localize(changeFailed('emailPassword', count), lang), userInfo: null };
  }
  try {
    await db.transaction(async (tx) => {
      if (!(await consumeCode(tx, input.newEmail, 'change-email', input.code, now))) {
        throw fail(messages.changeEmailCodeMissing);
      }
      await tx.update(userInfo).set({ email: input.newEmail }).where(eq(userInfo.uuid, user.uid));
    });
  } catch (error) {
    if (uniqueViolation(error)) throw fail(messages.changeEmailTaken);
    throw error;
  }
  await clearActionFailures(db, user.uid, 'change-email');
  return {
    code: 200,
    msg: localize(messages.changeEmailSuccess, lang),
    userInfo: await loadUserInfo(db, ctx.auth, user.uid),
  };
}

const emptyToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

/**
 * `POST /api/change-userInfo` (reference §3.1, §7.4): writes cfUsername, realname, nickname,
 * signature, blog, gender, github, school and number. A field the body leaves out keeps its value
 * (HOJ would null it); '' or null clears it. Answers the updated UserInfoVO.
 *
 * Verdict also takes `mobile` here (spec part 2 §2.6 Account pane; reference §3.1 and §7.4 have no
 * mobile call, so no new path): already checked and normalised by the schema, and it must differ
 * from the current number (spec part 2 §5).
 */
export async function changeUserInfo(
  ctx: AccountContext,
  uid: string,
  input: ChangeUserInfoInput,
): Promise<UserInfoVO> {
  const changes = {
    realname: emptyToNull(input.realname),
    nickname: emptyToNull(input.nickname),
    signature: emptyToNull(input.signature),
    blog: emptyToNull(input.blog),
    github: emptyToNull(input.github),
    school: emptyToNull(input.school),
    number: emptyToNull(input.number),
    cfUsername: emptyToNull(input.cfUsername),
    gender: input.gender ?? undefined,
    mobile: input.mobile,
  };
  if (input.mobile !== undefined) {
    const [current] = await ctx.db
      .select({ mobile: userInfo.mobile })
      .from(userInfo)
      .where(eq(userInfo.uuid, uid));
    if (current?.mobile === input.mobile) throw fail(ACCOUNT_MESSAGES.mobileSame);
  }
  const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length > 0)
    await ctx.db.update(userInfo).set(defined).where(eq(userInfo.uuid, uid));
  return loadUserInfo(ctx.db, ctx.auth, uid);
}

/** `POST /api/update-cfSession` / `DELETE /api/delete-cfSession` (spec part 1 §7): the user's remote-judge session id. */
export async function setCfSession(
  ctx: AccountContext,
  uid: string,
  cfSession: string | null,
): Promise<void> {
  await ctx.db.update(userInfo).set({ cfSession }).where(eq(userInfo.uuid, uid));
}
