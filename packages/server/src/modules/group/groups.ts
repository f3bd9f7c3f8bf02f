import {
  GROUP_AUTH,
  GROUP_LIMITS,
  GROUP_MEMBER_AUTH,
  type GroupBody,
  type GroupDetailVO,
  type GroupListQuery,
  type GroupVO,
} from '@verdict/shared';
import { and, count, countDistinct, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { group, groupMember, userAcproblem } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { fail, forbidden, notFound } from '../../http/errors.ts';
import { policyMessages } from '../../policy/messages.ts';
import { can } from '../../policy/index.ts';
import { isAdminRole, isRoot } from '../../policy/subjects.ts';
import { switchInfo } from '../admin/switch/service.ts';
import { containsPattern } from '../problem/query.ts';
import { groupFor, type GroupRow } from './access.ts';
import { groupMessages as m, groupNotices } from './messages.ts';
import { announce, notifyUsers } from './notices.ts';

const iso = (value: Date | string) => new Date(value).toISOString();
const MEMBER_LEVELS = [GROUP_MEMBER_AUTH.member, GROUP_MEMBER_AUTH.admin, GROUP_MEMBER_AUTH.root];

/**
 * reference §3.10 `GET /api/get-group-list`, §7.12: active groups (status 0), by keyword (name,
 * owner or short name), auth (0 = all) and "mine" (groups the caller is a member of); an invisible
 * group only for its members, site root sees all; by id ascending, with `memberCount` (levels 3–5).
 */
export async function listGroups(
  db: Db,
  user: AuthUser | null,
  query: GroupListQuery,
): Promise<Page<GroupVO>> {
  const conditions: SQL[] = [eq(group.status, 0)];
  const memberOf = (uid: string) =>
    sql`${group.id} in (select gid from group_member where uid = ${uid} and auth >= ${GROUP_MEMBER_AUTH.member})`;
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    conditions.push(
      or(
        sql`${group.name} ilike ${pattern}`,
        sql`${group.owner} ilike ${pattern}`,
        sql`${group.shortName} ilike ${pattern}`,
      )!,
    );
  }
  if (query.auth) conditions.push(eq(group.auth, query.auth));
  if (user && query.onlyMine) conditions.push(memberOf(user.uid));
  if (!isRoot(user))
    conditions.push(user ? or(eq(group.visible, true), memberOf(user.uid))! : eq(group.visible, true));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: group,
        memberCount: sql<string>`(select count(*) from group_member gm where gm.gid = "group"."id" and gm.auth >= ${GROUP_MEMBER_AUTH.member})`,
      })
      .from(group)
      .where(where)
      .orderBy(group.id)
      .limit(query.limit)
      .offset((query.currentPage - 1) * query.limit),
    db.select({ n: count() }).from(group).where(where),
  ]);
  const records = rows.map(({ row, memberCount }) => ({
    id: row.id,
    avatar: row.avatar,
    owner: row.owner,
    name: row.name,
    shortName: row.shortName,
    brief: row.brief,
    description: row.description,
    auth: row.auth,
    visible: row.visible,
    memberCount: Number(memberCount),
    gmtCreate: iso(row.gmtCreate),
  }));
  return page(records, total?.n ?? 0, query.currentPage, query.limit);
}

function detailJson(row: GroupRow, showCode: boolean): GroupDetailVO {
  return {
    id: row.id,
    avatar: row.avatar,
    name: row.name,
    shortName: row.shortName,
    brief: row.brief,
    description: row.description,
    owner: row.owner,
    uid: row.uid,
    auth: row.auth,
    visible: row.visible,
    status: row.status,
    code: showCode ? row.code : null,
    gmtCreate: iso(row.gmtCreate),
    gmtModified: iso(row.gmtModified),
  };
}

/** reference §3.10 `GET /api/get-group-detail`, §7.12: `code` only for the group's root and site root. */
export async function groupDetail(db: Db, user: AuthUser, gid: number): Promise<GroupDetailVO> {
  const { row, facts } = await groupFor(db, user, gid, 'group.view');
  return detailJson(row, can(user, 'group.root', facts));
}

/** reference §3.10 `GET /api/get-group-access`: `{access}`, true for members (3–5) and site root. */
export async function groupAccess(db: Db, user: AuthUser, gid: number): Promise<{ access: boolean }> {
  const { facts } = await groupFor(db, user, gid, 'group.view');
  return { access: can(user, 'group.member', facts) };
}

/** reference §3.10 `GET /api/get-group-auth`: the caller's member level (0 when none; 1 applying, 2 refused). */
export async function groupAuth(db: Db, user: AuthUser, gid: number): Promise<number> {
  const { level } = await groupFor(db, user, gid, 'group.view');
  return level;
}

const length = (text: string | null | undefined) => [...(text ?? '')].length;
const outside = (text: string | null | undefined, range: { min: number; max: number }) =>
  length(text) < range.min || length(text) > range.max;

/** The group form's values after §7.12's checks (spec part 2 §5 "Group form"), in HOJ's order. */
function validGroup(body: GroupBody) {
  if (outside(body.name, GROUP_LIMITS.name)) throw fail(m.nameLength);
  if (outside(body.shortName, GROUP_LIMITS.shortName)) throw fail(m.shortNameLength);
  if (outside(body.brief, GROUP_LIMITS.brief)) throw fail(m.briefLength);
  if (body.description && outside(body.description, GROUP_LIMITS.description))
    throw fail(m.descriptionLength);
  const auth = body.auth ?? 0;
  if (auth < GROUP_AUTH.public || auth > GROUP_AUTH.private) throw fail(m.authInvalid);
  const code = body.code?.trim() ? body.code : null;
  if (auth !== GROUP_AUTH.public && length(code) !== GROUP_LIMITS.codeLength) throw fail(m.codeLength);
  if (code !== null && length(code) !== GROUP_LIMITS.codeLength) throw fail(m.codeLength);
  return {
    name: body.name!,
    shortName: body.shortName!,
    brief: body.brief!,
    description: body.description ?? null,
    auth,
    code,
    visible: body.visible ?? true,
  };
}

/**
 * Name and short name are unique (reference §4.7), `except` the group being updated; short names
 * regardless of case, since the problem ids they prefix are upper-cased (`cls01` and `CLS01` would
 * number problems alike).
 */
async function assertUnique(tx: Db, values: { name: string; shortName: string }, except?: number) {
  const others = except === undefined ? undefined : ne(group.id, except);
  const [byName] = await tx
    .select({ id: group.id })
    .from(group)
    .where(and(eq(group.name, values.name), others));
  if (byName) throw fail(m.nameTaken);
  const [byShort] = await tx
    .select({ id: group.id })
    .from(group)
    .where(and(sql`upper(${group.shortName}) = upper(${values.shortName})`, others));
  if (byShort) throw fail(m.shortNameTaken);
}

const DAY_MS = 24 * 3600 * 1000;

/** reference §7.6 "Create group (non-admin)": accepted problems, daily and total quotas. */
async function assertCreateQuota(tx: Db, user: AuthUser, now: Date) {
  if (isAdminRole(user)) return;
  const sw = await switchInfo(tx);
  const need = sw.defaultCreateGroupACInitValue;
  if (need > 0) {
    const [ac] = await tx
      .select({ n: countDistinct(userAcproblem.pid) })
      .from(userAcproblem)
      .where(eq(userAcproblem.uid, user.uid));
    if (Number(ac?.n ?? 0) < need) throw forbidden(m.notEnoughAc(need));
  }
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`group-create:${user.uid}`}))`);
  const [today] = await tx
    .select({ n: count() })
    .from(group)
    .where(and(eq(group.uid, user.uid), gt(group.gmtCreate, new Date(now.getTime() - DAY_MS))));
  if ((today?.n ?? 0) >= sw.defaultCreateGroupDailyLimit)
    throw forbidden(m.dailyLimit(sw.defaultCreateGroupDailyLimit));
  const [owned] = await tx.select({ n: count() }).from(group).where(eq(group.uid, user.uid));
  if ((owned?.n ?? 0) >= sw.defaultCreateGroupLimit)
    throw forbidden(m.totalLimit(sw.defaultCreateGroupLimit));
}

/**
 * reference §3.10 `POST /api/group`, §7.12: the creator becomes the owner and a member at level 5.
 * **Changed:** answers the new group's id (HOJ answers null; its client ignores `data`).
 */
export async function createGroup(db: Db, user: AuthUser, body: GroupBody, now: Date): Promise<number> {
  const values = validGroup(body);
  return db.transaction(async (tx) => {
    await assertCreateQuota(tx, user, now);
    await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext('group-names'))`);
    await assertUnique(tx, values);
    const [row] = await tx
      .insert(group)
      .values({
        ...values,
        avatar: body.avatar ?? null,
        owner: user.username,
        uid: user.uid,
        gmtCreate: now,
        gmtModified: now,
      })
      .returning({ id: group.id });
    await tx.insert(groupMember).values({ gid: row!.id, uid: user.uid, auth: GROUP_MEMBER_AUTH.root });
    return row!.id;
  });
}

/** reference §3.10 `PUT /api/group`, §7.12: the group's root or site root; same checks. */
export async function updateGroup(db: Db, user: AuthUser, body: GroupBody): Promise<void> {
  if (!body.id) throw notFound(policyMessages.groupNotFound);
  const { row } = await groupFor(db, user, body.id, 'group.root');
  const values = validGroup(body);
  await db.transaction(async (tx) => {
    await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext('group-names'))`);
    await assertUnique(tx, values, row.id);
    await tx
      .update(group)
      .set({ ...values, ...(body.avatar !== undefined ? { avatar: body.avatar } : {}) })
      .where(eq(group.id, row.id));
  });
}

/**
 * reference §3.10 `DELETE /api/group?gid`, §7.12: the owner or site root; its members (3–5) get a
 * dissolution notice; the group's content goes with it (FK cascades, db/schema/groups.ts).
 */
export async function deleteGroup(db: Db, user: AuthUser, gid: number): Promise<void> {
  const { row } = await groupFor(db, user, gid, 'group.delete');
  const members = await db
    .select({ uid: groupMember.uid })
    .from(groupMember)
    .where(and(eq(groupMember.gid, gid), inArray(groupMember.auth, MEMBER_LEVELS)));
  const uids = members.map((r) => r.uid);
  await db.transaction(async (tx) => {
    await tx.delete(group).where(eq(group.id, gid));
    await notifyUsers(tx, uids, groupNotices.dissolved(row.name), user.uid);
  });
  announce(db, uids);
}
