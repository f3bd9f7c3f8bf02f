import { switchConfigBody } from '@verdict/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { switchInfo, updateSwitches } from './service.ts';

/** Site switches, reference §3.12 `/api/admin/switch/*`: P(system_info_admin), root only by default. */
export async function adminSwitchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.systemInfo };

  // HOJ maps `info` to every method; GET and POST are the ones its clients use.
  r.route({
    method: ['GET', 'POST'],
    url: '/api/admin/switch/info',
    config,
    handler: async () => ok(await switchInfo(app.db)),
  });
  r.put('/api/admin/switch/update', { config, schema: { body: switchConfigBody } }, async (request) => {
    await updateSwitches(app.db, request.body);
    return ok(null);
  });
}
