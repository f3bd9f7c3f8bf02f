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
  refuseGroup,
} from './gates.ts';
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

/** The policy's facts of a discussion (reference §7.15). */
export const factsOf = (d: Pick<DiscussionRow, 'uid' | 'status' | 'gid'>): DiscussionFacts => ({
  uid: d.uid,
  status: d.status,
  gid: d.gid,
});

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
    rows.map((r) => discussionJson(r, { withContent: !!user && r.d.uid === user.uid })),
    total?.n ?? 0,
    q.currentPage,
    q.limit,
  );
}

/** reference §3.8 `GET /api/get-discussion-detail`, §7.15: counts a view; a banned post is refused. */
export async function discussionDetail(db: Db, user: Subject, did: number): Promise<DiscussionVO> {
  assertDiscussionOpen(await discussionSwitches(db));
  const current = await loadDiscussion(db, did);
  assertCan(user, 'discussion.view', factsOf(current));
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

async function assertProblem(db: Db, pid: string | null) {
  if (pid === null) return;
  const [row] = await db.select({ id: problem.id }).from(problem).where(eq(problem.problemId, pid));
  if (!row) throw fail(m.problemNotFound);
}

/**
 * reference §3.8 `POST /api/discussion`, §7.15: author, avatar and role from the session; only the
 * admin roles pin; quotas of §7.6 for the others; the problem and category must exist.
 */
export async function addDiscussion(
  db: Db,
  user: AuthUser,
  body: z.output<typeof discussionBody>,
  now: Date,
): Promise<void> {
  const sw = await discussionSwitches(db);
  assertDiscussionOpen(sw);
  refuseGroup(body.gid);
  if (body.topPriority) assertCan(user, 'discussion.setTop');
  await db.transaction(async (tx) => {
    await assertCategory(tx, body.categoryId!);
    await assertProblem(tx, body.pid);
    await assertPostQuota(tx, user, sw, now);
    const author = await authorProfile(tx, user.uid);
    await tx.insert(discussion).values({
      categoryId: body.categoryId!,
      title: body.title,
      description: body.description,
      content: body.content,
      pid: body.pid,
      uid: user.uid,
      author: author.username,
      avatar: author.avatar,
      role: authorRole(user),
      topPriority: body.topPriority ?? false,
      gmtCreate: now,
      gmtModified: now,
    });
  });
}

/**
 * reference §3.8 `PUT /api/discussion`, §7.15: the author (or root) edits; only the admin roles
 * change `topPriority`; the problem and category are checked again.
 */
export async function updateDiscussion(
  db: Db,
  user: AuthUser,
  body: z.output<typeof discussionUpdateBody>,
): Promise<void> {
  assertDiscussionOpen(await discussionSwitches(db));
  refuseGroup(body.gid);
  const current = await loadDiscussion(db, body.id);
  assertCan(user, 'discussion.edit', factsOf(current));
  const changesTop = body.topPriority != null && body.topPriority !== current.topPriority;
  if (changesTop) assertCan(user, 'discussion.setTop');
  await assertCategory(db, body.categoryId!);
  await assertProblem(db, body.pid);
  await db
    .update(discussion)
    .set({
      title: body.title,
      description: body.description,
      content: body.content,
      categoryId: body.categoryId!,
      pid: body.pid,
      ...(changesTop ? { topPriority: body.topPriority! } : {}),
    })
    .where(eq(discussion.id, body.id));
}

/** reference §3.8 `DELETE /api/discussion`, §7.15: the author, root or (outside groups) an admin role. */
export async function deleteDiscussion(db: Db, user: AuthUser, did: number): Promise<void> {
  assertDiscussionOpen(await discussionSwitches(db));
  const current = await loadDiscussion(db, did);
  assertCan(user, 'discussion.delete', factsOf(current));
  // comments, replies, likes and reports go with it (ON DELETE CASCADE)
  await db.delete(discussion).where(eq(discussion.id, did));
}

/**
 * reference §3.8 `GET /api/discussion-like`, §7.15: toggles the caller's like and `like_num`, and
 * tells the author (Like_Post). **Changed:** repeating a like (or an unlike) changes nothing, where
 * HOJ moved `like_num` again and relied on a 5 s lock against double clicks.
 */
export async function likeDiscussion(db: Db, user: AuthUser, did: number, toLike: boolean): Promise<void> {
  assertDiscussionOpen(await discussionSwitches(db));
  const current = await loadDiscussion(db, did);
  assertCan(user, 'discussion.view', factsOf(current));
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
  assertDiscussionOpen(await discussionSwitches(db));
  const [target] = await db.select({ id: discussion.id }).from(discussion).where(eq(discussion.id, body.did));
  if (!target) throw notFound(m.reportMissing);
  await db.insert(discussionReport).values({ did: body.did, reporter: user.username, content: body.content });
}
