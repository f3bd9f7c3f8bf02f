import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminContestAnnouncementQuery,
  adminContestListData,
  adminContestVO,
  adminContestProblemListQuery,
  changeContestVisibleQuery,
  cidQuery,
  contestAnnouncementPageData,
  contestCreatedData,
  contestListData,
  contestProblemLinkData,
  contestProblemLinkQuery,
  contestProblemRemovedData,
  contestSaveData,
  groupAdminContestListQuery,
  groupContestAnnouncementIdQuery,
  groupContestListQuery,
  groupContestProblemFromGroupQuery,
  adminContestProblemsData,
  createdProblemData,
} from '@verdict/shared';
import { z } from 'zod';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { answers } from '../../http/responses.ts';
import type { TestCaseStaging } from '../file/staging.ts';
import {
  contestAnnouncements,
  createContestAnnouncement,
  deleteContestAnnouncement,
  updateContestAnnouncement,
} from '../contest/admin/announcements.ts';
import {
  addProblemFromPublic,
  contestProblemLink,
  updateContestProblem,
} from '../contest/admin/problem-links.ts';
import { removeContestProblem } from '../contest/admin/problem-remove.ts';
import { updateContest } from '../contest/admin/save.ts';
import { changeContestVisible } from '../contest/admin/visibility.ts';
import {
  addContestProblemFromGroup,
  createGroupContest,
  createGroupContestProblem,
  deleteGroupContest,
  groupAdminContestList,
  groupContest,
  groupContestList,
  groupContestProblemList,
  groupContestScope,
} from './contests.ts';

/** A contest's id in a request body (HOJ's client sends it as a number or a string). */
const bodyCid = (body: unknown) => (body as { cid?: unknown; id?: unknown } | null)?.cid;

/** A group's contests: reference §3.10 (`/api/group/*contest*`, every call needs a login), §7.12. */
export async function groupContestRoutes(app: FastifyInstance, opts: { staging: TestCaseStaging }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const login = { access: access.login };
  const now = () => app.clock.now();

  r.get(
    '/api/group/get-contest-list',
    {
      config: login,
      schema: { querystring: groupContestListQuery, response: { 200: answers(contestListData) } },
    },
    async (request) => ok(await groupContestList(app.db, request.user!, request.query, now())),
  );
  r.get(
    '/api/group/get-admin-contest-list',
    {
      config: login,
      schema: { querystring: groupAdminContestListQuery, response: { 200: answers(adminContestListData) } },
    },
    async (request) => ok(await groupAdminContestList(app.db, request.user!, request.query, now())),
  );
  r.get(
    '/api/group/contest',
    { config: login, schema: { querystring: cidQuery, response: { 200: answers(adminContestVO) } } },
    async (request) => ok(await groupContest(app.db, request.user!, request.query.cid, now())),
  );
  r.post(
    '/api/group/contest',
    { config: login, schema: { response: { 200: answers(contestCreatedData) } } },
    async (request) => ok(await createGroupContest(app.db, request.user!, request.body, now())),
  );
  r.put(
    '/api/group/contest',
    { config: login, schema: { response: { 200: answers(contestSaveData) } } },
    async (request) => {
      const id = (request.body as { id?: unknown } | null)?.id;
      const scope = await groupContestScope(app.db, request.user!, id);
      return updateContest(app.db, request.user!, request.body, now(), scope);
    },
  );
  r.delete(
    '/api/group/contest',
    { config: login, schema: { querystring: cidQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      await deleteGroupContest(app.db, request.user!, request.query.cid, now());
      return ok(null);
    },
  );
  r.put(
    '/api/group/change-contest-visible',
    {
      config: login,
      schema: { querystring: changeContestVisibleQuery, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      const { cid, visible } = request.query;
      const scope = await groupContestScope(app.db, request.user!, cid);
      await changeContestVisible(app.db, request.user!, cid, visible!, now(), scope);
      return ok(null);
    },
  );

  // ---- the contest's problems ----
  r.get(
    '/api/group/get-contest-problem-list',
    {
      config: login,
      schema: {
        querystring: adminContestProblemListQuery,
        response: { 200: answers(adminContestProblemsData) },
      },
    },
    async (request) => ok(await groupContestProblemList(app.db, request.user!, request.query, now())),
  );
  r.post(
    '/api/group/contest-problem',
    { config: login, schema: { response: { 200: answers(createdProblemData) } } },
    async (request) =>
      ok(
        await createGroupContestProblem(
          { db: app.db, staging: opts.staging, now: now() },
          request.user!,
          request.body,
        ),
      ),
  );
  r.get(
    '/api/group/contest-problem',
    {
      config: login,
      schema: { querystring: contestProblemLinkQuery, response: { 200: answers(contestProblemLinkData) } },
    },
    async (request) => {
      const { cid, pid } = request.query;
      await groupContestScope(app.db, request.user!, cid);
      return ok(await contestProblemLink(app.db, request.user!, cid, pid, now()));
    },
  );
  r.put(
    '/api/group/contest-problem',
    { config: login, schema: { response: { 200: answers(contestProblemLinkData) } } },
    async (request) => {
      await groupContestScope(app.db, request.user!, bodyCid(request.body));
      return ok(await updateContestProblem(app.db, request.user!, request.body, now()));
    },
  );
  r.delete(
    '/api/group/contest-problem',
    {
      config: login,
      schema: { querystring: contestProblemLinkQuery, response: { 200: answers(contestProblemRemovedData) } },
    },
    async (request) => {
      const { cid, pid } = request.query;
      await groupContestScope(app.db, request.user!, cid);
      return ok(await removeContestProblem(app.db, request.user!, pid, cid, now()));
    },
  );
  r.post(
    '/api/group/add-contest-problem-from-public',
    { config: login, schema: { response: { 200: answers(z.null()) } } },
    async (request) => {
      const scope = await groupContestScope(app.db, request.user!, bodyCid(request.body));
      await addProblemFromPublic(app.db, request.user!, request.body, now(), scope);
      return ok(null);
    },
  );
  r.post(
    '/api/group/add-contest-problem-from-group',
    {
      config: login,
      schema: { querystring: groupContestProblemFromGroupQuery, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      await addContestProblemFromGroup(app.db, request.user!, request.query, now());
      return ok(null);
    },
  );

  // ---- the contest's announcements ----
  r.get(
    '/api/group/get-contest-announcement-list',
    {
      config: login,
      schema: {
        querystring: adminContestAnnouncementQuery,
        response: { 200: answers(contestAnnouncementPageData) },
      },
    },
    async (request) => {
      await groupContestScope(app.db, request.user!, request.query.cid);
      return ok(await contestAnnouncements(app.db, request.user!, request.query, now()));
    },
  );
  for (const method of ['post', 'put'] as const) {
    r[method](
      '/api/group/contest-announcement',
      { config: login, schema: { response: { 200: answers(z.null()) } } },
      async (request) => {
        await groupContestScope(app.db, request.user!, bodyCid(request.body));
        const save = method === 'post' ? createContestAnnouncement : updateContestAnnouncement;
        await save(app.db, request.user!, request.body, now());
        return ok(null);
      },
    );
  }
  r.delete(
    '/api/group/contest-announcement',
    {
      config: login,
      schema: { querystring: groupContestAnnouncementIdQuery, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      await groupContestScope(app.db, request.user!, request.query.cid);
      await deleteContestAnnouncement(app.db, request.user!, request.query.aid, now());
      return ok(null);
    },
  );
}
