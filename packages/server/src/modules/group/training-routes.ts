import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminTrainingProblemListQuery,
  changeTrainingStatusQuery,
  deleteTrainingProblemQuery,
  groupAdminTrainingListQuery,
  groupTrainingListQuery,
  groupTrainingProblemFromGroupQuery,
  tidQuery,
  adminTrainingData,
  adminTrainingListData,
  adminTrainingProblemsData,
  createdTrainingData,
  trainingListData,
  trainingProblemLink,
  updatedTrainingData,
} from '@verdict/shared';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { answers } from '../../http/responses.ts';
import {
  addProblemFromGroup,
  addProblemFromPublic,
  removeTrainingProblem,
  updateTrainingProblem,
} from '../training/admin/problems.ts';
import { changeTrainingStatus } from '../training/admin/status.ts';
import {
  createGroupTraining,
  deleteGroupTraining,
  groupAdminTrainingList,
  groupTraining,
  groupTrainingList,
  groupTrainingProblemList,
  groupTrainingScope,
  updateGroupTraining,
} from './trainings.ts';

/** A training's id in a request body (HOJ's client sends it as a number or a string). */
const bodyTid = (body: unknown) => (body as { tid?: unknown } | null)?.tid;

/** A group's trainings: reference §3.10 (`/api/group/*training*`, every call needs a login), §7.12. */
export async function groupTrainingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const login = { access: access.login };
  const now = () => app.clock.now();

  r.get(
    '/api/group/get-training-list',
    {
      config: login,
      schema: { querystring: groupTrainingListQuery, response: { 200: answers(trainingListData) } },
    },
    async (request) => ok(await groupTrainingList(app.db, request.user!, request.query)),
  );
  r.get(
    '/api/group/get-admin-training-list',
    {
      config: login,
      schema: { querystring: groupAdminTrainingListQuery, response: { 200: answers(adminTrainingListData) } },
    },
    async (request) => ok(await groupAdminTrainingList(app.db, request.user!, request.query)),
  );
  r.get(
    '/api/group/training',
    { config: login, schema: { querystring: tidQuery, response: { 200: answers(adminTrainingData) } } },
    async (request) => ok(await groupTraining(app.db, request.user!, request.query.tid)),
  );
  r.post(
    '/api/group/training',
    { config: login, schema: { response: { 200: answers(createdTrainingData) } } },
    async (request) => ok(await createGroupTraining(app.db, request.user!, request.body, now())),
  );
  r.put(
    '/api/group/training',
    { config: login, schema: { response: { 200: answers(updatedTrainingData) } } },
    async (request) => ok(await updateGroupTraining(app.db, request.user!, request.body, now())),
  );
  r.delete(
    '/api/group/training',
    { config: login, schema: { querystring: tidQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      await deleteGroupTraining(app.db, request.user!, request.query.tid);
      return ok(null);
    },
  );
  r.put(
    '/api/group/change-training-status',
    {
      config: login,
      schema: { querystring: changeTrainingStatusQuery, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      const { tid, status } = request.query;
      const scope = await groupTrainingScope(app.db, request.user!, tid);
      await changeTrainingStatus(app.db, request.user!, tid, status!, now(), scope);
      return ok(null);
    },
  );

  // ---- the training's problems ----
  r.get(
    '/api/group/get-training-problem-list',
    {
      config: login,
      schema: {
        querystring: adminTrainingProblemListQuery,
        response: { 200: answers(adminTrainingProblemsData) },
      },
    },
    async (request) => ok(await groupTrainingProblemList(app.db, request.user!, request.query)),
  );
  r.put(
    '/api/group/training-problem',
    { config: login, schema: { response: { 200: answers(trainingProblemLink) } } },
    async (request) => {
      const scope = await groupTrainingScope(app.db, request.user!, bodyTid(request.body));
      return ok(await updateTrainingProblem(app.db, request.user!, request.body, now(), scope));
    },
  );
  r.delete(
    '/api/group/training-problem',
    {
      config: login,
      schema: { querystring: deleteTrainingProblemQuery, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      const { pid, tid } = request.query;
      // always with its training here: the site's call without one deletes the problem itself
      await groupTrainingScope(app.db, request.user!, tid);
      await removeTrainingProblem(app.db, request.user!, pid, tid!, now());
      return ok(null);
    },
  );
  r.post(
    '/api/group/add-training-problem-from-public',
    { config: login, schema: { response: { 200: answers(trainingProblemLink) } } },
    async (request) => {
      const scope = await groupTrainingScope(app.db, request.user!, bodyTid(request.body));
      return ok(await addProblemFromPublic(app.db, request.user!, request.body, now(), scope));
    },
  );
  r.post(
    '/api/group/add-training-problem-from-group',
    {
      config: login,
      schema: {
        querystring: groupTrainingProblemFromGroupQuery,
        response: { 200: answers(trainingProblemLink) },
      },
    },
    async (request) => {
      const { problemId, tid } = request.query;
      await groupTrainingScope(app.db, request.user!, tid);
      return ok(await addProblemFromGroup(app.db, request.user!, problemId, tid, now()));
    },
  );
}
