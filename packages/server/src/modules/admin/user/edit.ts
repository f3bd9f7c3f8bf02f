import {
  ACCOUNT_MESSAGES,
  adminEditUserFields,
  isAccountMessageKey,
  ROLES,
  type AdminEditUserField,
} from '@verdict/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/client.ts';
import { session, userInfo, userRole } from '../../../db/schema/index.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { hashPassword } from '../../account/password.ts';
import { uniqueViolation } from '../../account/register.ts';
import { userAdminMessages as m } from './messages.ts';
import type { EditUserInput } from './schemas.ts';
import { countRoots } from './roots.ts';

const ROLE_IDS = new Set<number>(Object.values(ROLES).map((r) => r.id));

/** A field checked with the schema the edit dialog uses (shared/admin-user.ts): its trimmed value, '' for none. */
function checked(field: AdminEditUserField, value: string): string {
  const result = adminEditUserFields[field].safeParse(value);
  if (result.success) return result.data;
  const key = result.error.issues[0]?.message ?? '';
  // every issue of these schemas names its message; anything else is a bug, not the admin's input
  if (!isAccountMessageKey(key)) throw new Error(`edit-user ${field}: unexpected issue ${key}`);
  throw fail(ACCOUNT_MESSAGES[key]);
}
/** Absent stays absent; empty text is "no value". */
const optional = (field: AdminEditUserField, value: string | null | undefined) =>
  value === undefined ? undefined : checked(field, value ?? '') || null;

/**
 * `PUT /api/admin/user/edit-user` (reference §3.12). Everything is checked before anything is
 * written, then written in one transaction. A ban or a new password ends every session of the
 * user in that transaction, so their tokens fail on the next request (reference §1.3).
 * Verdict: the last root cannot be demoted, so the site never loses its super administrator.
 */
export async function editUser(db: Db, clock: Clock, input: EditUserInput): Promise<void> {
  const [user] = await db
    .select({ uid: userInfo.uuid, username: userInfo.username })
    .from(userInfo)
    .where(eq(userInfo.uuid, input.uid));
  if (!user) throw notFound(m.userNotFound);

  const set: Partial<typeof userInfo.$inferInsert> = {};
  if (input.username != null) set.username = checked('username', input.username);
  for (const field of ['realname', 'email', 'titleName', 'titleColor'] as const) {
    const value = optional(field, input[field]);
    if (value !== undefined) set[field] = value;
  }
  if (input.status != null) {
    if (input.status !== 0 && input.status !== 1) throw fail(m.badStatus);
    set.status = input.status;
  }
  if (input.setNewPwd) {
    set.password = await hashPassword(checked('password', input.password ?? ''));
  }
  if (input.type != null && !ROLE_IDS.has(input.type)) throw fail(m.unknownRole);

  try {
    await db.transaction(async (tx) => {
      if (set.username && set.username !== user.username) {
        const [taken] = await tx
          .select({ uid: userInfo.uuid })
          .from(userInfo)
          .where(and(eq(userInfo.username, set.username), ne(userInfo.uuid, user.uid)));
        if (taken) throw fail(m.usernameTaken);
      }
      if (set.email) {
        const [taken] = await tx
          .select({ uid: userInfo.uuid })
          .from(userInfo)
          .where(
            and(sql`lower(${userInfo.email}) = ${set.email.toLowerCase()}`, ne(userInfo.uuid, user.uid)),
          );
        if (taken) throw fail(m.emailTaken);
      }
      if (input.type != null) {
        const roles = await tx
          .select({ roleId: userRole.roleId })
          .from(userRole)
          .where(eq(userRole.uid, user.uid));
        const wasRoot = roles.some((r) => r.roleId === ROLES.root.id);
        if (wasRoot && input.type !== ROLES.root.id && (await countRoots(tx)) <= 1)
          throw fail(m.deleteLastRoot);
        await tx.delete(userRole).where(eq(userRole.uid, user.uid));
        await tx.insert(userRole).values({ uid: user.uid, roleId: input.type });
      }
      if (Object.keys(set).length) await tx.update(userInfo).set(set).where(eq(userInfo.uuid, user.uid));
      if (set.status === 1 || set.password) {
        await tx
          .update(session)
          .set({ revokedAt: clock.now() })
          .where(and(eq(session.uid, user.uid), isNull(session.revokedAt)));
      }
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint?.includes('username')) throw fail(m.usernameTaken);
    if (constraint?.includes('email')) throw fail(m.emailTaken);
    throw error;
  }
}
