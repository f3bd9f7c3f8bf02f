import { ADMIN_ROLES } from '@verdict/shared';
import { and, desc, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { role, userInfo, userRole } from '../../../db/schema/index.ts';
import { page } from '../../../http/envelope.ts';
import type { userListQuery } from './schemas.ts';

/**
 * `GET /api/admin/user/get-user-list` (reference §3.12): `IPage<UserRolesVO>`, newest first.
 * reference §13: HOJ sends the password hash; Verdict answers `password: null` and never selects it.
 */
export async function listUsers(db: Db, query: z.output<typeof userListQuery>) {
  const filters: SQL[] = [];
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        ilike(userInfo.username, like),
        ilike(userInfo.realname, like),
        ilike(userInfo.nickname, like),
        ilike(userInfo.email, like),
        eq(userInfo.uuid, query.keyword),
      )!,
    );
  }
  if (query.onlyAdmin) {
    filters.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(userRole)
          .innerJoin(role, eq(role.id, userRole.roleId))
          .where(and(eq(userRole.uid, userInfo.uuid), inArray(role.role, [...ADMIN_ROLES]))),
      ),
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(userInfo)
    .where(where);
  const rows = await db
    .select({
      uid: userInfo.uuid,
      username: userInfo.username,
      nickname: userInfo.nickname,
      school: userInfo.school,
      course: userInfo.course,
      number: userInfo.number,
      gender: userInfo.gender,
      realname: userInfo.realname,
      cfUsername: userInfo.cfUsername,
      github: userInfo.github,
      blog: userInfo.blog,
      email: userInfo.email,
      avatar: userInfo.avatar,
      titleName: userInfo.titleName,
      titleColor: userInfo.titleColor,
      signature: userInfo.signature,
      status: userInfo.status,
      gmtCreate: userInfo.gmtCreate,
      gmtModified: userInfo.gmtModified,
    })
    .from(userInfo)
    .where(where)
    .orderBy(desc(userInfo.gmtCreate), userInfo.uuid)
    .limit(query.limit)
    .offset((query.currentPage - 1) * query.limit);
  const uids = rows.map((r) => r.uid);
  const roleRows = uids.length
    ? await db
        .select({
          uid: userRole.uid,
          id: role.id,
          role: role.role,
          description: role.description,
          status: role.status,
          gmtCreate: role.gmtCreate,
          gmtModified: role.gmtModified,
        })
        .from(userRole)
        .innerJoin(role, eq(role.id, userRole.roleId))
        .where(inArray(userRole.uid, uids))
        .orderBy(role.id)
    : [];
  const records = rows.map((r) => ({
    ...r,
    password: null,
    roles: roleRows.filter((x) => x.uid === r.uid).map(({ uid: _uid, ...rest }) => rest),
  }));
  return page(records, total, query.currentPage, query.limit);
}
