import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  scrollBoardInfoData,
  scrollBoardInfoQuery,
  scrollBoardSubmissionQuery,
  scrollBoardSubmissionsData,
} from '@verdict/shared';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answers } from '../../../http/responses.ts';
import { scrollBoardInfo, scrollBoardSubmissions } from './service.ts';

/**
 * The scroll board (reference §3.6 ContestScrollBoardController, §9.7). **Changed:** HOJ's are
 * anonymous; here a login, and the policy's `contest.staff` on the contest (service.ts says why).
 */
export async function contestScrollBoardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.login };

  r.get(
    '/api/get-contest-scroll-board-info',
    {
      config,
      schema: { querystring: scrollBoardInfoQuery, response: { 200: answers(scrollBoardInfoData) } },
    },
    async (request) => ok(await scrollBoardInfo(app.db, request.user!, request.query.cid, app.clock.now())),
  );

  r.get(
    '/api/get-contest-scroll-board-submission',
    {
      config,
      schema: {
        querystring: scrollBoardSubmissionQuery,
        response: { 200: answers(scrollBoardSubmissionsData) },
      },
    },
    async (request) =>
      ok(await scrollBoardSubmissions(app.db, request.user!, request.query, app.clock.now())),
  );
}
