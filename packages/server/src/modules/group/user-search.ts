import {
  ADMIN_ROLES,
  ROLES,
  type GroupUserCandidateVO,
  type GroupUserSearchQuery,
  type RoleName,
} from '@verdict/shared';
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groupMember, role, userInfo, userRole } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { can } from '../../policy/index.ts';
import { containsPattern } from '../problem/query.ts';
import { groupFor } from './access.ts';

/**
 * The user type a group admin is shown: the admin roles as they are (the site shows them as
 * badges anyway), every other role as a default user; whether the site bars someone from
 * submitting or posting is the site's moderation, not the group's business (policy
 * `group.userPrivate` sees the real role).
 */
const publicRole = (name: RoleName): RoleName => (ADMIN_ROLES.includes(name) ? name : 'default_user');

/**
 * `GET /api/group/get-user-list?gid&keyword&currentPage&limit` (Verdict; spec part 2 §2.2 "Add
 * Group Member" dialog, whose HOJ original reads the admin user list, §7 "admin user list"): for
 * the group's admins and site root (policy `group.addMember`), the site's active users (a banned
 * one is not found, reference §7.11), by username, nickname, real name or school (the rank lists'
 * search matches real names already, reference §7.11), in username order, each with their level
 * in the group. A group admin is not a site admin: the answer holds what a user's home page shows
 * (username, nickname, school, avatar) and the user type; the real name and the true user type
 * only for holders of user_admin (policy `group.userPrivate`); never e-mail, mobile or password.
 */
export async function searchUsers(
  db: Db,
  user: AuthUser,
  query: GroupUserSearchQuery,
): Promise<Page<GroupUserCandidateVO>> {
  const { row } = await groupFor(db, user, query.gid, 'group.addMember');
  const seesPrivate = can(user, 'group.userPrivate');
  const conditions: SQL[] = [eq(userInfo.status, 0)];
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    conditions.push(
      or(
        ilike(userInfo.username, pattern),
        ilike(userInfo.nickname, pattern),
        ilike(userInfo.realname, pattern),
        ilike(userInfo.school, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        uid: userInfo.uuid,
        username: userInfo.username,
        nickname: userInfo.nickname,
        school: userInfo.school,
        avatar: userInfo.avatar,
        realname: userInfo.realname,
        groupAuth: sql<number>`coalesce(${groupMember.auth}, 0)`.mapWith(Number),
      })
      .from(userInfo)
      .leftJoin(groupMember, and(eq(groupMember.gid, row.id), eq(groupMember.uid, userInfo.uuid)))
      .where(where)
      .orderBy(asc(userInfo.username))
      .limit(query.limit)
      .offset((query.currentPage - 1) * query.limit),
    db.select({ n: count() }).from(userInfo).where(where),
  ]);
  const roles = await rolesOf(
    db,
    rows.map((r) => r.uid),
  );
  const records = rows.map(({ realname, ...r }): GroupUserCandidateVO => {
    const name = roles.get(r.uid) ?? ROLES.defaultUser.role;
    return seesPrivate ? { ...r, role: name, realname } : { ...r, role: publicRole(name) };
  });
  return page(records, total?.n ?? 0, query.currentPage, query.limit);
}

/**
 * Each user's type: their first admin role in ADMIN_ROLES' order (root, admin, problem_admin), else
 * their role of the smallest id (HOJ gives a user one role, reference §2).
 */
async function rolesOf(db: Db, uids: string[]): Promise<Map<string, RoleName>> {
  if (uids.length === 0) return new Map();
  const rows = await db
    .select({ uid: userRole.uid, name: role.role })
    .from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId))
    .where(inArray(userRole.uid, uids))
    .orderBy(asc(role.id));
  const rank = (name: string) => {
    const i = ADMIN_ROLES.indexOf(name as RoleName);
    return i < 0 ? ADMIN_ROLES.length : i;
  };
  const roles = new Map<string, RoleName>();
  for (const r of rows) {
    const had = roles.get(r.uid);
    if (had === undefined || rank(r.name) < rank(had)) roles.set(r.uid, r.name as RoleName);
  }
  return roles;
}
