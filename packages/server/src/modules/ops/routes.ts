import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, healthData, readinessData } from '@verdict/shared';
import { access } from '../../http/auth/access.ts';
import type { DeclaredRoute } from '../../http/auth/plugin.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError, unauthenticated } from '../../http/errors.ts';
import { answers, answersFile } from '../../http/responses.ts';
import { samePassword } from '../contest/register.ts';
import type { Metrics } from './metrics.ts';
import { buildOpenApi, type OpenApiDocument } from './openapi.ts';
import { readiness } from './readiness.ts';

const opsMessages = {
  notReady: { zh: '服务暂未就绪', en: 'This server is not ready to serve' },
  metricsOff: {
    zh: '监控指标未开启：请设置环境变量 METRICS_TOKEN',
    en: 'Metrics are off: set the METRICS_TOKEN environment variable',
  },
  metricsToken: { zh: '监控令牌无效！', en: 'Invalid metrics token!' },
} as const;

/**
 * Operations (issue 28 "Watching it"): liveness and readiness for load balancers and process
 * managers, and Prometheus metrics behind their own token. Their HTTP status is the answer (a probe
 * reads no body), so readiness answers 503 when not ready; the body is the usual envelope.
 */
export async function opsRoutes(
  app: FastifyInstance,
  opts: {
    metrics: Metrics | null;
    metricsToken?: string;
    /** every route of the app, read once all are registered (the API document) */
    routes: () => readonly DeclaredRoute[];
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.service };

  // liveness: the process answers; it touches nothing else
  r.get('/api/health', { config, schema: { response: { 200: answers(healthData) } } }, async () =>
    ok({ status: 'up' as const }),
  );

  const readySchema = { response: { 200: answers(readinessData), 503: envelope(readinessData, 503) } };
  r.get('/api/ready', { config, schema: readySchema }, async (_request, reply) => {
    const state = await readiness(app.db);
    if (state.ready) return ok(state);
    return reply.code(503).send({ status: 503, msg: opsMessages.notReady.en, data: state });
  });

  // after the request's checks (a NUL byte is refused first, as on every route); a GET has no body to parse
  const checkToken = async (request: FastifyRequest) => {
    if (!opts.metrics || !opts.metricsToken) throw new ApiError(404, opsMessages.metricsOff, 404);
    const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!samePassword(given, opts.metricsToken)) throw unauthenticated(opsMessages.metricsToken);
  };
  const metricsSchema = { response: { 200: answersFile('text/plain; version=0.0.4') } };
  r.get('/metrics', { config, schema: metricsSchema, preHandler: checkToken }, async (_request, reply) => {
    const text = await opts.metrics!.text();
    return reply.type(opts.metrics!.contentType).send(text);
  });

  // issue 28: the API document, built once from every registered route
  let document: OpenApiDocument | undefined;
  r.get(
    '/api/openapi.json',
    { config: { access: access.anon }, schema: { response: { 200: answersFile('application/json') } } },
    async (_request, reply) =>
      reply.type('application/json').send((document ??= buildOpenApi(opts.routes()))),
  );
}
