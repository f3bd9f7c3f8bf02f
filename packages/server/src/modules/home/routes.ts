import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { announcementPageQuery } from '@verdict/shared';
import { commonAnnouncements } from '../admin/announcement/service.ts';
import { listLanguages, websiteConfig } from './service.ts';

const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export async function homeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/get-website-config', { config: { access: access.anon } }, async () =>
    ok(await websiteConfig(app.db)),
  );

  // reference §3.2: shown site announcements, newest first, paged (`limit=10`, `currentPage`)
  r.get(
    '/api/get-common-announcement',
    { config: { access: access.anon }, schema: { querystring: announcementPageQuery } },
    async (request) => ok(await commonAnnouncements(app.db, request.query.currentPage, request.query.limit)),
  );

  r.get(
    '/api/languages',
    {
      config: { access: access.anon },
      schema: {
        querystring: z.object({ pid: z.coerce.number().int().positive().optional(), all: booleanQuery }),
      },
    },
    async (request) =>
      ok(await listLanguages(app.db, { all: request.query.all ?? false, now: app.clock.now() })),
  );
}
