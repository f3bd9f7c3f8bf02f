import { adminSysNoticePageData, sysNoticeBody, sysNoticeIdQuery, sysNoticePageQuery } from '@verdict/shared';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answers } from '../../../http/responses.ts';
import { createSysNotice, deleteSysNotice, listSysNotices, updateSysNotice } from './service.ts';

/** System notices, reference §3.12 `/api/admin/msg/notice` (AdminNoticeController): R(root). */
export async function adminNoticeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.anyRole('root') };
  const base = '/api/admin/msg/notice';
  const done = { 200: answers(z.null()) };

  r.get(
    base,
    {
      config,
      schema: { querystring: sysNoticePageQuery, response: { 200: answers(adminSysNoticePageData) } },
    },
    async (request) => {
      const { currentPage, limit, type } = request.query;
      return ok(await listSysNotices(app.db, { current: currentPage, size: limit, type }));
    },
  );
  r.post(base, { config, schema: { body: sysNoticeBody, response: done } }, async (request) => {
    await createSysNotice(app.db, request.user!.uid, request.body);
    return ok(null);
  });
  r.put(base, { config, schema: { body: sysNoticeBody, response: done } }, async (request) => {
    await updateSysNotice(app.db, request.body);
    return ok(null);
  });
  r.delete(base, { config, schema: { querystring: sysNoticeIdQuery, response: done } }, async (request) => {
    await deleteSysNotice(app.db, request.query.id);
    return ok(null);
  });
}
