import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  remoteImportQuery,
  adminProblemListQuery,
  changeProblemAuthBody,
  compileDto,
  groupProblemApplyListQuery,
  groupProblemProgressBody,
  pidQuery,
  problemCasesQuery,
  problemDto,
  SITE_SCOPE,
  adminProblemListData,
  createdProblemData,
  problemCasesData,
  problemVO,
} from '@verdict/shared';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answers } from '../../../http/responses.ts';
import type { TestCaseStaging } from '../../file/staging.ts';
import { problemJson } from '../json.ts';
import { applyPublicList, changeApplyProgress } from './apply-public.ts';
import { createProblem, updateProblem } from './save.ts';
import { importRemoteProblem } from '../remote-import/import.ts';
import {
  adminProblemList,
  changeProblemAuth,
  compileJudgeProgram,
  deleteProblem,
  editableProblem,
  problemCases,
} from './service.ts';

/** Admin problems: reference §3.12 (`/api/admin/problem`, R(root|admin|problem_admin) unless noted). */
export async function adminProblemRoutes(app: FastifyInstance, opts: { staging: TestCaseStaging }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admins = { access: access.adminArea };
  const base = '/api/admin/problem';
  const saveContext = () => ({ db: app.db, staging: opts.staging, now: app.clock.now() });

  r.get(
    `${base}/get-problem-list`,
    {
      config: admins,
      schema: { querystring: adminProblemListQuery, response: { 200: answers(adminProblemListData) } },
    },
    async (request) => ok(await adminProblemList(app.db, request.query, SITE_SCOPE)),
  );

  r.get(
    base,
    { config: admins, schema: { querystring: pidQuery, response: { 200: answers(problemVO) } } },
    async (request) => ok(problemJson(await editableProblem(app.db, request.user!, request.query.pid))),
  );

  r.post(
    base,
    { config: admins, schema: { body: problemDto, response: { 200: answers(createdProblemData) } } },
    async (request) => ok(await createProblem(saveContext(), request.user!, request.body)),
  );

  r.put(
    base,
    { config: admins, schema: { body: problemDto, response: { 200: answers(z.null()) } } },
    async (request) => {
      await updateProblem(saveContext(), request.user!, request.body);
      return ok(null);
    },
  );

  r.delete(
    base,
    {
      config: { access: access.problemAdmins },
      schema: { querystring: pidQuery, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      await deleteProblem(app.db, request.query.pid);
      return ok(null);
    },
  );

  r.get(
    `${base}/get-problem-cases`,
    {
      config: admins,
      schema: { querystring: problemCasesQuery, response: { 200: answers(problemCasesData) } },
    },
    async (request) =>
      ok(await problemCases(app.db, request.user!, request.query.pid, request.query.isUpload ?? true)),
  );

  r.put(
    `${base}/change-problem-auth`,
    { config: admins, schema: { body: changeProblemAuthBody, response: { 200: answers(z.null()) } } },
    async (request) => {
      await changeProblemAuth(app.db, request.user!, request.body.id, request.body.auth, app.clock.now());
      return ok(null);
    },
  );

  // reference §3.12: compiled on a judge worker; waits for its answer (bounded, see CompileChecks)
  for (const check of ['spj', 'interactive'] as const) {
    r.post(
      `${base}/${check === 'spj' ? 'compile-spj' : 'compile-interactive'}`,
      { config: admins, schema: { body: compileDto, response: { 200: answers(z.null()) } } },
      async (request, reply) => {
        // The response's close, not the request's: a request "closes" as soon as its body is read.
        const gone = new AbortController();
        reply.raw.once('close', () => gone.abort());
        return compileJudgeProgram(app.compileChecks, check, request.body, gone.signal);
      },
    );
  }

  // reference §3.12 group-problem approval (R(root|problem_admin)), spec part 2 §2.7 /admin/group-problem/apply
  r.get(
    '/api/admin/group-problem/list',
    {
      config: { access: access.problemAdmins },
      schema: { querystring: groupProblemApplyListQuery, response: { 200: answers(adminProblemListData) } },
    },
    async (request) => ok(await applyPublicList(app.db, request.query)),
  );
  r.put(
    '/api/admin/group-problem/change-progress',
    {
      config: { access: access.problemAdmins },
      schema: { body: groupProblemProgressBody, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      await changeApplyProgress(app.db, request.body.pid, request.body.progress, app.clock.now());
      return ok(null);
    },
  );

  // reference §10.3: a remote judge's problem, read from the site
  r.get(
    `${base}/import-remote-oj-problem`,
    { config: admins, schema: { querystring: remoteImportQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      await importRemoteProblem(saveContext(), request.user!, request.query);
      return ok(null);
    },
  );
}
