import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkContestSubmissionsStatusBody,
  cidQuery,
  contestAnnouncementQuery,
  contestListQuery,
  contestNotReadAnnouncementBody,
  contestProblemDetailsQuery,
  contestProblemQuery,
  contestSubmissionListQuery,
  contestAccessData,
  contestAnnouncementPageData,
  contestInfoData,
  contestListData,
  contestProblemListData,
  contestSubmissionListData,
  contestUnreadAnnouncementsData,
  registerContestBody,
  submissionStatusesData,
  contestProblemDetailsData,
} from '@verdict/shared';
import { z } from 'zod';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { answers } from '../../http/responses.ts';
import type { RateLimitRule } from '../../http/rate-limit.ts';
import { contestAnnouncements, unreadContestAnnouncements } from './announcements.ts';
import { contestAccess, contestInfo } from './info.ts';
import { listContests } from './list.ts';
import { contestProblemDetails, contestProblemList } from './problems.ts';
import { registerContest } from './register.ts';
import { contestSubmissionList, contestSubmissionStatuses } from './submissions.ts';

/** Password guesses per client IP (Verdict: HOJ put no bound on register-contest). */
const REGISTER_LIMIT: RateLimitRule = { bucket: 'contest-register', max: 60, windowSeconds: 60 };

/** The participant's contest calls: reference §3.6 (and §3.4 check-contest-submissions-status). */
export async function contestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const login = { access: access.login };
  const now = () => app.clock.now();

  r.get(
    '/api/get-contest-list',
    {
      config: { access: access.anon },
      schema: { querystring: contestListQuery, response: { 200: answers(contestListData) } },
    },
    async (request) => ok(await listContests(app.db, request.query, now())),
  );

  r.get(
    '/api/get-contest-info',
    { config: login, schema: { querystring: cidQuery, response: { 200: answers(contestInfoData) } } },
    async (request) => ok(await contestInfo(app.db, request.user!, request.query.cid, now())),
  );

  r.post(
    '/api/register-contest',
    {
      config: { ...login, rateLimit: REGISTER_LIMIT },
      schema: { body: registerContestBody, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      await registerContest(app.db, request.user!, request.body, now());
      return ok(null);
    },
  );

  r.get(
    '/api/get-contest-access',
    { config: login, schema: { querystring: cidQuery, response: { 200: answers(contestAccessData) } } },
    async (request) => ok(await contestAccess(app.db, request.user!, request.query.cid, now())),
  );

  // reference §3.6: no annotation (anonymous callers allowed with openRank, §7.18)
  r.get(
    '/api/get-contest-problem',
    {
      config: { access: access.open },
      schema: { querystring: contestProblemQuery, response: { 200: answers(contestProblemListData) } },
    },
    async (request) =>
      ok(await contestProblemList(app.db, request.user, request.query.cid, request.query.containsEnd, now())),
  );

  r.get(
    '/api/get-contest-problem-details',
    {
      config: login,
      schema: {
        querystring: contestProblemDetailsQuery,
        response: { 200: answers(contestProblemDetailsData) },
      },
    },
    async (request) => ok(await contestProblemDetails(app.db, request.user!, request.query, now())),
  );

  r.get(
    '/api/contest-submissions',
    {
      config: login,
      schema: {
        querystring: contestSubmissionListQuery,
        response: { 200: answers(contestSubmissionListData) },
      },
    },
    async (request) => ok(await contestSubmissionList(app.db, request.user!, request.query, now())),
  );

  r.post(
    '/api/check-contest-submissions-status',
    {
      config: login,
      schema: { body: checkContestSubmissionsStatusBody, response: { 200: answers(submissionStatusesData) } },
    },
    async (request) =>
      ok(
        await contestSubmissionStatuses(
          app.db,
          request.user!,
          request.body.cid,
          request.body.submitIds,
          now(),
        ),
      ),
  );

  r.get(
    '/api/get-contest-announcement',
    {
      config: login,
      schema: {
        querystring: contestAnnouncementQuery,
        response: { 200: answers(contestAnnouncementPageData) },
      },
    },
    async (request) => ok(await contestAnnouncements(app.db, request.user!, request.query, now())),
  );

  r.post(
    '/api/get-contest-not-read-announcement',
    {
      config: login,
      schema: {
        body: contestNotReadAnnouncementBody,
        response: { 200: answers(contestUnreadAnnouncementsData) },
      },
    },
    async (request) => ok(await unreadContestAnnouncements(app.db, request.user!, request.body, now())),
  );
}
