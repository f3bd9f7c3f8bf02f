import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Cross-origin access for the origins listed in CORS_ORIGINS (none by default: the web app is
 * served from the same origin). reference §1.4 echoes any Origin; Verdict allows only listed ones.
 */
export const cors = fp(async (app: FastifyInstance, opts: { origins: string[] }) => {
  if (opts.origins.length === 0) return;
  const allowed = new Set(opts.origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply
      .header('Access-Control-Allow-Origin', origin)
      .header('Vary', 'Origin')
      .header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS')
      .header(
        'Access-Control-Allow-Headers',
        request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type, Url-Type',
      );
    if (request.method === 'OPTIONS') return reply.code(200).send();
  });
});
