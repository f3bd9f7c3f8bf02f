import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  compileDto,
  gidQuery,
  groupAdminProblemListQuery,
  groupApplyPublicQuery,
  groupProblemAuthQuery,
  groupProblemListQuery,
  pidQuery,
  problemCasesQuery,
  problemDto,
  adminProblemListData,
  createdProblemData,
  problemCasesData,
  problemListData,
  problemVO,
  tagsData,
} from '@verdict/shared';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { answers } from '../../http/responses.ts';
import type { TestCaseStaging } from '../file/staging.ts';
import { problemJson } from '../problem/json.ts';
import { compileJudgeProgram } from '../problem/admin/service.ts';
import {
  applyPublic,
  assertGroupCompile,
  changeGroupProblemAuth,
  createGroupProblem,
  deleteGroupProblem,
  groupAdminProblemList,
  groupProblem,
  groupProblemCases,
  groupProblemList,
  groupTags,
  updateGroupProblem,
} from './problems.ts';

/**
 * A group's problems: reference §3.10 (`/api/group/*problem*`, every call needs a login), §7.12.
 * The site's problem services do the work, told the group (problems.ts); who may call is the
 * group policy's, through `groupFor`.
 */
export async function groupProblemRoutes(app: FastifyInstance, opts: { staging: TestCaseStaging }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const login = { access: access.login };
  const saveContext = () => ({ db: app.db, staging: opts.staging, now: app.clock.now() });

  r.get(
    '/api/group/get-problem-list',
    {
      config: login,
      schema: { querystring: groupProblemListQuery, response: { 200: answers(problemListData) } },
    },
    async (request) => ok(await groupProblemList(app.db, request.user!, request.query)),
  );
  r.get(
    '/api/group/get-admin-problem-list',
    {
      config: login,
      schema: { querystring: groupAdminProblemListQuery, response: { 200: answers(adminProblemListData) } },
    },
    async (request) => ok(await groupAdminProblemList(app.db, request.user!, request.query)),
  );
  r.get(
    '/api/group/problem',
    { config: login, schema: { querystring: pidQuery, response: { 200: answers(problemVO) } } },
    async (request) => ok(problemJson(await groupProblem(app.db, request.user!, request.query.pid))),
  );
  r.post(
    '/api/group/problem',
    { config: login, schema: { body: problemDto, response: { 200: answers(createdProblemData) } } },
    async (request) => ok(await createGroupProblem(saveContext(), request.user!, request.body)),
  );
  r.put(
    '/api/group/problem',
    { config: login, schema: { body: problemDto, response: { 200: answers(z.null()) } } },
    async (request) => {
      await updateGroupProblem(saveContext(), request.user!, request.body);
      return ok(null);
    },
  );
  r.delete(
    '/api/group/problem',
    { config: login, schema: { querystring: pidQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      await deleteGroupProblem(app.db, request.user!, request.query.pid);
      return ok(null);
    },
  );
  r.get(
    '/api/group/get-problem-cases',
    {
      config: login,
      schema: { querystring: problemCasesQuery, response: { 200: answers(problemCasesData) } },
    },
    async (request) =>
      ok(await groupProblemCases(app.db, request.user!, request.query.pid, request.query.isUpload ?? true)),
  );
  r.get(
    '/api/group/get-all-problem-tags',
    { config: login, schema: { querystring: gidQuery, response: { 200: answers(tagsData) } } },
    async (request) => ok(await groupTags(app.db, request.user!, request.query.gid)),
  );
  r.put(
    '/api/group/change-problem-auth',
    { config: login, schema: { querystring: groupProblemAuthQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      const { pid, auth } = request.query;
      await changeGroupProblemAuth(app.db, request.user!, pid, auth, app.clock.now());
      return ok(null);
    },
  );
  r.put(
    '/api/group/apply-public',
    { config: login, schema: { querystring: groupApplyPublicQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      await applyPublic(app.db, request.user!, request.query.pid, request.query.isApplied ?? false);
      return ok(null);
    },
  );

  // reference §3.10: as the admin compile, for the group's admins (`gid` in the query) and its problems
  for (const check of ['spj', 'interactive'] as const) {
    r.post(
      `/api/group/${check === 'spj' ? 'compile-spj' : 'compile-interactive'}`,
      {
        config: login,
        schema: { body: compileDto, querystring: gidQuery, response: { 200: answers(z.null()) } },
      },
      async (request, reply) => {
        await assertGroupCompile(app.db, request.user!, request.query.gid, request.body.pid);
        const gone = new AbortController();
        reply.raw.once('close', () => gone.abort());
        return compileJudgeProgram(app.compileChecks, check, request.body, gone.signal);
      },
    );
  }
}
