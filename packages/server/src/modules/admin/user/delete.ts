import { ROLES } from '@verdict/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { problem, userInfo, userRole } from '../../../db/schema/index.ts';
import { fail } from '../../../http/errors.ts';
import { userAdminMessages as m } from './messages.ts';
import { countRoots } from './roots.ts';

/**
 * `DELETE /api/admin/user/delete-user` body `{ids}` (reference §3.12). What belongs to the users
 * goes with them through the foreign keys (reference §4: ON DELETE CASCADE on every uid and
 * username column). problem.author is NO ACTION as in HOJ, so a problem author is refused with a
 * clear message instead of a database error. Verdict: the caller cannot delete themself, and the
 * last root is kept. Unknown ids are ignored.
 */
export async function deleteUsers(db: Db, callerUid: string, ids: string[]): Promise<void> {
  const uids = [...new Set(ids)];
  if (uids.length === 0) throw fail(m.noIds);
  if (uids.includes(callerUid)) throw fail(m.deleteSelf);
  await db.transaction(async (tx) => {
    const [rootsDeleted] = await tx
      .select({ n: sql<number>`count(distinct ${userRole.uid})::int` })
      .from(userRole)
      .where(and(eq(userRole.roleId, ROLES.root.id), inArray(userRole.uid, uids)));
    if ((rootsDeleted?.n ?? 0) > 0 && (await countRoots(tx)) - rootsDeleted!.n < 1)
      throw fail(m.deleteLastRoot);
    const [authored] = await tx
      .select({ id: problem.id })
      .from(problem)
      .innerJoin(userInfo, eq(userInfo.username, problem.author))
      .where(inArray(userInfo.uuid, uids))
      .limit(1);
    if (authored) throw fail(m.deleteAuthor);
    await tx.delete(userInfo).where(inArray(userInfo.uuid, uids));
  });
}
