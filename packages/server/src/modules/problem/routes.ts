import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  fullScreenProblemListQuery,
  ojQuery,
  optionalPidQuery,
  problemInContestQuery,
  problemDetailQuery,
  problemListQuery,
  userProblemStatusBody,
  codeTemplatesData,
  fullScreenProblemListData,
  problemDetailData,
  problemLanguagesData,
  problemListData,
  randomProblemData,
  recentProblemsData,
  tagsByClassificationData,
  tagsData,
  userProblemStatusData,
} from '@verdict/shared';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { answers } from '../../http/responses.ts';
import { assertScopeAvailable } from '../../policy/index.ts';
import { userProblemStatuses } from './counts.ts';
import {
  languagesOfProblem,
  problemDetail,
  randomProblem,
  recentProblems,
  tagsOfProblem,
  templatesOfProblem,
  viewableProblem,
} from './detail.ts';
import { contestProblemStatuses } from '../contest/problem-status.ts';
import { contestProblemTags, viewableProblemIn } from '../contest/problems.ts';
import { fullScreenProblemList } from './full-screen.ts';
import { listProblems } from './list.ts';
import { allTags, tagsByClassification } from './tags.ts';

/** The problem bank: reference §3.2 (tags, languages, templates, recent problems) and §3.3. */
export async function problemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anon = { access: access.anon };

  r.get(
    '/api/get-problem-list',
    { config: anon, schema: { querystring: problemListQuery, response: { 200: answers(problemListData) } } },
    async (request) => ok(await listProblems(app.db, request.query, request.user)),
  );

  r.get(
    '/api/get-random-problem',
    { config: anon, schema: { response: { 200: answers(randomProblemData) } } },
    async () => ok(await randomProblem(app.db)),
  );

  r.get(
    '/api/get-recent-updated-problem',
    { config: anon, schema: { response: { 200: answers(recentProblemsData) } } },
    async () => ok(await recentProblems(app.db)),
  );

  r.get(
    '/api/get-problem-detail',
    {
      config: anon,
      schema: { querystring: problemDetailQuery, response: { 200: answers(problemDetailData) } },
    },
    async (request) =>
      ok(await problemDetail(app.db, request.user, request.query.problemId, request.query.gid)),
  );

  r.get(
    '/api/get-all-problem-tags',
    { config: anon, schema: { querystring: ojQuery, response: { 200: answers(tagsData) } } },
    async (request) => ok(await allTags(app.db, request.query.oj)),
  );

  r.get(
    '/api/get-problem-tags-and-classification',
    { config: anon, schema: { querystring: ojQuery, response: { 200: answers(tagsByClassificationData) } } },
    async (request) => ok(await tagsByClassification(app.db, request.query.oj)),
  );

  r.get(
    '/api/get-problem-tags',
    { config: anon, schema: { querystring: optionalPidQuery, response: { 200: answers(tagsData) } } },
    async (request) => {
      const { pid, cid } = request.query;
      if (pid === undefined) return ok([]);
      if (cid !== undefined)
        return ok(await contestProblemTags(app.db, request.user, { pid, cid }, app.clock.now()));
      await viewableProblem(app.db, request.user, pid);
      return ok(await tagsOfProblem(app.db, pid));
    },
  );

  r.get(
    '/api/get-problem-languages',
    {
      config: anon,
      schema: { querystring: problemInContestQuery, response: { 200: answers(problemLanguagesData) } },
    },
    async (request) => {
      await viewableProblemIn(app.db, request.user, request.query, app.clock.now());
      return ok(await languagesOfProblem(app.db, request.query.pid));
    },
  );

  r.get(
    '/api/get-problem-code-template',
    {
      config: anon,
      schema: { querystring: problemInContestQuery, response: { 200: answers(codeTemplatesData) } },
    },
    async (request) => {
      await viewableProblemIn(app.db, request.user, request.query, app.clock.now());
      const templates = await templatesOfProblem(app.db, request.query.pid);
      return ok(templates.map(({ languageName: _name, ...t }) => t));
    },
  );

  // reference §7.9: outside contests the caller's submissions with `gid` = the given group, or none (0 too)
  r.post(
    '/api/get-user-problem-status',
    {
      config: { access: access.login },
      schema: { body: userProblemStatusBody, response: { 200: answers(userProblemStatusData) } },
    },
    async (request) => {
      const body = request.body;
      if (body.isContestProblemList || (body.cid ?? 0) !== 0) {
        return ok(await contestProblemStatuses(app.db, request.user!, body, app.clock.now()));
      }
      const gid = body.gid || undefined;
      if (gid) assertScopeAvailable('group');
      const statuses = await userProblemStatuses(app.db, request.user!.uid, body.pidList, { gid });
      return ok(Object.fromEntries(body.pidList.map((pid) => [pid, { status: statuses.get(pid) ?? -10 }])));
    },
  );

  r.get(
    '/api/get-full-screen-problem-list',
    {
      config: { access: access.login },
      schema: {
        querystring: fullScreenProblemListQuery,
        response: { 200: answers(fullScreenProblemListData) },
      },
    },
    async (request) => ok(await fullScreenProblemList(app.db, request.user!, request.query, app.clock.now())),
  );
}
