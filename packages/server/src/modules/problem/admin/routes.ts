import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminProblemListQuery,
  changeProblemAuthBody,
  compileDto,
  groupProblemApplyListQuery,
  groupProblemProgressBody,
  pidQuery,
  problemCasesQuery,
  problemDto,
  SITE_SCOPE,
} from '@verdict/shared';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { fail } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import type { TestCaseStaging } from '../../file/staging.ts';
import { problemJson } from '../json.ts';
import { applyPublicList, changeApplyProgress } from './apply-public.ts';
import { createProblem, updateProblem } from './save.ts';
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
    { config: admins, schema: { querystring: adminProblemListQuery } },
    async (request) => ok(await adminProblemList(app.db, request.query, SITE_SCOPE)),
  );

  r.get(base, { config: admins, schema: { querystring: pidQuery } }, async (request) =>
    ok(problemJson(await editableProblem(app.db, request.user!, request.query.pid))),
  );

  r.post(base, { config: admins, schema: { body: problemDto } }, async (request) =>
    ok(await createProblem(saveContext(), request.user!, request.body)),
  );

  r.put(base, { config: admins, schema: { body: problemDto } }, async (request) => {
    await updateProblem(saveContext(), request.user!, request.body);
    return ok(null);
  });

  r.delete(
    base,
    { config: { access: access.problemAdmins }, schema: { querystring: pidQuery } },
    async (request) => {
      await deleteProblem(app.db, request.query.pid);
      return ok(null);
    },
  );

  r.get(
    `${base}/get-problem-cases`,
    { config: admins, schema: { querystring: problemCasesQuery } },
    async (request) =>
      ok(await problemCases(app.db, request.user!, request.query.pid, request.query.isUpload ?? true)),
  );

  r.put(
    `${base}/change-problem-auth`,
    { config: admins, schema: { body: changeProblemAuthBody } },
    async (request) => {
      await changeProblemAuth(app.db, request.user!, request.body.id, request.body.auth, app.clock.now());
      return ok(null);
    },
  );

  // reference §3.12: compiled on a judge worker; waits for its answer (bounded, see CompileChecks)
  for (const check of ['spj', 'interactive'] as const) {
    r.post(
      `${base}/${check === 'spj' ? 'compile-spj' : 'compile-interactive'}`,
      { config: admins, schema: { body: compileDto } },
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
    { config: { access: access.problemAdmins }, schema: { querystring: groupProblemApplyListQuery } },
    async (request) => ok(await applyPublicList(app.db, request.query)),
  );
  r.put(
    '/api/admin/group-problem/change-progress',
    { config: { access: access.problemAdmins }, schema: { body: groupProblemProgressBody } },
    async (request) => {
      await changeApplyProgress(app.db, request.body.pid, request.body.progress, app.clock.now());
      return ok(null);
    },
  );

  r.get(`${base}/import-remote-oj-problem`, { config: admins }, async () => {
    throw fail(problemMessages.remoteNotAvailable);
  });
}
