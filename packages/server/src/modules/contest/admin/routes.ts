import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contestRemoteImportQuery,
  ADMIN_ROLES,
  adminContestAnnouncementQuery,
  adminContestListData,
  adminContestListQuery,
  adminContestVO,
  adminContestProblemListQuery,
  announcementIdQuery,
  changeContestVisibleQuery,
  cidQuery,
  contestAnnouncementPageData,
  contestCreatedData,
  contestProblemLinkData,
  contestProblemLinkQuery,
  contestProblemRemovedData,
  contestSaveData,
  deleteContestProblemQuery,
  pidQuery,
  problemDto,
  SITE_SCOPE,
  adminContestProblemsData,
  createdProblemData,
  problemVO,
} from '@verdict/shared';
import { z } from 'zod';
import { access, type Access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answers } from '../../../http/responses.ts';
import type { TestCaseStaging } from '../../file/staging.ts';
import { problemJson } from '../../problem/json.ts';
import { updateProblem } from '../../problem/admin/save.ts';
import { editableProblem } from '../../problem/admin/service.ts';
import {
  contestAnnouncements,
  createContestAnnouncement,
  deleteContestAnnouncement,
  updateContestAnnouncement,
} from './announcements.ts';
import { cloneContest } from './clone.ts';
import { deleteContest } from './delete.ts';
import { adminContest, adminContestList } from './list.ts';
import { contestProblemList } from './problem-list.ts';
import {
  addProblemFromPublic,
  contestProblemLink,
  linkProblem,
  updateContestProblem,
} from './problem-links.ts';
import { manageableContest } from './manage.ts';
import { importAndAttach } from '../../problem/remote-import/import.ts';
import { removeContestProblem } from './problem-remove.ts';
import { createContestProblem } from './problem-save.ts';
import { createContest, updateContest } from './save.ts';
import { changeContestVisible } from './visibility.ts';

/**
 * reference §3.12: R(root|admin|problem_admin), each of which holds the contest_admin permission
 * (reference §2); which contest a caller may touch is the policy's 'contest.manage' (its creator,
 * root, later a group root).
 */
const CONTEST_ADMINS: Access = { auth: 'login', roles: ADMIN_ROLES, permissions: ['contest_admin'] };

/**
 * Contest administration, reference §3.12 "Contests" (`/api/admin/contest/**`). Bodies of the
 * contest, contest problem and announcement forms are parsed in the services with the shared
 * schemas, so their refusals carry the form's bilingual messages.
 */
export async function adminContestRoutes(app: FastifyInstance, opts: { staging: TestCaseStaging }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: CONTEST_ADMINS };
  const base = '/api/admin/contest';
  const now = () => app.clock.now();

  // ---- contests ----
  r.get(
    `${base}/get-contest-list`,
    {
      config,
      schema: { querystring: adminContestListQuery, response: { 200: answers(adminContestListData) } },
    },
    async (request) => ok(await adminContestList(app.db, request.user!, request.query, now(), SITE_SCOPE)),
  );
  r.get(
    base,
    { config, schema: { querystring: cidQuery, response: { 200: answers(adminContestVO) } } },
    async (request) => ok(await adminContest(app.db, request.user!, request.query.cid, now())),
  );
  r.post(base, { config, schema: { response: { 200: answers(contestCreatedData) } } }, async (request) =>
    ok(await createContest(app.db, request.user!, request.body, now())),
  );
  r.put(base, { config, schema: { response: { 200: answers(contestSaveData) } } }, async (request) =>
    updateContest(app.db, request.user!, request.body, now()),
  );
  r.delete(
    base,
    {
      config: { access: access.anyRole('root') },
      schema: { querystring: cidQuery, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      await deleteContest(app.db, request.query.cid);
      return ok(null);
    },
  );
  r.get(
    `${base}/clone`,
    { config, schema: { querystring: cidQuery, response: { 200: answers(contestCreatedData) } } },
    async (request) => ok(await cloneContest(app.db, request.user!, request.query.cid, now())),
  );
  r.put(
    `${base}/change-contest-visible`,
    { config, schema: { querystring: changeContestVisibleQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      await changeContestVisible(app.db, request.user!, request.query.cid, request.query.visible!, now());
      return ok(null);
    },
  );

  // ---- contest problems ----
  const saveContext = () => ({ db: app.db, staging: opts.staging, now: now() });
  r.get(
    `${base}/get-problem-list`,
    {
      config,
      schema: {
        querystring: adminContestProblemListQuery,
        response: { 200: answers(adminContestProblemsData) },
      },
    },
    async (request) => ok(await contestProblemList(app.db, request.user!, request.query, now(), SITE_SCOPE)),
  );
  r.get(
    `${base}/problem`,
    { config, schema: { querystring: pidQuery, response: { 200: answers(problemVO) } } },
    async (request) => ok(problemJson(await editableProblem(app.db, request.user!, request.query.pid))),
  );
  r.post(
    `${base}/problem`,
    { config, schema: { response: { 200: answers(createdProblemData) } } },
    async (request) => ok(await createContestProblem(saveContext(), request.user!, request.body)),
  );
  r.put(
    `${base}/problem`,
    { config, schema: { body: problemDto, response: { 200: answers(z.null()) } } },
    async (request) => {
      await updateProblem(saveContext(), request.user!, request.body);
      return ok(null);
    },
  );
  r.delete(
    `${base}/problem`,
    {
      config: { access: access.problemAdmins },
      schema: {
        querystring: deleteContestProblemQuery,
        response: { 200: answers(contestProblemRemovedData) },
      },
    },
    async (request) =>
      ok(await removeContestProblem(app.db, request.user!, request.query.pid, request.query.cid, now())),
  );
  r.get(
    `${base}/contest-problem`,
    {
      config,
      schema: { querystring: contestProblemLinkQuery, response: { 200: answers(contestProblemLinkData) } },
    },
    async (request) =>
      ok(await contestProblemLink(app.db, request.user!, request.query.cid, request.query.pid, now())),
  );
  r.put(
    `${base}/contest-problem`,
    { config, schema: { response: { 200: answers(contestProblemLinkData) } } },
    async (request) => ok(await updateContestProblem(app.db, request.user!, request.body, now())),
  );
  r.post(
    `${base}/add-problem-from-public`,
    { config, schema: { response: { 200: answers(z.null()) } } },
    async (request) => {
      await addProblemFromPublic(app.db, request.user!, request.body, now());
      return ok(null);
    },
  );
  // reference §3.12 / §10.3: a remote judge's problem imported (or found) and put into the contest
  r.get(
    `${base}/import-remote-oj-problem`,
    { config, schema: { querystring: contestRemoteImportQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      const { cid, displayId } = request.query;
      await manageableContest(app.db, request.user!, cid, now());
      await importAndAttach(saveContext(), request.user!, request.query, (tx, pid) =>
        linkProblem(tx, { cid, pid, displayId }, now()),
      );
      return ok(null);
    },
  );

  // ---- contest announcements ----
  r.get(
    `${base}/announcement`,
    {
      config,
      schema: {
        querystring: adminContestAnnouncementQuery,
        response: { 200: answers(contestAnnouncementPageData) },
      },
    },
    async (request) => ok(await contestAnnouncements(app.db, request.user!, request.query, now())),
  );
  r.post(
    `${base}/announcement`,
    { config, schema: { response: { 200: answers(z.null()) } } },
    async (request) => {
      await createContestAnnouncement(app.db, request.user!, request.body, now());
      return ok(null);
    },
  );
  r.put(
    `${base}/announcement`,
    { config, schema: { response: { 200: answers(z.null()) } } },
    async (request) => {
      await updateContestAnnouncement(app.db, request.user!, request.body, now());
      return ok(null);
    },
  );
  r.delete(
    `${base}/announcement`,
    { config, schema: { querystring: announcementIdQuery, response: { 200: answers(z.null()) } } },
    async (request) => {
      await deleteContestAnnouncement(app.db, request.user!, request.query.aid, now());
      return ok(null);
    },
  );
}
