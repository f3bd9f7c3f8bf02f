import multipart from '@fastify/multipart';
import {
  AVATAR,
  applyResetPasswordSchema,
  cfSessionSchema,
  changeEmailSchema,
  changePasswordSchema,
  changeUserInfoSchema,
  checkUsernameOrEmailSchema,
  emailQuerySchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  type LoginRefusal,
} from '@verdict/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SmtpConfig } from '../../config.ts';
import { access } from '../../http/auth/access.ts';
import type { SessionMeta } from '../../http/auth/service.ts';
import { ok, type Envelope } from '../../http/envelope.ts';
import { ApiError, fail } from '../../http/errors.ts';
import { localize, messages, requestLanguage } from '../../http/messages.ts';
import { RATE_LIMITS } from '../../http/rate-limit.ts';
import { readWholeFile } from '../../http/uploads.ts';
import { Mailer } from '../../mail/mailer.ts';
import { openPublicImage, saveAvatar } from './avatar.ts';
import { issueCaptcha } from './captcha.ts';
import type { AccountContext } from './context.ts';
import { LoginThrottled } from './login-throttle.ts';
import { login, LoginRefused } from './login.ts';
import { changeEmail, changePassword, changeUserInfo, sendChangeEmailCode, setCfSession } from './profile.ts';
import { checkUsernameOrEmail, register, sendRegisterCode } from './register.ts';
import { applyResetPassword, resetPassword } from './reset.ts';
import { issueSlideChallenge } from './slide.ts';
import { parseInput } from './validation.ts';

export interface AccountRoutesOptions {
  /** DATA_DIR: avatars are stored under DATA_DIR/files/avatar */
  dataDir: string;
  /** SMTP_* from the environment, used while the admin e-mail configuration names no server */
  smtp?: SmtpConfig;
}

const sessionMeta = (request: FastifyRequest): SessionMeta => ({
  userAgent: request.headers['user-agent'] ?? '',
  ip: request.ip,
});

/** Accounts: reference §3.1 (paths, parameters and shapes), §3.11 upload-avatar, §3.12 admin login. */
export async function accountRoutes(app: FastifyInstance, opts: AccountRoutesOptions) {
  const ctx: AccountContext = {
    db: app.db,
    clock: app.clock,
    auth: app.auth,
    mailer: new Mailer(app.db, opts.smtp),
    log: app.log,
    dataDir: opts.dataDir,
  };
  // Multipart for the avatar only: registered in this plugin's scope, so other modules choose their own limits.
  await app.register(multipart, { limits: { fileSize: AVATAR.maxBytes, files: 1, fields: 10, parts: 20 } });

  // ---- login and sessions ------------------------------------------------------------------

  /** A refused login answers `{status: 400, msg, data: {slideRequired}}` (see login.ts). */
  async function signIn(request: FastifyRequest, reply: FastifyReply, admin: boolean) {
    const input = parseInput(loginSchema, request.body);
    try {
      const { token, userInfo } = await login(ctx, input, sessionMeta(request), { admin });
      // reference §1.3: the token travels in the Authorization response header.
      reply.header('Authorization', token);
      return ok(userInfo);
    } catch (error) {
      if (error instanceof LoginThrottled) reply.header('Retry-After', String(error.retryAfter));
      if (!(error instanceof LoginRefused)) throw error;
      const body: Envelope<LoginRefusal> = {
        status: 400,
        msg: localize(error.msg, requestLanguage(request)),
        data: error.data,
      };
      return reply.send(body);
    }
  }

  // No per-call limit: the login counts its address's failures itself (login-throttle.ts).
  app.post('/api/login', { config: { access: access.anon } }, (request, reply) =>
    signIn(request, reply, false),
  );

  // reference §2: only root, admin and problem_admin; shares the failure counters with /api/login.
  app.post('/api/admin/login', { config: { access: access.anon } }, (request, reply) =>
    signIn(request, reply, true),
  );

  // reference §1.3: ends the login session of the presented token.
  app.get('/api/logout', { config: { access: access.login } }, async (request) => {
    await app.auth.closeSession(request.user!.sessionId);
    return ok(null, messages.logoutSuccess);
  });

  app.get('/api/admin/logout', { config: { access: access.adminArea } }, async (request) => {
    await app.auth.closeSession(request.user!.sessionId);
    return ok(null, messages.logoutSuccess);
  });

  // reference §3.1 `{roles, permissions}`; HOJ sends permissions null, Verdict the real list.
  app.get('/api/get-user-auth-info', { config: { access: access.login } }, async (request) =>
    ok({ roles: request.user!.roles, permissions: request.user!.permissions }),
  );

  // ---- captchas --------------------------------------------------------------------------

  app.get('/api/captcha', { config: { access: access.anon, rateLimit: RATE_LIMITS.captcha } }, async () =>
    ok(await issueCaptcha(app.db, app.clock.now())),
  );

  // Verdict: the slide challenge the login asks for after 5 failures (spec part 1 §4; slide.ts).
  app.get(
    '/api/slide-captcha',
    { config: { access: access.anon, rateLimit: RATE_LIMITS.captcha } },
    async () => ok(await issueSlideChallenge(app.db, app.clock.now())),
  );

  // ---- registration ----------------------------------------------------------------------

  app.get(
    '/api/get-register-code',
    { config: { access: access.anon, rateLimit: RATE_LIMITS.mail } },
    async (request) => {
      const { email } = parseInput(emailQuerySchema, request.query);
      return ok(await sendRegisterCode(ctx, email, requestLanguage(request)));
    },
  );

  app.post(
    '/api/register',
    { config: { access: access.anon, rateLimit: RATE_LIMITS.register } },
    async (request) => {
      await register(ctx, parseInput(registerSchema, request.body));
      return ok(null, messages.registerSuccess);
    },
  );

  app.post(
    '/api/check-username-or-email',
    { config: { access: access.anon, rateLimit: RATE_LIMITS.lookup } },
    async (request) =>
      ok(await checkUsernameOrEmail(app.db, parseInput(checkUsernameOrEmailSchema, request.body))),
  );

  // ---- password reset --------------------------------------------------------------------

  app.post(
    '/api/apply-reset-password',
    { config: { access: access.anon, rateLimit: RATE_LIMITS.mail } },
    async (request) => {
      await applyResetPassword(
        ctx,
        parseInput(applyResetPasswordSchema, request.body),
        requestLanguage(request),
      );
      return ok(null, messages.resetPasswordMailSent);
    },
  );

  app.post(
    '/api/reset-password',
    { config: { access: access.anon, rateLimit: RATE_LIMITS.lookup } },
    async (request) => {
      await resetPassword(ctx, parseInput(resetPasswordSchema, request.body));
      return ok(null, messages.resetPasswordSuccess);
    },
  );

  // ---- account settings (spec part 2 §2.6) -----------------------------------------------

  app.post('/api/change-password', { config: { access: access.login } }, async (request, reply) => {
    const input = parseInput(changePasswordSchema, request.body);
    const { result, token } = await changePassword(
      ctx,
      request.user!,
      input,
      sessionMeta(request),
      requestLanguage(request),
    );
    // The old tokens are revoked; this browser carries on with a new one (reference §1.3 refresh headers).
    if (token) reply.header('Authorization', token).header('Refresh-Token', 'true');
    return ok(result);
  });

  app.get(
    '/api/get-change-email-code',
    { config: { access: access.login, rateLimit: RATE_LIMITS.mail } },
    async (request) => {
      const { email } = parseInput(emailQuerySchema, request.query);
      await sendChangeEmailCode(ctx, request.user!, email, requestLanguage(request));
      return ok(null, messages.changeEmailCodeSent);
    },
  );

  app.post('/api/change-email', { config: { access: access.login } }, async (request) =>
    ok(
      await changeEmail(
        ctx,
        request.user!,
        parseInput(changeEmailSchema, request.body),
        requestLanguage(request),
      ),
    ),
  );

  app.post('/api/change-userInfo', { config: { access: access.login } }, async (request) =>
    ok(
      await changeUserInfo(ctx, request.user!.uid, parseInput(changeUserInfoSchema, request.body)),
      messages.userInfoUpdated,
    ),
  );

  app.post('/api/update-cfSession', { config: { access: access.login } }, async (request) => {
    const { cfSession } = parseInput(cfSessionSchema, request.body);
    await setCfSession(ctx, request.user!.uid, cfSession);
    return ok(null, messages.cfSessionUpdated);
  });

  app.delete('/api/delete-cfSession', { config: { access: access.login } }, async (request) => {
    await setCfSession(ctx, request.user!.uid, null);
    return ok(null, messages.cfSessionDeleted);
  });

  // ---- avatar (reference §3.11) ----------------------------------------------------------

  app.post('/api/file/upload-avatar', { config: { access: access.login } }, async (request) => {
    if (!request.isMultipart()) throw fail(messages.avatarMissing);
    const part = await request.file();
    if (!part || part.fieldname !== 'image') throw fail(messages.avatarMissing);
    const bytes = await readWholeFile(part, AVATAR.maxBytes, messages.avatarTooLarge);
    if (bytes.length === 0) throw fail(messages.avatarMissing);
    return ok(await saveAvatar(ctx, request.user!.uid, bytes));
  });

  // reference §3.11: uploaded images are public; names are random and never reused, so they cache forever.
  app.get<{ Params: { name: string } }>(
    '/api/public/img/:name',
    { config: { access: access.anon } },
    async (request, reply) => {
      const image = await openPublicImage(opts.dataDir, request.params.name);
      if (!image) throw new ApiError(404, messages.notFound, 404);
      return reply
        .type(image.contentType)
        .header('Content-Length', image.size)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(image.stream());
    },
  );
}
