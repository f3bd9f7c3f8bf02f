import type { FastifyInstance, FastifyRequest } from 'fastify';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { ApiError, unauthenticated } from '../../http/errors.ts';
import { samePassword } from '../contest/register.ts';
import type { Metrics } from './metrics.ts';
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
  opts: { metrics: Metrics | null; metricsToken?: string },
) {
  const config = { access: access.service };

  // liveness: the process answers; it touches nothing else
  app.get('/api/health', { config }, async () => ok({ status: 'up' }));

  app.get('/api/ready', { config }, async (_request, reply) => {
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
  app.get('/metrics', { config, preHandler: checkToken }, async (_request, reply) => {
    const text = await opts.metrics!.text();
    return reply.type(opts.metrics!.contentType).send(text);
  });
}
