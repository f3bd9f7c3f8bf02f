import { randomBytes } from 'node:crypto';
import {
  ADMIN_ROLES,
  LOGIN_FAILURES,
  type LoginRefusal,
  type UserInfoVO,
  type loginSchema,
} from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { userInfo } from '../../db/schema/index.ts';
import type { SessionMeta } from '../../http/auth/service.ts';
import { accessDenied, fail } from '../../http/errors.ts';
import { messages, type Message } from '../../http/messages.ts';
import type { AccountContext } from './context.ts';
import { clearLoginFailures, loginFailures, recordLoginFailure } from './locks.ts';
import { beginLoginAttempt } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { verifySlide } from './slide.ts';
import { loadUserInfo } from './user-info.ts';

export type LoginInput = z.output<typeof loginSchema>;

/**
 * A refused login whose answer tells the client whether the next attempt needs the slide
 * verification (`data: {slideRequired}` in the failure envelope).
 */
export class LoginRefused extends Error {
  constructor(
    readonly msg: Message,
    readonly data: LoginRefusal,
    /** a wrong password or an unknown name: it counts against the client address */
    readonly wrongGuess = false,
  ) {
    super(typeof msg === 'string' ? msg : msg.en);
    this.name = 'LoginRefused';
  }
}

/** A hash to check unknown usernames against, so that they take as long as wrong passwords. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * `POST /api/login` and `POST /api/admin/login` (reference §1.3, §2, §7.2). Both share the failure
 * counter of the client address (login-throttle.ts: 30 wrong guesses a minute, then HTTP 429) and
 * the one of the username:
 * - from LOGIN_FAILURES.lockoutFrom failures within 30 minutes the login is refused outright;
 * - from LOGIN_FAILURES.slideVerifyFrom it needs a solved slide challenge (spec part 1 §4);
 * - unknown user and wrong password fail alike and count; success clears the count.
 * A banned user is refused after the password check. An imported MD5 hash is replaced by scrypt.
 */
export async function login(
  ctx: AccountContext,
  input: LoginInput,
  meta: SessionMeta,
  options: { admin: boolean },
): Promise<{ token: string; userInfo: UserInfoVO }> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const attempt = await beginLoginAttempt(db, meta.ip, now);
  try {
    const signedIn = await checkedLogin(ctx, input, meta, options, now);
    await attempt.giveBack();
    return signedIn;
  } catch (error) {
    if (!(error instanceof LoginRefused && error.wrongGuess)) await attempt.giveBack();
    throw error;
  }
}

/** The login once the address's count has taken the attempt (see `login`). */
async function checkedLogin(
  ctx: AccountContext,
  input: LoginInput,
  meta: SessionMeta,
  options: { admin: boolean },
  now: Date,
): Promise<{ token: string; userInfo: UserInfoVO }> {
  const { db } = ctx;
  const failures = await loginFailures(db, input.username, now);
  if (failures >= LOGIN_FAILURES.lockoutFrom) throw fail(messages.loginLocked);
  if (failures >= LOGIN_FAILURES.slideVerifyFrom) {
    if (input.slideKey === undefined || input.slideX === undefined) {
      throw new LoginRefused(messages.slideRequired, { slideRequired: true });
    }
    if (!(await verifySlide(db, input.slideKey, input.slideX, now))) {
      throw new LoginRefused(messages.slideFailed, { slideRequired: true });
    }
  }

  const [user] = await db
    .select({ uid: userInfo.uuid, password: userInfo.password, status: userInfo.status })
    .from(userInfo)
    .where(eq(userInfo.username, input.username));
  const check = await verifyPassword(input.password, user?.password ?? (await decoy()));
  if (!user || !check.valid) {
    const count = await recordLoginFailure(db, input.username, now);
    throw new LoginRefused(
      messages.loginFailed,
      { slideRequired: count >= LOGIN_FAILURES.slideVerifyFrom },
      true,
    );
  }
  if (user.status !== 0) throw fail(messages.accountBanned);
  await clearLoginFailures(db, input.username);

  const info = await loadUserInfo(db, ctx.auth, user.uid);
  // reference §2: HTTP 200 with body status 401 for a non-admin at the admin login.
  if (options.admin && !info.roleList.some((role) => (ADMIN_ROLES as readonly string[]).includes(role))) {
    throw accessDenied(messages.notAdminAccount);
  }
  if (check.needsRehash) {
    await db
      .update(userInfo)
      .set({ password: await hashPassword(input.password) })
      .where(eq(userInfo.uuid, user.uid));
  }
  const token = await ctx.auth.openSession(user.uid, meta);
  return { token, userInfo: info };
}
