import {
  GROUP_AUTH,
  GROUP_LIMITS,
  GROUP_MEMBER_AUTH,
  type GroupMemberBody,
  type GroupMemberListQuery,
  type GroupMemberVO,
  type JoinGroupQuery,
} from '@verdict/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { groupMember, userInfo } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { fail, forbidden, notFound } from '../../http/errors.ts';
import { groupLevel, isRoot } from '../../policy/subjects.ts';
import { containsPattern } from '../problem/query.ts';
import { groupFor } from './access.ts';
import { groupMessages as m, groupNotices } from './messages.ts';
import { announce, notifyUsers } from './notices.ts';

const { applying, refused, member, root } = GROUP_MEMBER_AUTH;

/**
 * reference §3.10 `GET /api/group/get-member-list` (members, levels 3–5; group members only) and
 * `get-apply-list` (applications, levels 1–2; group admins only): by keyword (username) and level.
 */
export async function listMembers(
  db: Db,
  user: AuthUser,
  query: GroupMemberListQuery,
  which: 'members' | 'applications',
): Promise<Page<GroupMemberVO>> {
  await groupFor(db, user, query.gid, which === 'members' ? 'group.member' : 'group.admin');
  const conditions: SQL[] = [
    eq(groupMember.gid, query.gid),
    which === 'members' ? gte(groupMember.auth, member) : lte(groupMember.auth, refused),
  ];
  if (query.auth) conditions.push(eq(groupMember.auth, query.auth));
  if (query.keyword) conditions.push(ilike(userInfo.username, containsPattern(query.keyword)));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: groupMember, username: userInfo.username, avatar: userInfo.avatar })
      .from(groupMember)
      .innerJoin(userInfo, eq(userInfo.uuid, groupMember.uid))
      .where(where)
      .orderBy(
        ...(which === 'members'
          ? [desc(groupMember.auth), asc(groupMember.id)]
          : [asc(groupMember.auth), desc(groupMember.id)]),
      )
      .limit(query.limit)
      .offset((query.currentPage - 1) * query.limit),
    db
      .select({ n: count() })
      .from(groupMember)
      .innerJoin(userInfo, eq(userInfo.uuid, groupMember.uid))
      .where(where),
  ]);
  const records = rows.map(({ row, username, avatar }) => ({
    id: row.id,
    gid: row.gid,
    uid: row.uid,
    username,
    avatar,
    auth: row.auth,
    reason: row.reason,
    gmtCreate: row.gmtCreate.toISOString(),
    gmtModify: row.gmtModified.toISOString(),
  }));
  return page(records, total?.n ?? 0, query.currentPage, query.limit);
}

async function memberRow(db: Db, gid: number, uid: string) {
  const [row] = await db
    .select()
    .from(groupMember)
    .where(and(eq(groupMember.gid, gid), eq(groupMember.uid, uid)));
  return row;
}

/** The uids of a group's roots (level 5; the owner's row is one), who review applications. */
async function groupRoots(db: Db, gid: number): Promise<string[]> {
  const rows = await db
    .select({ uid: groupMember.uid })
    .from(groupMember)
    .where(and(eq(groupMember.gid, gid), eq(groupMember.auth, root)));
  return rows.map((r) => r.uid);
}

/**
 * reference §3.10 `POST /api/group/member?gid&code&reason`, §7.12: the group must exist, be active
 * and visible (root bypasses); a Private group needs its code; a non-Public one a reason of 5–100
 * characters. A Public group is joined at once (a welcome notice); otherwise the application waits
 * (level 1) and the group's roots are told. **Changed:** a refused user (level 2) is told so instead
 * of HOJ's duplicate-key error. **Changed:** the applicant is told too that the application was sent
 * (HOJ tells only the group's roots).
 */
export async function joinGroup(db: Db, user: AuthUser, query: JoinGroupQuery): Promise<void> {
  const { row, level } = await groupFor(db, user, query.gid, 'group.join');
  if (row.auth === GROUP_AUTH.private && (query.code ?? '') !== row.code) throw fail(m.codeWrong);
  const reason = query.reason?.trim() ? query.reason.trim() : null;
  if (row.auth !== GROUP_AUTH.public) {
    const n = [...(reason ?? '')].length;
    if (n < GROUP_LIMITS.reason.min || n > GROUP_LIMITS.reason.max) throw fail(m.reasonLength);
  }
  if (level === applying) throw fail(m.alreadyApplied);
  if (level === refused) throw fail(m.applicationRefused);
  if (level >= member) throw fail(m.alreadyJoined);
  const joins = row.auth === GROUP_AUTH.public;
  const told = joins ? [user.uid] : await groupRoots(db, row.id);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(groupMember)
      .values({ gid: row.id, uid: user.uid, auth: joins ? member : applying, reason })
      .onConflictDoNothing()
      .returning({ id: groupMember.id });
    // a second request of the same user won the race
    if (inserted.length === 0) throw fail(m.alreadyApplied);
    await notifyUsers(
      tx,
      told,
      joins ? groupNotices.welcome(row.name) : groupNotices.application(row.name, user.username, reason),
      user.uid,
    );
    if (!joins) await notifyUsers(tx, [user.uid], groupNotices.applied(row.name), null);
  });
  announce(db, joins ? told : [...told, user.uid]);
}

/**
 * Spec part 2 §2.2 "Add Group Member", §7 "admin add with uid": `POST /api/group/member?gid&uid`.
 * A group admin (4, 5) or site root puts an active user straight in as a member (3), telling them
 * in "Mine"; an application or a refusal of theirs becomes the membership. Refused: a group that
 * is unknown or banned (policy `group.addMember`), an unknown user or a banned one (not found, as
 * on their home page, reference §7.11), one already in it (3–5, the owner too).
 * Verdict's: HOJ's server (reference §3.10) has only the caller's own join; spec part 2's dialog
 * asks for this one.
 */
export async function addMember(db: Db, user: AuthUser, gid: number, uid: string): Promise<void> {
  const { row } = await groupFor(db, user, gid, 'group.addMember');
  const [target] = await db.select({ status: userInfo.status }).from(userInfo).where(eq(userInfo.uuid, uid));
  if (!target || target.status !== 0) throw notFound(m.userNotFound);
  await db.transaction(async (tx) => {
    // one statement decides it, so two admins adding the same user at once add them once
    const added = await tx
      .insert(groupMember)
      .values({ gid, uid, auth: member })
      .onConflictDoUpdate({
        target: [groupMember.gid, groupMember.uid],
        set: { auth: member, gmtModified: sql`now()` },
        setWhere: lte(groupMember.auth, refused),
      })
      .returning({ id: groupMember.id });
    if (added.length === 0) throw fail(m.userAlreadyJoined);
    await notifyUsers(tx, [uid], groupNotices.added(row.name, user.username), user.uid);
  });
  announce(db, [uid]);
}

/**
 * reference §3.10 `PUT /api/group/member` {gid, uid, auth}, §7.12: group admins (4, 5) and site
 * root; the owner's row never changes; a member (3+) is not set back to 1 or 2; below site root and
 * the owner (who may appoint other roots, spec part 2 §7 "member auth select") the caller changes
 * only members below their own level, to a level below their own. The user is told:
 * welcome (approved), refused (with Verdict's optional `refusalReason`), or their new level.
 */
export async function updateMember(db: Db, user: AuthUser, body: GroupMemberBody): Promise<void> {
  const { row, facts } = await groupFor(db, user, body.gid, 'group.admin');
  const target = await memberRow(db, body.gid, body.uid);
  if (!target) throw notFound(m.memberNotFound);
  if (target.uid === row.uid) throw fail(m.ownerUnchangeable);
  if (target.auth >= member && body.auth <= refused) throw fail(m.memberCannotBeApplicant);
  const mine = groupLevel(user, facts);
  const owner = user.uid === row.uid;
  if (!isRoot(user) && !owner && !(target.auth < mine && body.auth < mine)) throw forbidden(m.levelBeyondOwn);
  if (target.auth === body.auth) return;
  const notice =
    body.auth === refused
      ? groupNotices.refused(row.name, body.refusalReason?.trim())
      : target.auth <= refused && body.auth >= member
        ? groupNotices.welcome(row.name)
        : groupNotices.level(row.name, body.auth);
  await db.transaction(async (tx) => {
    await tx.update(groupMember).set({ auth: body.auth }).where(eq(groupMember.id, target.id));
    await notifyUsers(tx, [target.uid], notice, user.uid);
  });
  announce(db, [target.uid]);
}

/**
 * reference §3.10 `DELETE /api/group/member?uid&gid`, §7.12: group admins and site root; not
 * oneself, not the owner; below site root only someone of a lower level. The user is told.
 */
export async function removeMember(db: Db, user: AuthUser, gid: number, uid: string): Promise<void> {
  const { row, facts } = await groupFor(db, user, gid, 'group.admin');
  if (uid === user.uid) throw fail(m.removeSelf);
  if (uid === row.uid) throw fail(m.removeOwner);
  const target = await memberRow(db, gid, uid);
  if (!target) throw notFound(m.memberNotFound);
  if (!isRoot(user) && !(target.auth < groupLevel(user, facts))) throw forbidden(m.removeBeyondOwn);
  await db.transaction(async (tx) => {
    await tx.delete(groupMember).where(eq(groupMember.id, target.id));
    await notifyUsers(tx, [uid], groupNotices.removed(row.name), user.uid);
  });
  announce(db, [uid]);
}

/** reference §3.10 `DELETE /api/group/member/exit?gid`, §7.12: a member leaves; the owner cannot. */
export async function exitGroup(db: Db, user: AuthUser, gid: number): Promise<void> {
  const { row, level } = await groupFor(db, user, gid, 'group.view');
  if (row.uid === user.uid) throw fail(m.ownerCannotExit);
  if (level < member) throw fail(m.notMember);
  await db.transaction(async (tx) => {
    await tx
      .delete(groupMember)
      .where(
        and(eq(groupMember.gid, gid), eq(groupMember.uid, user.uid), inArray(groupMember.auth, [3, 4, 5])),
      );
    await notifyUsers(tx, [user.uid], groupNotices.left(row.name), null);
  });
  announce(db, [user.uid]);
}
