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
  availabilityData,
  captchaData,
  changeAccountData,
  registerCodeData,
  slideChallengeData,
  userAuthInfoData,
  userInfoVO,
} from '@verdict/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SmtpConfig } from '../../config.ts';
import { access } from '../../http/auth/access.ts';
import type { SessionMeta } from '../../http/auth/service.ts';
import { ok, type Envelope } from '../../http/envelope.ts';
import { ApiError, fail } from '../../http/errors.ts';
import { localize, messages, requestLanguage } from '../../http/messages.ts';
import { RATE_LIMITS } from '../../http/rate-limit.ts';
import { answers, answersFile } from '../../http/responses.ts';
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const userInfoAnswer = { response: { 200: answers(userInfoVO) } };
  const nullAnswer = { response: { 200: answers(z.null()) } };

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
  r.post('/api/login', { config: { access: access.anon }, schema: userInfoAnswer }, (request, reply) =>
    signIn(request, reply, false),
  );

  // reference §2: only root, admin and problem_admin; shares the failure counters with /api/login.
  r.post('/api/admin/login', { config: { access: access.anon }, schema: userInfoAnswer }, (request, reply) =>
    signIn(request, reply, true),
  );

  // reference §1.3: ends the login session of the presented token.
  r.get('/api/logout', { config: { access: access.login }, schema: nullAnswer }, async (request) => {
    await app.auth.closeSession(request.user!.sessionId);
    return ok(null, messages.logoutSuccess);
  });

  r.get(
    '/api/admin/logout',
    { config: { access: access.adminArea }, schema: nullAnswer },
    async (request) => {
      await app.auth.closeSession(request.user!.sessionId);
      return ok(null, messages.logoutSuccess);
    },
  );

  // reference §3.1 `{roles, permissions}`; HOJ sends permissions null, Verdict the real list.
  r.get(
    '/api/get-user-auth-info',
    { config: { access: access.login }, schema: { response: { 200: answers(userAuthInfoData) } } },
    async (request) => ok({ roles: request.user!.roles, permissions: request.user!.permissions }),
  );

  // ---- captchas --------------------------------------------------------------------------

  r.get(
    '/api/captcha',
    {
      config: { access: access.anon, rateLimit: RATE_LIMITS.captcha },
      schema: { response: { 200: answers(captchaData) } },
    },
    async () => ok(await issueCaptcha(app.db, app.clock.now())),
  );

  // Verdict: the slide challenge the login asks for after 5 failures (spec part 1 §4; slide.ts).
  r.get(
    '/api/slide-captcha',
    {
      config: { access: access.anon, rateLimit: RATE_LIMITS.captcha },
      schema: { response: { 200: answers(slideChallengeData) } },
    },
    async () => ok(await issueSlideChallenge(app.db, app.clock.now())),
  );

  // ---- registration ----------------------------------------------------------------------

  r.get(
    '/api/get-register-code',
    {
      config: { access: access.anon, rateLimit: RATE_LIMITS.mail },
      schema: { response: { 200: answers(registerCodeData) } },
    },
    async (request) => {
      const { email } = parseInput(emailQuerySchema, request.query);
      return ok(await sendRegisterCode(ctx, email, requestLanguage(request)));
    },
  );

  r.post(
    '/api/register',
    { config: { access: access.anon, rateLimit: RATE_LIMITS.register }, schema: nullAnswer },
    async (request) => {
      await register(ctx, parseInput(registerSchema, request.body));
      return ok(null, messages.registerSuccess);
    },
  );

  r.post(
    '/api/check-username-or-email',
    {
      config: { access: access.anon, rateLimit: RATE_LIMITS.lookup },
      schema: { response: { 200: answers(availabilityData) } },
    },
    async (request) =>
      ok(await checkUsernameOrEmail(app.db, parseInput(checkUsernameOrEmailSchema, request.body))),
  );

  // ---- password reset --------------------------------------------------------------------

  r.post(
    '/api/apply-reset-password',
    { config: { access: access.anon, rateLimit: RATE_LIMITS.mail }, schema: nullAnswer },
    async (request) => {
      await applyResetPassword(
        ctx,
        parseInput(applyResetPasswordSchema, request.body),
        requestLanguage(request),
      );
      return ok(null, messages.resetPasswordMailSent);
    },
  );

  r.post(
    '/api/reset-password',
    { config: { access: access.anon, rateLimit: RATE_LIMITS.lookup }, schema: nullAnswer },
    async (request) => {
      await resetPassword(ctx, parseInput(resetPasswordSchema, request.body));
      return ok(null, messages.resetPasswordSuccess);
    },
  );

  // ---- account settings (spec part 2 §2.6) -----------------------------------------------

  r.post(
    '/api/change-password',
    { config: { access: access.login }, schema: { response: { 200: answers(changeAccountData) } } },
    async (request, reply) => {
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
    },
  );

  r.get(
    '/api/get-change-email-code',
    { config: { access: access.login, rateLimit: RATE_LIMITS.mail }, schema: nullAnswer },
    async (request) => {
      const { email } = parseInput(emailQuerySchema, request.query);
      await sendChangeEmailCode(ctx, request.user!, email, requestLanguage(request));
      return ok(null, messages.changeEmailCodeSent);
    },
  );

  r.post(
    '/api/change-email',
    { config: { access: access.login }, schema: { response: { 200: answers(changeAccountData) } } },
    async (request) =>
      ok(
        await changeEmail(
          ctx,
          request.user!,
          parseInput(changeEmailSchema, request.body),
          requestLanguage(request),
        ),
      ),
  );

  r.post(
    '/api/change-userInfo',
    { config: { access: access.login }, schema: userInfoAnswer },
    async (request) =>
      ok(
        await changeUserInfo(ctx, request.user!.uid, parseInput(changeUserInfoSchema, request.body)),
        messages.userInfoUpdated,
      ),
  );

  r.post(
    '/api/update-cfSession',
    { config: { access: access.login }, schema: nullAnswer },
    async (request) => {
      const { cfSession } = parseInput(cfSessionSchema, request.body);
      await setCfSession(ctx, request.user!.uid, cfSession);
      return ok(null, messages.cfSessionUpdated);
    },
  );

  r.delete(
    '/api/delete-cfSession',
    { config: { access: access.login }, schema: nullAnswer },
    async (request) => {
      await setCfSession(ctx, request.user!.uid, null);
      return ok(null, messages.cfSessionDeleted);
    },
  );

  // ---- avatar (reference §3.11) ----------------------------------------------------------

  r.post(
    '/api/file/upload-avatar',
    { config: { access: access.login }, schema: userInfoAnswer },
    async (request) => {
      if (!request.isMultipart()) throw fail(messages.avatarMissing);
      const part = await request.file();
      if (!part || part.fieldname !== 'image') throw fail(messages.avatarMissing);
      const bytes = await readWholeFile(part, AVATAR.maxBytes, messages.avatarTooLarge);
      if (bytes.length === 0) throw fail(messages.avatarMissing);
      return ok(await saveAvatar(ctx, request.user!.uid, bytes));
    },
  );

  // reference §3.11: uploaded images are public; names are random and never reused, so they cache forever.
  r.get<{ Params: { name: string } }>(
    '/api/public/img/:name',
    { config: { access: access.anon }, schema: { response: { 200: answersFile('image/*') } } },
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
