import type {
  DiscussionListQuery,
  DiscussionVO,
  discussionBody,
  discussionUpdateBody,
} from '@verdict/shared';
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  category,
  discussion,
  discussionLike,
  discussionReport,
  problem,
  userInfo,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { fail, notFound } from '../../http/errors.ts';
import { assertCan } from '../../policy/index.ts';
import type { DiscussionFacts } from '../../policy/resources.ts';
import { isAdminRole, type Subject } from '../../policy/subjects.ts';
import { containsPattern } from '../problem/query.ts';
import {
  assertDiscussionOpen,
  assertPostQuota,
  authorProfile,
  authorRole,
  discussionSwitches,
} from './gates.ts';
import { groupFor, withGroupFacts } from '../group/access.ts';
import { discussionMessages as m } from './messages.ts';
import { remind, transactionWithReminders } from './reminders.ts';

type DiscussionRow = typeof discussion.$inferSelect;

const columns = {
  d: discussion,
  categoryName: category.name,
  titleName: userInfo.titleName,
  titleColor: userInfo.titleColor,
};

function discussionJson(
  r: { d: DiscussionRow; categoryName: string | null; titleName: string | null; titleColor: string | null },
  extra: { hasLike?: boolean; withContent: boolean },
): DiscussionVO {
  const d = r.d;
  return {
    id: d.id,
    categoryId: d.categoryId,
    categoryName: r.categoryName,
    title: d.title,
    description: d.description,
    content: extra.withContent ? d.content : null,
    pid: d.pid,
    uid: d.uid,
    author: d.author,
    avatar: d.avatar,
    titleName: r.titleName,
    titleColor: r.titleColor,
    role: d.role,
    viewNum: d.viewNum,
    likeNum: d.likeNum,
    commentNum: d.commentNum,
    hasLike: extra.hasLike ?? false,
    topPriority: d.topPriority,
    gid: d.gid,
    status: d.status,
    gmtCreate: d.gmtCreate.toISOString(),
    gmtModified: d.gmtModified.toISOString(),
  };
}

/**
 * The policy's facts of a discussion for `user` (reference §7.15): its author, status and group,
 * with the caller's standing in that group (§7.12).
 */
export async function discussionFacts(
  db: Db,
  user: Subject,
  d: Pick<DiscussionRow, 'uid' | 'status' | 'gid'>,
): Promise<DiscussionFacts> {
  return (await withGroupFacts(db, user, { uid: d.uid, status: d.status, gid: d.gid }))!;
}

/** A discussion row, or "does not exist" (deleted ones included). */
export async function loadDiscussion(db: Db, did: number): Promise<DiscussionRow> {
  const [row] = await db.select().from(discussion).where(eq(discussion.id, did));
  if (!row) throw notFound(m.discussionNotFound);
  return row;
}

/**
 * reference §3.8 `GET /api/get-discussion-list`: pinned first, then newest, likes, views; `content`
 * only for the caller's own posts. Outside the admin view only shown public posts are listed
 * (gid null, status 0); `admin=true` from an admin role lists the hidden ones too.
 */
export async function discussionList(
  db: Db,
  user: Subject,
  q: DiscussionListQuery,
): Promise<Page<DiscussionVO>> {
  assertDiscussionOpen(await discussionSwitches(db));
  const where: (SQL | undefined)[] = [isNull(discussion.gid)];
  if (!(q.admin && isAdminRole(user))) where.push(eq(discussion.status, 0));
  if (q.cid !== undefined) where.push(eq(discussion.categoryId, q.cid));
  if (q.pid !== undefined) where.push(eq(discussion.pid, q.pid));
  if (q.onlyMine && user) where.push(eq(discussion.uid, user.uid));
  if (q.keyword) {
    const pattern = containsPattern(q.keyword);
    where.push(
      or(
        ilike(discussion.title, pattern),
        ilike(discussion.author, pattern),
        ilike(discussion.description, pattern),
        /^\d{1,9}$/.test(q.keyword) ? eq(discussion.id, Number(q.keyword)) : undefined,
      ),
    );
  }
  return discussionPage(db, user, where, q);
}

/**
 * reference §3.10 `GET /api/group/get-discussion-list` (members: the group's shown posts, of one
 * problem with `pid`) and `get-admin-discussion-list` (its admins: every post of the group, with
 * its content, as HOJ answers it, for its table to send back with a new status or pin), behind the
 * openGroupDiscussion switch; ordered as the public list.
 */
export async function groupDiscussionList(
  db: Db,
  user: AuthUser,
  q: { gid: number; pid?: string; currentPage: number; limit: number },
  view: 'member' | 'admin',
): Promise<Page<DiscussionVO>> {
  assertDiscussionOpen(await discussionSwitches(db), q.gid);
  await groupFor(db, user, q.gid, view === 'admin' ? 'group.admin' : 'group.member');
  return discussionPage(
    db,
    user,
    [
      eq(discussion.gid, q.gid),
      view === 'admin' ? undefined : eq(discussion.status, 0),
      q.pid ? eq(discussion.pid, q.pid) : undefined,
    ],
    q,
    view === 'admin',
  );
}

/** One page of the posts `where` selects, in the lists' order; `content` only the caller's own unless `allContent`. */
async function discussionPage(
  db: Db,
  user: Subject,
  where: (SQL | undefined)[],
  q: { currentPage: number; limit: number },
  allContent = false,
): Promise<Page<DiscussionVO>> {
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(discussion)
      .leftJoin(category, eq(category.id, discussion.categoryId))
      .leftJoin(userInfo, eq(userInfo.uuid, discussion.uid))
      .where(condition)
      .orderBy(
        desc(discussion.topPriority),
        desc(discussion.gmtCreate),
        desc(discussion.likeNum),
        desc(discussion.viewNum),
        desc(discussion.id),
      )
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    db.select({ n: count() }).from(discussion).where(condition),
  ]);
  return page(
    rows.map((r) => discussionJson(r, { withContent: allContent || (!!user && r.d.uid === user.uid) })),
    total?.n ?? 0,
    q.currentPage,
    q.limit,
  );
}

/** reference §3.8 `GET /api/get-discussion-detail`, §7.15: counts a view; a banned post is refused. */
export async function discussionDetail(db: Db, user: Subject, did: number): Promise<DiscussionVO> {
  const sw = await discussionSwitches(db);
  const current = await loadDiscussion(db, did);
  assertDiscussionOpen(sw, current.gid);
  assertCan(user, 'discussion.view', await discussionFacts(db, user, current));
  await db
    .update(discussion)
    .set({ viewNum: sql`${discussion.viewNum} + 1`, gmtModified: sql`${discussion.gmtModified}` })
    .where(eq(discussion.id, did));
  const [row] = await db
    .select(columns)
    .from(discussion)
    .leftJoin(category, eq(category.id, discussion.categoryId))
    .leftJoin(userInfo, eq(userInfo.uuid, discussion.uid))
    .where(eq(discussion.id, did));
  const liked = user
    ? await db
        .select({ id: discussionLike.id })
        .from(discussionLike)
        .where(and(eq(discussionLike.did, did), eq(discussionLike.uid, user.uid)))
    : [];
  return discussionJson(row!, { hasLike: liked.length > 0, withContent: true });
}

async function assertCategory(db: Db, categoryId: number) {
  const [row] = await db.select({ id: category.id }).from(category).where(eq(category.id, categoryId));
  if (!row) throw fail(m.categoryNotFound);
}

/** The problem a post is about (it must exist), and the group it belongs to, if any. */
async function problemAbout(db: Db, pid: string | null): Promise<{ gid: number | null } | null> {
  if (pid === null) return null;
  const [row] = await db
    .select({ isGroup: problem.isGroup, gid: problem.gid })
    .from(problem)
    .where(eq(problem.problemId, pid));
  if (!row) throw fail(m.problemNotFound);
  return { gid: row.isGroup ? row.gid : null };
}

/**
 * reference §3.8 `POST /api/discussion`, §3.10 `POST /api/group/discussion`, §7.15: author, avatar
 * and role from the session; only the admin roles pin; quotas of §7.6 for the others; the problem
 * and category must exist. A post in a group (`gid`, or about a group's problem, which takes the post
 * into that group, §7.12) is for its members, its role their level there.
 */
export async function addDiscussion(
  db: Db,
  user: AuthUser,
  body: z.output<typeof discussionBody>,
  now: Date,
): Promise<void> {
  const sw = await discussionSwitches(db);
  const about = await problemAbout(db, body.pid);
  const gid = about?.gid ?? body.gid ?? null;
  assertDiscussionOpen(sw, gid);
  const level = gid !== null ? (await groupFor(db, user, gid, 'group.member')).level : undefined;
  if (body.topPriority) {
    const facts = await discussionFacts(db, user, { uid: user.uid, status: 0, gid });
    assertCan(user, 'discussion.moderate', facts);
  }
  await db.transaction(async (tx) => {
    await assertCategory(tx, body.categoryId!);
    await assertPostQuota(tx, user, sw, now, isAdminRole(user) || (level ?? 0) >= 4);
    const author = await authorProfile(tx, user.uid);
    await tx.insert(discussion).values({
      gid,
      categoryId: body.categoryId!,
      title: body.title,
      description: body.description,
      content: body.content,
      pid: body.pid,
      uid: user.uid,
      author: author.username,
      avatar: author.avatar,
      role: authorRole(user, level),
      topPriority: body.topPriority ?? false,
      gmtCreate: now,
      gmtModified: now,
    });
  });
}

/**
 * reference §3.8 `PUT /api/discussion`, §3.10 `PUT /api/group/discussion`, §7.15: the author (or
 * root; a group's post also its group admins) edits; only the admin roles (a group's post: its
 * group admins and root) change `topPriority` or, through the group call, `status`; the problem and
 * category are checked again.
 */
export async function updateDiscussion(
  db: Db,
  user: AuthUser,
  body: z.output<typeof discussionUpdateBody> & { status?: 0 | 1 | null },
): Promise<void> {
  const sw = await discussionSwitches(db);
  const current = await loadDiscussion(db, body.id);
  assertDiscussionOpen(sw, current.gid);
  const facts = await discussionFacts(db, user, current);
  assertCan(user, 'discussion.edit', facts);
  const changesTop = body.topPriority != null && body.topPriority !== current.topPriority;
  const changesStatus = body.status != null && body.status !== current.status;
  if (changesTop || changesStatus) assertCan(user, 'discussion.moderate', facts);
  await assertCategory(db, body.categoryId!);
  // a post stays where it is: a group's problem only in that group's posts
  const about = await problemAbout(db, body.pid);
  if (about && about.gid !== null && about.gid !== current.gid) throw fail(m.otherGroupProblem);
  await db
    .update(discussion)
    .set({
      title: body.title,
      description: body.description,
      content: body.content,
      categoryId: body.categoryId!,
      pid: body.pid,
      ...(changesTop ? { topPriority: body.topPriority! } : {}),
      ...(changesStatus ? { status: body.status! } : {}),
    })
    .where(eq(discussion.id, body.id));
}

/** reference §3.8 `DELETE /api/discussion`, §7.15: the author, root or (outside groups) an admin role. */
export async function deleteDiscussion(db: Db, user: AuthUser, did: number): Promise<void> {
  const sw = await discussionSwitches(db);
  const current = await loadDiscussion(db, did);
  assertDiscussionOpen(sw, current.gid);
  assertCan(user, 'discussion.delete', await discussionFacts(db, user, current));
  // comments, replies, likes and reports go with it (ON DELETE CASCADE)
  await db.delete(discussion).where(eq(discussion.id, did));
}

/**
 * reference §3.8 `GET /api/discussion-like`, §7.15: toggles the caller's like and `like_num`, and
 * tells the author (Like_Post). **Changed:** repeating a like (or an unlike) changes nothing, where
 * HOJ moved `like_num` again and relied on a 5 s lock against double clicks.
 */
export async function likeDiscussion(db: Db, user: AuthUser, did: number, toLike: boolean): Promise<void> {
  const sw = await discussionSwitches(db);
  const current = await loadDiscussion(db, did);
  assertDiscussionOpen(sw, current.gid);
  assertCan(user, 'discussion.view', await discussionFacts(db, user, current));
  await transactionWithReminders(db, async (tx) => {
    if (toLike) {
      const inserted = await tx
        .insert(discussionLike)
        .values({ did, uid: user.uid })
        .onConflictDoNothing()
        .returning({ id: discussionLike.id });
      if (inserted.length === 0) return;
      await tx
        .update(discussion)
        .set({ likeNum: sql`${discussion.likeNum} + 1`, gmtModified: sql`${discussion.gmtModified}` })
        .where(eq(discussion.id, did));
      await remind(tx, {
        action: 'Like_Post',
        senderId: user.uid,
        recipientId: current.uid,
        source: { type: 'Discussion', did },
        sourceContent: current.title,
      });
    } else {
      const removed = await tx
        .delete(discussionLike)
        .where(and(eq(discussionLike.did, did), eq(discussionLike.uid, user.uid)))
        .returning({ id: discussionLike.id });
      if (removed.length === 0) return;
      await tx
        .update(discussion)
        .set({
          likeNum: sql`greatest(${discussion.likeNum} - 1, 0)`,
          gmtModified: sql`${discussion.gmtModified}`,
        })
        .where(eq(discussion.id, did));
    }
  });
}

/**
 * reference §3.8 `POST /api/discussion-report`, §7.15: stored as sent, but the reporter is the
 * caller (**Changed:** HOJ stored the `reporter` of the body, which anyone could forge).
 */
export async function reportDiscussion(
  db: Db,
  user: AuthUser,
  body: { did: number; content: string },
): Promise<void> {
  const sw = await discussionSwitches(db);
  const [target] = await db.select().from(discussion).where(eq(discussion.id, body.did));
  if (!target) throw notFound(m.reportMissing);
  assertDiscussionOpen(sw, target.gid);
  assertCan(user, 'discussion.view', await discussionFacts(db, user, target));
  await db.insert(discussionReport).values({ did: body.did, reporter: user.username, content: body.content });
}
