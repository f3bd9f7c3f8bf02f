import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../../http/auth/access.ts';
import { ok } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/messages.ts';
import { deleteUsers } from './delete.ts';
import { editUser } from './edit.ts';
import { importUsers } from './import.ts';
import { listUsers } from './list.ts';
import { userAdminMessages } from './messages.ts';
import { deleteUsersBody, editUserBody, insertBatchBody, userListQuery } from './schemas.ts';

/** User management, reference §3.12 "Users": P(user_admin), which only root holds (reference §2). */
export async function adminUserRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.userAdmin };
  const base = '/api/admin/user';

  r.get(`${base}/get-user-list`, { config, schema: { querystring: userListQuery } }, async (request) =>
    ok(await listUsers(app.db, request.query)),
  );

  r.put(`${base}/edit-user`, { config, schema: { body: editUserBody } }, async (request) => {
    await editUser(app.db, app.clock, request.body);
    return ok(null);
  });

  // reference §1: this DELETE takes a JSON body.
  r.delete(`${base}/delete-user`, { config, schema: { body: deleteUsersBody } }, async (request) => {
    await deleteUsers(app.db, request.user!.uid, request.body.ids);
    return ok(null);
  });

  r.post(`${base}/insert-batch-user`, { config, schema: { body: insertBatchBody } }, async (request) => {
    const count = await importUsers(app.db, request.body.users, requestLanguage(request));
    return ok(null, userAdminMessages.batchImported(count));
  });
}
