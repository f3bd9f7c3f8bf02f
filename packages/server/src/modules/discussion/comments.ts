import { DISCUSSION_PAGE, type CommentVO, type ReplyVO } from '@verdict/shared';
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comment, commentLike, discussion, reply, userInfo } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { assertCan } from '../../policy/index.ts';
import type { Subject } from '../../policy/subjects.ts';
import { storedCommentContent } from './content.ts';
import { assertCommentQuota, authorProfile, authorRole, discussionSwitches } from './gates.ts';
import { discussionMessages as m } from './messages.ts';
import { remind, transactionWithReminders } from './reminders.ts';
import {
  openSource,
  remindSource,
  sourceForDelete,
  visibleAuthors,
  writtenIn,
  type CommentSource,
} from './sources.ts';

type CommentRow = typeof comment.$inferSelect;
type ReplyRow = typeof reply.$inferSelect;
interface Titles {
  titleName: string | null;
  titleColor: string | null;
}

export function replyJson(r: ReplyRow, t: Titles): ReplyVO {
  return {
    id: r.id,
    commentId: r.commentId,
    fromUid: r.fromUid,
    fromName: r.fromName,
    fromAvatar: r.fromAvatar,
    fromRole: r.fromRole,
    fromTitleName: t.titleName,
    fromTitleColor: t.titleColor,
    toUid: r.toUid,
    toName: r.toName,
    toAvatar: r.toAvatar,
    content: r.content,
    status: r.status,
    gmtCreate: r.gmtCreate.toISOString(),
    gmtModified: r.gmtModified.toISOString(),
  };
}

function commentJson(c: CommentRow, t: Titles, replies: ReplyVO[], totalReplyNum: number): CommentVO {
  return {
    id: c.id,
    cid: c.cid,
    did: c.did,
    content: c.content,
    fromUid: c.fromUid,
    fromName: c.fromName,
    fromAvatar: c.fromAvatar,
    fromRole: c.fromRole,
    fromTitleName: t.titleName,
    fromTitleColor: t.titleColor,
    likeNum: c.likeNum,
    totalReplyNum,
    status: c.status,
    gmtCreate: c.gmtCreate.toISOString(),
    replyList: replies,
  };
}

/** Replies of a comment, newest first, with their authors' titles; `limit` for the comment list. */
export async function repliesOf(db: Db, commentId: number, limit?: number): Promise<ReplyVO[]> {
  const query = db
    .select({ r: reply, titleName: userInfo.titleName, titleColor: userInfo.titleColor })
    .from(reply)
    .leftJoin(userInfo, eq(userInfo.uuid, reply.fromUid))
    .where(eq(reply.commentId, commentId))
    .orderBy(desc(reply.gmtCreate), desc(reply.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((x) => replyJson(x.r, x));
}

/** The comments of a source, and who may see them (reference §7.15 contest visibility). */
function commentsWhere(source: CommentSource, user: Subject): SQL | undefined {
  const own =
    source.kind === 'Discussion' ? eq(comment.did, source.d.id) : eq(comment.cid, source.view.row.id);
  const visible = visibleAuthors(source, user);
  return visible ? and(own, or(inArray(comment.fromUid, visible.uids), eq(comment.fromRole, 'root'))) : own;
}

/**
 * reference §3.8 `GET /api/comments`, §7.15: ordered by likes, then newest; each with its three
 * newest replies and `totalReplyNum`; `commentLikeMap` marks the caller's likes on the page.
 */
export async function commentList(
  db: Db,
  user: Subject,
  q: { cid?: number; did?: number; limit: number; currentPage: number },
  now: Date,
): Promise<{ commentList: Page<CommentVO>; commentLikeMap: Record<number, boolean> }> {
  const source = await openSource(db, user, q, now);
  const where = commentsWhere(source, user);
  const [rows, [total]] = await Promise.all([
    db
      .select({ c: comment, titleName: userInfo.titleName, titleColor: userInfo.titleColor })
      .from(comment)
      .leftJoin(userInfo, eq(userInfo.uuid, comment.fromUid))
      .where(where)
      .orderBy(desc(comment.likeNum), desc(comment.gmtCreate), desc(comment.id))
      .limit(q.limit)
      .offset((q.currentPage - 1) * q.limit),
    db.select({ n: count() }).from(comment).where(where),
  ]);
  const ids = rows.map((r) => r.c.id);
  const [counts, likes] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({ id: reply.commentId, n: count() })
          .from(reply)
          .where(inArray(reply.commentId, ids))
          .groupBy(reply.commentId),
    ids.length === 0 || !user
      ? []
      : db
          .select({ cid: commentLike.cid })
          .from(commentLike)
          .where(and(inArray(commentLike.cid, ids), eq(commentLike.uid, user.uid))),
  ]);
  const replyNum = new Map(counts.map((c) => [c.id, Number(c.n)]));
  const records = await Promise.all(
    rows.map(async (r) =>
      commentJson(
        r.c,
        r,
        await repliesOf(db, r.c.id, DISCUSSION_PAGE.repliesShown),
        replyNum.get(r.c.id) ?? 0,
      ),
    ),
  );
  return {
    commentList: page(records, total?.n ?? 0, q.currentPage, q.limit),
    commentLikeMap: Object.fromEntries(likes.map((l) => [l.cid, true])),
  };
}

/** Adds `delta` to a discussion's comment_num (comments and replies both count, reference §7.15). */
export async function bumpCommentNum(tx: Db, source: CommentSource, delta: number) {
  if (source.kind !== 'Discussion' || delta === 0) return;
  await tx
    .update(discussion)
    .set({
      commentNum: sql`greatest(${discussion.commentNum} + ${delta}, 0)`,
      gmtModified: sql`${discussion.gmtModified}`,
    })
    .where(eq(discussion.id, source.d.id));
}

/**
 * reference §3.8 `POST /api/comment`, §7.15: discussion comments obey the AC threshold of §7.6,
 * raise `comment_num` and tell the discussion's author (Discuss); contest comments need the
 * contest comment switch and contest access.
 */
export async function addComment(
  db: Db,
  user: AuthUser,
  body: { cid?: number | null; did?: number | null; content: string },
  now: Date,
): Promise<CommentVO> {
  const source = await openSource(db, user, body, now);
  const sw = await discussionSwitches(db);
  const content = storedCommentContent(body.content);
  const saved = await transactionWithReminders(db, async (tx) => {
    if (source.kind === 'Discussion') await assertCommentQuota(tx, user, sw, now);
    const author = await authorProfile(tx, user.uid);
    const [row] = await tx
      .insert(comment)
      .values({
        did: source.kind === 'Discussion' ? source.d.id : null,
        cid: source.kind === 'Contest' ? source.view.row.id : null,
        content,
        fromUid: user.uid,
        fromName: author.username,
        fromAvatar: author.avatar,
        fromRole: authorRole(user),
        gmtCreate: now,
        gmtModified: now,
      })
      .returning();
    await bumpCommentNum(tx, source, 1);
    if (source.kind === 'Discussion') {
      await remind(tx, {
        action: 'Discuss',
        senderId: user.uid,
        recipientId: source.d.uid,
        source: remindSource(source),
        sourceContent: content,
        quote: { id: row!.id, type: 'Comment' },
      });
    }
    return row!;
  });
  const [titles] = await db
    .select({ titleName: userInfo.titleName, titleColor: userInfo.titleColor })
    .from(userInfo)
    .where(eq(userInfo.uuid, user.uid));
  return commentJson(saved, titles ?? { titleName: null, titleColor: null }, [], 0);
}

export async function loadComment(db: Db, id: number): Promise<CommentRow> {
  const [row] = await db.select().from(comment).where(eq(comment.id, id));
  if (!row) throw notFound(m.commentNotFound);
  return row;
}

/**
 * reference §3.8 `DELETE /api/comment`, §7.15: by the roles of `comment.delete`; its replies go
 * with it and the discussion's `comment_num` drops by replies + 1.
 */
export async function deleteComment(db: Db, user: AuthUser, id: number, now: Date): Promise<void> {
  const c = await loadComment(db, id);
  const source = await sourceForDelete(db, user, c, now);
  assertCan(user, 'comment.delete', writtenIn(source, c.fromUid));
  await db.transaction(async (tx) => {
    // the replies first, to count them (ON DELETE CASCADE would remove them silently)
    const replies = await tx.delete(reply).where(eq(reply.commentId, id)).returning({ id: reply.id });
    const removed = await tx.delete(comment).where(eq(comment.id, id)).returning({ id: comment.id });
    if (removed.length === 0) return;
    await bumpCommentNum(tx, source, -(replies.length + 1));
  });
}

/** The comment and its source after the read gates, or "does not exist" when the caller may not see it. */
export async function openComment(db: Db, user: Subject, id: number, now: Date) {
  const c = await loadComment(db, id);
  const source = await openSource(db, user, c, now);
  assertCan(user, 'comment.view', { ...writtenIn(source, c.fromUid), authorRole: c.fromRole });
  return { c, source };
}

/**
 * reference §3.8 `GET /api/comment-like`, §7.15: toggles the caller's like and `like_num`, and
 * tells the comment's author (Like_Discuss). Repeating a like changes nothing (see likeDiscussion).
 */
export async function likeComment(db: Db, user: AuthUser, id: number, toLike: boolean, now: Date) {
  const { c, source } = await openComment(db, user, id, now);
  await transactionWithReminders(db, async (tx) => {
    if (toLike) {
      const inserted = await tx
        .insert(commentLike)
        .values({ cid: id, uid: user.uid })
        .onConflictDoNothing()
        .returning({ id: commentLike.id });
      if (inserted.length === 0) return;
      await tx
        .update(comment)
        .set({ likeNum: sql`${comment.likeNum} + 1`, gmtModified: sql`${comment.gmtModified}` })
        .where(eq(comment.id, id));
      await remind(tx, {
        action: 'Like_Discuss',
        senderId: user.uid,
        recipientId: c.fromUid,
        source: remindSource(source),
        sourceContent: c.content,
        quote: { id, type: 'Comment' },
      });
      return;
    }
    const removed = await tx
      .delete(commentLike)
      .where(and(eq(commentLike.cid, id), eq(commentLike.uid, user.uid)))
      .returning({ id: commentLike.id });
    if (removed.length === 0) return;
    await tx
      .update(comment)
      .set({ likeNum: sql`greatest(${comment.likeNum} - 1, 0)`, gmtModified: sql`${comment.gmtModified}` })
      .where(eq(comment.id, id));
  });
}
