import {
  carouselOrderBody,
  dbAndRedisConfigVO,
  dbInfoData,
  emailConfigVO,
  positiveId,
  EMAIL_CONFIG_MESSAGES,
  emailConfigBody,
  isEmailConfigMessageKey,
  isWebConfigMessageKey,
  testEmailBody,
  WEB_CONFIG_MESSAGES,
  webConfigBody,
  webConfigVO,
} from '@verdict/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SmtpConfig } from '../../../config.ts';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { fail } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/messages.ts';
import { RATE_LIMITS } from '../../../http/rate-limit.ts';
import { answers } from '../../../http/responses.ts';
import { Mailer } from '../../../mail/mailer.ts';
import { issueMessage } from '../../account/validation.ts';
import { deleteCarouselImage, reorderCarousel } from '../../file/carousel.ts';
import { dbAndRedisConfig, dbInfo } from './db-info.ts';
import { getEmailConfig, sendTestEmail, setEmailConfig } from './email.ts';
import { getWebConfig, setWebConfig } from './web.ts';

/**
 * Parses a body with a shared schema; a refusal is a business failure (HTTP 200, body status 400)
 * whose message names the field, in the request's language.
 */
function parseConfig<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (isEmailConfigMessageKey(issue.message)) throw fail(EMAIL_CONFIG_MESSAGES[issue.message]);
  if (isWebConfigMessageKey(issue.message)) throw fail(WEB_CONFIG_MESSAGES[issue.message]);
  throw fail(issueMessage(issue));
}

/**
 * System configuration, reference §3.12 `/api/admin/config/*`: P(system_info_admin), which only
 * root holds (reference §2), matching spec part 2 §2.7 "conf ... super admin only".
 */
export async function adminConfigRoutes(app: FastifyInstance, opts: { smtp?: SmtpConfig; dataDir: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.systemInfo };
  const done = { response: { 200: answers(z.null()) } };
  const mailer = new Mailer(app.db, opts.smtp);
  const base = '/api/admin/config';

  // HOJ maps the two getters to every method; GET and POST are the ones its clients use.
  r.route({
    method: ['GET', 'POST'],
    url: `${base}/get-web-config`,
    config,
    schema: { response: { 200: answers(webConfigVO) } },
    handler: async () => ok(await getWebConfig(app.db)),
  });

  r.put(`${base}/set-web-config`, { config, schema: done }, async (request) => {
    await setWebConfig(app.db, parseConfig(webConfigBody, request.body));
    return ok(null);
  });

  r.route({
    method: ['GET', 'POST'],
    url: `${base}/get-email-config`,
    config,
    schema: { response: { 200: answers(emailConfigVO) } },
    handler: async () => ok(await getEmailConfig(app.db)),
  });

  r.put(`${base}/set-email-config`, { config, schema: done }, async (request) => {
    await setEmailConfig(app.db, parseConfig(emailConfigBody, request.body));
    return ok(null);
  });

  // Verdict (issue 10): the database in use, instead of HOJ's DB and Redis settings
  r.get(`${base}/get-db-info`, { config, schema: { response: { 200: answers(dbInfoData) } } }, async () =>
    ok(await dbInfo(app.db)),
  );

  // reference §3.12 (issue 24 item 4): HOJ's DB and Redis card, with what Verdict has; any method in
  // HOJ, GET being what its client sends
  r.route({
    method: ['GET', 'POST'],
    url: `${base}/get-db-and-redis-config`,
    config,
    schema: { response: { 200: answers(dbAndRedisConfigVO) } },
    handler: async () => ok(await dbAndRedisConfig(app.db)),
  });

  r.post(
    `${base}/test-email`,
    { config: { ...config, rateLimit: RATE_LIMITS.mail }, schema: done },
    async (request) => {
      const { email } = parseConfig(testEmailBody, request.body);
      const lang = requestLanguage(request);
      const sent = await sendTestEmail({ db: app.db, mailer, clock: app.clock, log: app.log }, email, lang);
      return ok(null, sent);
    },
  );

  // reference §3.12: a home carousel image, by `id` (the upload is /api/file/upload-carouse-img)
  r.delete(`${base}/home-carousel`, { config, schema: done }, async (request) => {
    const { id } = parseConfig(carouselIdQuery, request.query);
    await deleteCarouselImage(app.db, opts.dataDir, id);
    return ok(null);
  });

  // Verdict (issue 10): the carousel's order, every image id in the new order
  r.put(`${base}/home-carousel-order`, { config, schema: done }, async (request) => {
    await reorderCarousel(app.db, parseConfig(carouselOrderBody, request.body).ids);
    return ok(null);
  });
}

const carouselIdQuery = z.object({ id: positiveId });
