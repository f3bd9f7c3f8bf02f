import {
  announcementBody,
  announcementIdQuery,
  announcementPageData,
  announcementPageQuery,
} from '@verdict/shared';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access, type Access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answers } from '../../../http/responses.ts';
import { adminAnnouncements, createAnnouncement, deleteAnnouncement, updateAnnouncement } from './service.ts';

/** reference §3.12 POST: R(root) and P(announcement_admin). */
const ROOT_ANNOUNCER: Access = { auth: 'login', roles: ['root'], permissions: ['announcement_admin'] };

/**
 * Site announcements, reference §3.12: P(announcement_admin) (root only among the seeded roles,
 * reference §2); creating also needs R(root), as HOJ annotates it.
 */
export async function adminAnnouncementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.permission('announcement_admin') };
  const base = '/api/admin/announcement';
  const done = { 200: answers(z.null()) };

  r.get(
    base,
    {
      config,
      schema: { querystring: announcementPageQuery, response: { 200: answers(announcementPageData) } },
    },
    async (request) => ok(await adminAnnouncements(app.db, request.query.currentPage, request.query.limit)),
  );
  r.post(
    base,
    {
      config: { access: ROOT_ANNOUNCER },
      schema: { body: announcementBody, response: done },
    },
    async (request) => {
      await createAnnouncement(app.db, request.user!.uid, request.body);
      return ok(null);
    },
  );
  r.put(base, { config, schema: { body: announcementBody, response: done } }, async (request) => {
    await updateAnnouncement(app.db, request.body);
    return ok(null);
  });
  r.delete(
    base,
    { config, schema: { querystring: announcementIdQuery, response: done } },
    async (request) => {
      await deleteAnnouncement(app.db, request.query.aid);
      return ok(null);
    },
  );
}
