import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelJudgeData,
  manualJudgeData,
  manualJudgeQuery,
  pidQuery,
  rejudgeContestProblemQuery,
  rejudgeProblemData,
  submission,
  submitIdQuery,
} from '@verdict/shared';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answers } from '../../../http/responses.ts';
import { judgeJson } from '../../submission/json.ts';
import { cancelJudge, manualJudge, rejudgeContestProblem, rejudgeOne, rejudgeProblem } from './service.ts';

/** Admin judging: reference §3.4 (`/api/admin/judge/*`), §6.4. */
export async function adminJudgeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.rootRejudge };
  const base = '/api/admin/judge';

  r.get(
    `${base}/rejudge`,
    { config, schema: { querystring: submitIdQuery, response: { 200: answers(submission) } } },
    async (request) => {
      const row = await rejudgeOne(app.db, request.query.submitId, app.clock.now());
      app.judgeQueue.notify();
      return ok(judgeJson(row, { showIp: true }));
    },
  );

  // reference §3.4 R(root) + P(rejudge); Changed (issue 27): also a group contest's admins, so the
  // route asks for a login and the policy's `contest.rejudge` decides (contest/staff/rejudge.ts)
  r.get(
    `${base}/rejudge-contest-problem`,
    {
      config: { access: access.login },
      schema: { querystring: rejudgeContestProblemQuery, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      const { cid, pid } = request.query;
      await rejudgeContestProblem(app.db, request.user!, cid, pid, app.clock.now());
      app.judgeQueue.notify();
      return ok(null);
    },
  );

  // Verdict: the non-contest submissions of a problem; answers how many were queued.
  r.get(
    `${base}/rejudge-problem`,
    { config, schema: { querystring: pidQuery, response: { 200: answers(rejudgeProblemData) } } },
    async (request) => {
      const count = await rejudgeProblem(app.db, request.query.pid, app.clock.now());
      app.judgeQueue.notify();
      return ok({ count });
    },
  );

  r.get(
    `${base}/manual-judge`,
    { config, schema: { querystring: manualJudgeQuery, response: { 200: answers(manualJudgeData) } } },
    async (request) => ok(await manualJudge(app.db, request.user!, request.query)),
  );

  r.get(
    `${base}/cancel-judge`,
    { config, schema: { querystring: submitIdQuery, response: { 200: answers(cancelJudgeData) } } },
    async (request) => ok(await cancelJudge(app.db, request.user!, request.query.submitId, app.clock.now())),
  );
}
