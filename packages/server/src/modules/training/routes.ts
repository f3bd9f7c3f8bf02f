import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  registerTrainingBody,
  tidQuery,
  trainingListQuery,
  trainingProblemDetailsQuery,
  trainingRankQuery,
  problemDetailData,
  trainingAccessData,
  trainingCategoriesData,
  trainingListData,
  trainingProblemsData,
  trainingRankData,
  trainingVO,
} from '@verdict/shared';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { answers } from '../../http/responses.ts';
import type { RateLimitRule } from '../../http/rate-limit.ts';
import { trainingAccess, trainingCategories, trainingDetail } from './detail.ts';
import { listTrainings } from './list.ts';
import { trainingProblemDetails, trainingProblemList } from './problems.ts';
import { trainingRank } from './rank.ts';
import { registerTraining } from './register.ts';

/** Password guesses per client IP (Verdict: HOJ put no bound on register-training). */
const REGISTER_LIMIT: RateLimitRule = { bucket: 'training-register', max: 60, windowSeconds: 60 };

/**
 * The participant's training calls: reference §3.5 (and spec part 2 §7 get-training-category,
 * get-training-problem-details). Submitting through a training is `submit-problem-judge` with
 * `tid` (submission/submit.ts).
 */
export async function trainingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const login = { access: access.login };

  r.get(
    '/api/get-training-list',
    {
      config: { access: access.anon },
      schema: { querystring: trainingListQuery, response: { 200: answers(trainingListData) } },
    },
    async (request) => ok(await listTrainings(app.db, request.user, request.query)),
  );

  r.get(
    '/api/get-training-category',
    { config: { access: access.anon }, schema: { response: { 200: answers(trainingCategoriesData) } } },
    async () => ok(await trainingCategories(app.db)),
  );

  r.get(
    '/api/get-training-detail',
    { config: login, schema: { querystring: tidQuery, response: { 200: answers(trainingVO) } } },
    async (request) => ok(await trainingDetail(app.db, request.user!, request.query.tid)),
  );

  r.post(
    '/api/register-training',
    {
      config: { ...login, rateLimit: REGISTER_LIMIT },
      schema: { body: registerTrainingBody, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      await registerTraining(app.db, request.user!, request.body);
      return ok(null);
    },
  );

  r.get(
    '/api/get-training-access',
    { config: login, schema: { querystring: tidQuery, response: { 200: answers(trainingAccessData) } } },
    async (request) => ok(await trainingAccess(app.db, request.user!, request.query.tid)),
  );

  r.get(
    '/api/get-training-problem-list',
    { config: login, schema: { querystring: tidQuery, response: { 200: answers(trainingProblemsData) } } },
    async (request) => ok(await trainingProblemList(app.db, request.user!, request.query.tid)),
  );

  r.get(
    '/api/get-training-problem-details',
    {
      config: login,
      schema: { querystring: trainingProblemDetailsQuery, response: { 200: answers(problemDetailData) } },
    },
    async (request) => ok(await trainingProblemDetails(app.db, request.user!, request.query)),
  );

  r.get(
    '/api/get-training-rank',
    {
      config: login,
      schema: { querystring: trainingRankQuery, response: { 200: answers(trainingRankData) } },
    },
    async (request) => ok(await trainingRank(app.db, request.user!, request.query)),
  );
}
