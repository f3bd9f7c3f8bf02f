import {
  carouselOrderBody,
  positiveId,
  EMAIL_CONFIG_MESSAGES,
  emailConfigBody,
  isEmailConfigMessageKey,
  isWebConfigMessageKey,
  testEmailBody,
  WEB_CONFIG_MESSAGES,
  webConfigBody,
} from '@verdict/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SmtpConfig } from '../../../config.ts';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { fail } from '../../../http/errors.ts';
import { requestLanguage } from '../../../http/messages.ts';
import { RATE_LIMITS } from '../../../http/rate-limit.ts';
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
  const config = { access: access.systemInfo };
  const mailer = new Mailer(app.db, opts.smtp);
  const base = '/api/admin/config';

  // HOJ maps the two getters to every method; GET and POST are the ones its clients use.
  app.route({
    method: ['GET', 'POST'],
    url: `${base}/get-web-config`,
    config,
    handler: async () => ok(await getWebConfig(app.db)),
  });

  app.put(`${base}/set-web-config`, { config }, async (request) => {
    await setWebConfig(app.db, parseConfig(webConfigBody, request.body));
    return ok(null);
  });

  app.route({
    method: ['GET', 'POST'],
    url: `${base}/get-email-config`,
    config,
    handler: async () => ok(await getEmailConfig(app.db)),
  });

  app.put(`${base}/set-email-config`, { config }, async (request) => {
    await setEmailConfig(app.db, parseConfig(emailConfigBody, request.body));
    return ok(null);
  });

  // Verdict (issue 10): the database in use, instead of HOJ's DB and Redis settings
  app.get(`${base}/get-db-info`, { config }, async () => ok(await dbInfo(app.db)));

  // reference §3.12 (issue 24 item 4): HOJ's DB and Redis card, with what Verdict has; any method in
  // HOJ, GET being what its client sends
  app.route({
    method: ['GET', 'POST'],
    url: `${base}/get-db-and-redis-config`,
    config,
    handler: async () => ok(await dbAndRedisConfig(app.db)),
  });

  app.post(`${base}/test-email`, { config: { ...config, rateLimit: RATE_LIMITS.mail } }, async (request) => {
    const { email } = parseConfig(testEmailBody, request.body);
    const lang = requestLanguage(request);
    const sent = await sendTestEmail({ db: app.db, mailer, clock: app.clock, log: app.log }, email, lang);
    return ok(null, sent);
  });

  // reference §3.12: a home carousel image, by `id` (the upload is /api/file/upload-carouse-img)
  app.delete(`${base}/home-carousel`, { config }, async (request) => {
    const { id } = parseConfig(carouselIdQuery, request.query);
    await deleteCarouselImage(app.db, opts.dataDir, id);
    return ok(null);
  });

  // Verdict (issue 10): the carousel's order, every image id in the new order
  app.put(`${base}/home-carousel-order`, { config }, async (request) => {
    await reorderCarousel(app.db, parseConfig(carouselOrderBody, request.body).ids);
    return ok(null);
  });
}

const carouselIdQuery = z.object({ id: positiveId });
