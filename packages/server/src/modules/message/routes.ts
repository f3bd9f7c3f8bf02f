import { sysMsgPageQuery } from '@verdict/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { markSystemNoticesRead, systemNoticesFor } from './system-notices.ts';

/**
 * reference §3.9 the message centre's two system lists (login): a page of notices, newest first,
 * whose items are then marked read; the page shows them as they were (unread ones still unread),
 * as HOJ's asynchronous marking does. The other message calls come with the message centre.
 */
export async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of ['Sys', 'Mine'] as const) {
    r.get(
      `/api/msg/${kind.toLowerCase()}`,
      { config: { access: access.login }, schema: { querystring: sysMsgPageQuery } },
      async (request) => {
        const uid = request.user!.uid;
        const { currentPage, limit } = request.query;
        const notices = await systemNoticesFor(app.db, uid, { current: currentPage, size: limit, kind });
        const unread = notices.records.filter((n) => !n.state).map((n) => n.id);
        await markSystemNoticesRead(app.db, uid, unread);
        return ok(notices);
      },
    );
  }
}
