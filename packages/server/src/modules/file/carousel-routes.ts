import { CAROUSEL_IMAGE, carouselData, carouselImageVO } from '@verdict/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { fail } from '../../http/errors.ts';
import { answers } from '../../http/responses.ts';
import { readWholeFile } from '../../http/uploads.ts';
import { carouselMessages, listCarousel, saveCarouselImage } from './carousel.ts';

/**
 * Home carousel, public side and upload: reference §3.2 `GET /api/home-carousel` (anon) and §3.11
 * `POST /api/file/upload-carouse-img` (sic; R(root), multipart `file`). Registered inside
 * fileRoutes, whose multipart plugin this scope shares; the 5 MB limit is this call's own. The
 * admin's delete and reorder live with the other settings (admin/config/routes.ts).
 */
export async function carouselRoutes(app: FastifyInstance, opts: { dataDir: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/home-carousel',
    { config: { access: access.anon }, schema: { response: { 200: answers(carouselData) } } },
    async () => ok(await listCarousel(app.db)),
  );

  r.post(
    '/api/file/upload-carouse-img',
    { config: { access: access.anyRole('root') }, schema: { response: { 200: answers(carouselImageVO) } } },
    async (request) => {
      if (!request.isMultipart()) throw fail(carouselMessages.missing);
      const part = await request.file({ limits: { fileSize: CAROUSEL_IMAGE.maxBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') throw fail(carouselMessages.missing);
      const bytes = await readWholeFile(part, CAROUSEL_IMAGE.maxBytes, carouselMessages.tooLarge);
      if (bytes.length === 0) throw fail(carouselMessages.missing);
      return ok(await saveCarouselImage(app.db, opts.dataDir, request.user!.uid, bytes));
    },
  );
}
