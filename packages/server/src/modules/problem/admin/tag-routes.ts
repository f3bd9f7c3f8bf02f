import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTagBody,
  classificationBody,
  classificationIdQuery,
  ojQuery,
  tagIdQuery,
  tagClassificationVO,
  tagClassificationsData,
  tagVO,
} from '@verdict/shared';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answers } from '../../../http/responses.ts';
import {
  createClassification,
  createTag,
  deleteClassification,
  deleteTag,
  listClassifications,
  updateClassification,
  updateTag,
} from './tags.ts';

/** Admin tags and classifications: reference §3.12 (`/api/admin/tag`, R(root|problem_admin)). */
export async function adminTagRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.problemAdmins };
  const base = '/api/admin/tag';

  r.post(
    base,
    { config, schema: { body: adminTagBody, response: { 200: answers(tagVO) } } },
    async (request) => ok(await createTag(app.db, request.body)),
  );
  r.put(
    base,
    { config, schema: { body: adminTagBody, response: { 200: answers(z.null()) } } },
    async (request) => {
      await updateTag(app.db, request.body);
      return ok(null);
    },
  );
  r.delete(
    base,
    { config, schema: { querystring: tagIdQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      await deleteTag(app.db, request.query.tid);
      return ok(null);
    },
  );

  const classification = `${base}/classification`;
  r.get(
    classification,
    { config, schema: { querystring: ojQuery, response: { 200: answers(tagClassificationsData) } } },
    async (request) => ok(await listClassifications(app.db, request.query.oj)),
  );
  r.post(
    classification,
    { config, schema: { body: classificationBody, response: { 200: answers(tagClassificationVO) } } },
    async (request) => ok(await createClassification(app.db, request.body)),
  );
  r.put(
    classification,
    { config, schema: { body: classificationBody, response: { 200: answers(z.null()) } } },
    async (request) => {
      await updateClassification(app.db, request.body);
      return ok(null);
    },
  );
  r.delete(
    classification,
    { config, schema: { querystring: classificationIdQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      await deleteClassification(app.db, request.query.tcid);
      return ok(null);
    },
  );
}
