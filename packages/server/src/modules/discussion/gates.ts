import { and, count, countDistinct, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { comment, discussion, reply, userAcproblem, userInfo } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, forbidden, noPermission } from '../../http/errors.ts';
import { isAdminRole, isRoot, type Subject } from '../../policy/subjects.ts';
import { switchInfo, type FixedSwitches } from '../admin/switch/service.ts';
import { discussionMessages as m } from './messages.ts';

/** reference §7.14: the switches and quotas of the discussion area, read on each call. */
export const discussionSwitches = switchInfo;

/**
 * reference §7.14 openPublicDiscussion, or openGroupDiscussion for a group's posts (`gid`): a closed
 * area answers HTTP 403 (the client's "No Access").
 */
export function assertDiscussionOpen(sw: FixedSwitches, gid: number | null = null) {
  if (gid !== null) {
    if (!sw.openGroupDiscussion) throw noPermission(m.groupDiscussionClosed);
  } else if (!sw.openPublicDiscussion) throw noPermission(m.discussionClosed);
}

/** reference §7.14 openContestComment. */
export function assertContestCommentOpen(sw: FixedSwitches) {
  if (!sw.openContestComment) throw noPermission(m.contestCommentClosed);
}

/**
 * reference §7.15: the `role` copied into posts, comments and replies; in a group (§7.12) by the
 * writer's level there (5 root, 4 admin), site root staying root.
 */
export function authorRole(user: Subject, groupLevel?: number): 'root' | 'admin' | 'user' {
  if (isRoot(user)) return 'root';
  if (groupLevel !== undefined) return groupLevel >= 5 ? 'root' : groupLevel >= 4 ? 'admin' : 'user';
  return isAdminRole(user) ? 'admin' : 'user';
}

/** The caller's username and avatar, copied into what they write. */
export async function authorProfile(db: Db, uid: string) {
  const [row] = await db
    .select({ username: userInfo.username, avatar: userInfo.avatar })
    .from(userInfo)
    .where(eq(userInfo.uuid, uid));
  if (!row) throw fail(m.recipientNotFound);
  return row;
}

/** reference §7.6: distinct accepted problems (user_acproblem holds only non-contest, non-group ACs). */
async function acceptedProblems(db: Db, uid: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(userAcproblem.pid) })
    .from(userAcproblem)
    .where(eq(userAcproblem.uid, uid));
  return Number(row?.n ?? 0);
}

/** Serialises one user's posts for the rest of the transaction, so the daily quota cannot be raced. */
async function lockPoster(tx: Db, uid: string) {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`discussion:${uid}`}))`);
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * reference §7.6 "Create discussion (non-admin)": at least `defaultCreateDiscussionACInitValue`
 * accepted problems and at most `defaultCreateDiscussionDailyLimit` posts in 24 hours. Call it
 * inside the transaction that inserts. **Changed:** the 24 hours slide (HOJ's Redis counter starts
 * at the first post of a window). In a group its admins are exempt too; the others face the site's
 * quotas. **Changed:** HOJ used fixed figures there (10 ACs, 5 a day) instead of the switches.
 */
export async function assertPostQuota(
  tx: Db,
  user: AuthUser,
  sw: FixedSwitches,
  now: Date,
  exempt = isAdminRole(user),
) {
  if (exempt) return;
  const need = sw.defaultCreateDiscussionACInitValue;
  if (need > 0 && (await acceptedProblems(tx, user.uid)) < need)
    throw forbidden(m.notEnoughAcForDiscussion(need));
  await lockPoster(tx, user.uid);
  const limit = sw.defaultCreateDiscussionDailyLimit;
  const [row] = await tx
    .select({ n: count() })
    .from(discussion)
    .where(and(eq(discussion.uid, user.uid), gt(discussion.gmtCreate, new Date(now.getTime() - DAY_MS))));
  if ((row?.n ?? 0) >= limit) throw forbidden(m.dailyDiscussionLimit(limit));
}

/**
 * reference §7.6: discussion comments and replies (non-admin) need `defaultCreateCommentACInitValue`
 * ACs; Verdict also allows at most `defaultCreateCommentDailyLimit` of them in 24 hours (issue 15;
 * contest comments have no quota). Call it inside the transaction that inserts.
 */
export async function assertCommentQuota(tx: Db, user: AuthUser, sw: FixedSwitches, now: Date) {
  if (isAdminRole(user)) return;
  const need = sw.defaultCreateCommentACInitValue;
  if (need > 0 && (await acceptedProblems(tx, user.uid)) < need)
    throw forbidden(m.notEnoughAcForComment(need));
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`comment:${user.uid}`}))`);
  const since = new Date(now.getTime() - DAY_MS);
  const [comments] = await tx
    .select({ n: count() })
    .from(comment)
    .where(and(eq(comment.fromUid, user.uid), isNotNull(comment.did), gt(comment.gmtCreate, since)));
  const [replies] = await tx
    .select({ n: count() })
    .from(reply)
    .innerJoin(comment, eq(comment.id, reply.commentId))
    .where(and(eq(reply.fromUid, user.uid), isNotNull(comment.did), gt(reply.gmtCreate, since)));
  const limit = sw.defaultCreateCommentDailyLimit;
  if ((comments?.n ?? 0) + (replies?.n ?? 0) >= limit) throw forbidden(m.dailyCommentLimit(limit));
}
