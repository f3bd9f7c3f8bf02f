import { switchConfigBody } from '@verdict/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SmtpConfig } from '../../../config.ts';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { Mailer } from '../../../mail/mailer.ts';
import { allSwitchInfo, updateSwitches } from './service.ts';

/** Site switches, reference §3.12 `/api/admin/switch/*`: P(system_info_admin), root only by default. */
export async function adminSwitchRoutes(app: FastifyInstance, opts: { smtp?: SmtpConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.systemInfo };
  const mailer = new Mailer(app.db, opts.smtp);

  // HOJ maps `info` to every method; GET and POST are the ones its clients use.
  r.route({
    method: ['GET', 'POST'],
    url: '/api/admin/switch/info',
    config,
    handler: async () => ok(await allSwitchInfo(app.db, mailer)),
  });
  r.put('/api/admin/switch/update', { config, schema: { body: switchConfigBody } }, async (request) => {
    await updateSwitches(app.db, request.body);
    return ok(null);
  });
}
