import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUserPageData, generateUserData, importProgressData } from '@verdict/shared';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/messages.ts';
import { answers, answersFile } from '../../../http/responses.ts';
import { deleteUsers } from './delete.ts';
import { editUser } from './edit.ts';
import { generateUserBody, generateUsers, takeGeneratedAccounts } from './generate.ts';
import { importUsers } from './import.ts';
import {
  importBatchBody,
  importProgressQuery,
  noProgress,
  readImportProgress,
  startImportProgress,
} from './import-progress.ts';
import { listUsers } from './list.ts';
import { userAdminMessages } from './messages.ts';
import { deleteUsersBody, editUserBody, generatedFileQuery, userListQuery } from './schemas.ts';
import { accountsCsv, accountsXlsx } from './sheet.ts';

/** User management, reference §3.12 "Users": P(user_admin), which only root holds (reference §2). */
export async function adminUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.userAdmin };
  const base = '/api/admin/user';
  const done = { 200: answers(z.null()) };

  r.get(
    `${base}/get-user-list`,
    { config, schema: { querystring: userListQuery, response: { 200: answers(adminUserPageData) } } },
    async (request) => ok(await listUsers(app.db, request.query)),
  );

  r.put(`${base}/edit-user`, { config, schema: { body: editUserBody, response: done } }, async (request) => {
    await editUser(app.db, app.clock, request.body);
    return ok(null);
  });

  // reference §1: this DELETE takes a JSON body.
  r.delete(
    `${base}/delete-user`,
    { config, schema: { body: deleteUsersBody, response: done } },
    async (request) => {
      await deleteUsers(app.db, request.user!.uid, request.body.ids);
      return ok(null);
    },
  );

  // Verdict adds `importId` (import-progress.ts), whose progress the next call reads.
  r.post(
    `${base}/insert-batch-user`,
    { config, schema: { body: importBatchBody, response: done } },
    async (request) => {
      const { users, importId } = request.body;
      const progress = importId
        ? await startImportProgress(app.db, app.clock, importId, request.user!.uid, users.length)
        : noProgress;
      const count = await importUsers(app.db, users, requestLanguage(request), progress);
      return ok(null, userAdminMessages.batchImported(count));
    },
  );

  r.get(
    `${base}/import-progress`,
    { config, schema: { querystring: importProgressQuery, response: { 200: answers(importProgressData) } } },
    async (request) => ok(await readImportProgress(app.db, request.query.id, request.user!.uid)),
  );

  r.post(
    `${base}/generate-user`,
    { config, schema: { body: generateUserBody, response: { 200: answers(generateUserData) } } },
    async (request) => ok(await generateUsers(app.db, app.clock.now(), request.body)),
  );

  // reference §3.11: any method, R(root); the pairs are deleted as they are sent (shown once).
  // Verdict adds `format=csv`.
  r.route({
    method: ['GET', 'POST'],
    url: '/api/file/generate-user-excel',
    config: { access: access.anyRole('root') },
    // an .xlsx, or with `format=csv` a CSV
    schema: {
      querystring: generatedFileQuery,
      response: { 200: answersFile('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') },
    },
    handler: async (request, reply) => {
      const { key, format } = request.query;
      const pairs = await takeGeneratedAccounts(app.db, key, app.clock.now());
      const csv = format === 'csv';
      const body = csv ? accountsCsv(pairs) : await accountsXlsx(pairs);
      return reply
        .type(
          csv
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header(
          'Content-Disposition',
          `attachment;filename=${encodeURIComponent(`${key}.${csv ? 'csv' : 'xlsx'}`)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  });
}
