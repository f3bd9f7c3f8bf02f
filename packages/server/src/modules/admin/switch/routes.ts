import { switchConfigBody, switchConfigData } from '@verdict/shared';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SmtpConfig } from '../../../config.ts';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answers } from '../../../http/responses.ts';
import { Mailer } from '../../../mail/mailer.ts';
import { allSwitchInfo, updateSwitches } from './service.ts';
import { accountsFromSwitch, assertListsEven, replaceAccounts } from '../../remote-judge/accounts.ts';

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
    schema: { response: { 200: answers(switchConfigData) } },
    handler: async () => ok(await allSwitchInfo(app.db, mailer)),
  });
  r.put(
    '/api/admin/switch/update',
    { config, schema: { body: switchConfigBody, response: { 200: answers(z.null()) } } },
    async (request) => {
      // reference §7.14: the remote-judge account lists live in the account pool; switches and
      // accounts are written in one transaction, so a refused account list leaves the switches too
      const accounts = accountsFromSwitch(request.body);
      assertListsEven(accounts);
      await app.db.transaction(async (tx) => {
        await updateSwitches(tx, request.body);
        await replaceAccounts(tx, accounts);
      });
      return ok(null);
    },
  );
}
