import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminTrainingListQuery,
  adminTrainingProblemListQuery,
  changeTrainingStatusQuery,
  SITE_SCOPE,
  deleteTrainingProblemQuery,
  tidQuery,
  trainingCategoryIdQuery,
} from '@verdict/shared';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { createTrainingCategory, deleteTrainingCategory, updateTrainingCategory } from './categories.ts';
import { adminTraining, adminTrainingList } from './list.ts';
import { trainingProblemList } from './problem-list.ts';
import { addProblemFromPublic, removeTrainingProblem, updateTrainingProblem } from './problems.ts';
import { createTraining, updateTraining } from './save.ts';
import { changeTrainingStatus, deleteTraining } from './status.ts';

/**
 * Training administration, reference §3.12 "Trainings" (`/api/admin/training/**`):
 * R(root|admin|problem_admin) unless noted; which training a caller may change is the policy's
 * 'training.manage' (its author or root). Form bodies are parsed in the services with the shared
 * schemas, so their refusals carry the form's bilingual messages.
 */
export async function adminTrainingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.adminArea };
  const problemAdmins = { access: access.problemAdmins };
  const base = '/api/admin/training';
  const now = () => app.clock.now();

  // ---- trainings ----
  r.get(
    `${base}/get-training-list`,
    { config, schema: { querystring: adminTrainingListQuery } },
    async (request) => ok(await adminTrainingList(app.db, request.query, SITE_SCOPE)),
  );
  r.get(base, { config, schema: { querystring: tidQuery } }, async (request) =>
    ok(await adminTraining(app.db, request.user!, request.query.tid)),
  );
  r.post(base, { config }, async (request) =>
    ok(await createTraining(app.db, request.user!, request.body, now())),
  );
  r.put(base, { config }, async (request) =>
    ok(await updateTraining(app.db, request.user!, request.body, now())),
  );
  // reference §3.12: only root deletes a training
  r.delete(
    base,
    { config: { access: access.anyRole('root') }, schema: { querystring: tidQuery } },
    async (request) => {
      await deleteTraining(app.db, request.query.tid);
      return ok(null);
    },
  );
  r.put(
    `${base}/change-training-status`,
    { config, schema: { querystring: changeTrainingStatusQuery } },
    async (request) => {
      await changeTrainingStatus(app.db, request.user!, request.query.tid, request.query.status!, now());
      return ok(null);
    },
  );

  // ---- training problems ----
  r.get(
    `${base}/get-problem-list`,
    { config, schema: { querystring: adminTrainingProblemListQuery } },
    async (request) => ok(await trainingProblemList(app.db, request.user!, request.query, SITE_SCOPE)),
  );
  r.post(`${base}/add-problem-from-public`, { config }, async (request) => {
    await addProblemFromPublic(app.db, request.user!, request.body, now());
    return ok(null);
  });
  r.put(`${base}/problem`, { config: problemAdmins }, async (request) => {
    await updateTrainingProblem(app.db, request.user!, request.body, now());
    return ok(null);
  });
  r.delete(
    `${base}/problem`,
    { config: problemAdmins, schema: { querystring: deleteTrainingProblemQuery } },
    async (request) => {
      await removeTrainingProblem(app.db, request.user!, request.query.pid, request.query.tid, now());
      return ok(null);
    },
  );

  // ---- categories ----
  r.post(`${base}/category`, { config: problemAdmins }, async (request) =>
    ok(await createTrainingCategory(app.db, request.body, now())),
  );
  r.put(`${base}/category`, { config: problemAdmins }, async (request) => {
    await updateTrainingCategory(app.db, request.body, now());
    return ok(null);
  });
  r.delete(
    `${base}/category`,
    { config, schema: { querystring: trainingCategoryIdQuery } },
    async (request) => {
      await deleteTrainingCategory(app.db, request.query.cid);
      return ok(null);
    },
  );
}
