import type { ReplyVO, replyBody } from '@verdict/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { reply, userInfo } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, notFound } from '../../http/errors.ts';
import { assertCan } from '../../policy/index.ts';
import type { Subject } from '../../policy/subjects.ts';
import { bumpCommentNum, loadComment, openComment, replyJson, repliesOf } from './comments.ts';
import { storedCommentContent } from './content.ts';
import { assertCommentQuota, authorProfile, authorRole, discussionSwitches } from './gates.ts';
import { discussionMessages as m } from './messages.ts';
import { remind, transactionWithReminders } from './reminders.ts';
import { remindSource, sourceForDelete, writtenIn } from './sources.ts';

/** reference §3.8 `GET /api/reply`: every reply of a comment, newest first ("load more"). */
export async function replyList(db: Db, user: Subject, commentId: number, now: Date): Promise<ReplyVO[]> {
  await openComment(db, user, commentId, now);
  return repliesOf(db, commentId);
}

/**
 * reference §3.8 `POST /api/reply`, §7.15: to a comment or to a reply of it (the quote). The same
 * gates as comments; in contests only the comment's author and the contest admins reply
 * (`comment.reply`). The recipient's name and avatar are read, not taken from the body. A
 * discussion's `comment_num` rises and the recipient is told (Reply).
 */
export async function addReply(
  db: Db,
  user: AuthUser,
  body: z.output<typeof replyBody>,
  now: Date,
): Promise<ReplyVO> {
  const { c, source } = await openComment(db, user, body.reply.commentId, now);
  assertCan(user, 'comment.reply', writtenIn(source, c.fromUid));
  const [recipient] = await db
    .select({ uid: userInfo.uuid, username: userInfo.username, avatar: userInfo.avatar })
    .from(userInfo)
    .where(eq(userInfo.uuid, body.reply.toUid));
  if (!recipient) throw fail(m.recipientNotFound);
  let quote = { id: c.id, type: 'Comment' as 'Comment' | 'Reply' };
  if (body.quoteType === 'Reply' && body.quoteId) {
    const [quoted] = await db
      .select({ id: reply.id })
      .from(reply)
      .where(and(eq(reply.id, body.quoteId), eq(reply.commentId, c.id)));
    if (!quoted) throw notFound(m.replyNotFound);
    quote = { id: quoted.id, type: 'Reply' };
  }
  const sw = await discussionSwitches(db);
  const content = storedCommentContent(body.reply.content);
  const saved = await transactionWithReminders(db, async (tx) => {
    if (source.kind === 'Discussion') await assertCommentQuota(tx, user, sw, now);
    const author = await authorProfile(tx, user.uid);
    const [row] = await tx
      .insert(reply)
      .values({
        commentId: c.id,
        fromUid: user.uid,
        fromName: author.username,
        fromAvatar: author.avatar,
        fromRole: authorRole(user),
        toUid: recipient.uid,
        toName: recipient.username,
        toAvatar: recipient.avatar,
        content,
        gmtCreate: now,
        gmtModified: now,
      })
      .returning();
    await bumpCommentNum(tx, source, 1);
    await remind(tx, {
      action: 'Reply',
      senderId: user.uid,
      recipientId: recipient.uid,
      source: remindSource(source),
      sourceContent: content,
      quote,
    });
    return row!;
  });
  const [titles] = await db
    .select({ titleName: userInfo.titleName, titleColor: userInfo.titleColor })
    .from(userInfo)
    .where(eq(userInfo.uuid, user.uid));
  return replyJson(saved, titles ?? { titleName: null, titleColor: null });
}

/**
 * reference §3.8 `DELETE /api/reply`, §7.15: by its author or the roles that delete comments there;
 * a discussion's `comment_num` drops by one.
 */
export async function deleteReply(db: Db, user: AuthUser, id: number, now: Date): Promise<void> {
  const [r] = await db.select().from(reply).where(eq(reply.id, id));
  if (!r) throw notFound(m.replyNotFound);
  const c = await loadComment(db, r.commentId);
  const source = await sourceForDelete(db, user, c, now);
  assertCan(user, 'comment.delete', writtenIn(source, r.fromUid));
  await db.transaction(async (tx) => {
    const removed = await tx.delete(reply).where(eq(reply.id, id)).returning({ id: reply.id });
    if (removed.length > 0) await bumpCommentNum(tx, source, -1);
  });
}
