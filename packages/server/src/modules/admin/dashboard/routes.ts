import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentPageParam,
  dashboardInfoData,
  judgeWorkersData,
  limitParam,
  loginRecordPageData,
  loginSessionData,
  serviceInfoData,
} from '@verdict/shared';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answers } from '../../../http/responses.ts';
import { dashboardInfo } from './counts.ts';
import { judgeServiceEntry, judgeWorkers } from './judge-workers.ts';
import { serviceInfo } from './server-load.ts';
import { loginRecords, previousLogin } from './sessions.ts';

const LOGIN_RECORDS_PAGE = 20;
/** `uid` as the user table links it; Verdict also takes `username`, which an admin can type. */
const loginRecordsQuery = z
  .object({
    uid: z.string().trim().min(1).max(64).optional(),
    username: z.string().trim().min(1).max(100).optional(),
    currentPage: currentPageParam,
    limit: limitParam(LOGIN_RECORDS_PAGE),
  })
  .refine((q) => q.uid !== undefined || q.username !== undefined, {
    message: 'uid or username is required',
    path: ['uid'],
  });

/**
 * The admin dashboard (reference §3.12 "Account and dashboard", `get-service-info`,
 * `get-judge-service-info`; issue 10) and a user's login records.
 */
export async function adminDashboardRoutes(app: FastifyInstance, opts: { judgeLeaseMs: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.adminArea };

  r.get(
    '/api/admin/dashboard/get-dashboard-info',
    { config, schema: { response: { 200: answers(dashboardInfoData) } } },
    async () => ok(await dashboardInfo(app.db, app.clock.now())),
  );

  // HOJ ignores the body
  r.post(
    '/api/admin/dashboard/get-sessions',
    { config, schema: { response: { 200: answers(loginSessionData) } } },
    async (request) => ok(await previousLogin(app.db, request.user!.uid)),
  );

  // HOJ maps both to every method; GET and POST are the ones its clients use.
  r.route({
    method: ['GET', 'POST'],
    url: '/api/admin/config/get-service-info',
    config,
    schema: { response: { 200: answers(serviceInfoData) } },
    handler: async (request) => ok(serviceInfo({ port: request.socket.localPort })),
  });

  r.route({
    method: ['GET', 'POST'],
    url: '/api/admin/config/get-judge-service-info',
    config,
    schema: { response: { 200: answers(judgeWorkersData) } },
    handler: async (request) => {
      const workers = await judgeWorkers(app.db, app.clock.now(), opts.judgeLeaseMs);
      return ok(workers.map((w) => judgeServiceEntry(w, request.socket.localPort)));
    },
  });

  // user_admin, as the other /api/admin/user calls (reference §3.12 "Users": root only by default)
  r.get(
    '/api/admin/user/get-sessions',
    {
      config: { access: access.permission('user_admin') },
      schema: { querystring: loginRecordsQuery, response: { 200: answers(loginRecordPageData) } },
    },
    async (request) => ok(await loginRecords(app.db, request.query, app.clock.now())),
  );
}
