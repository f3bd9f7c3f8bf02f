import type { CommentVO, ReplyVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply as replyTable } from '../../src/db/schema/index.ts';
import type { Page } from '../../src/http/envelope.ts';
import { discussionWorld, ok, QUOTAS_OFF, type Caller, type DiscussionWorld } from './support.ts';

let d: DiscussionWorld;
beforeAll(async () => {
  d = await discussionWorld();
});
afterAll(() => d.w.t.close());

interface Comments {
  commentList: Page<CommentVO>;
  commentLikeMap: Record<string, boolean>;
}
const comments = async (who: Caller, query: string) =>
  ok(await d.call<Comments>(who, 'GET', `/api/comments?${query}`));
const reply = (
  who: Caller,
  commentId: number,
  toUid: string,
  extra: Record<string, unknown> = {},
  content = 'a reply',
) => d.call<ReplyVO>(who, 'POST', '/api/reply', { reply: { commentId, toUid, content }, ...extra });

describe('discussion comments (reference §3.8 comments / comment, §7.15)', () => {
  it('orders by likes then newest, with the three newest replies, totalReplyNum and commentLikeMap', async () => {
    const did = await d.post('bob');
    const first = await d.comment('alice', { did }, 'first');
    const second = await d.comment('alice', { did }, 'second');
    const liked = await d.comment('alice', { did }, 'liked');
    d.w.clock.advance(1000);
    ok(await d.call('bob', 'GET', `/api/comment-like?cid=${first.id}&toLike=true`));
    for (let i = 1; i <= 4; i++) {
      ok(await reply('bob', first.id, d.w.uids.alice, {}, `reply ${i}`));
      d.w.clock.advance(1000);
    }
    ok(await d.call('root', 'GET', `/api/comment-like?cid=${liked.id}&toLike=true`));
    ok(await d.call('admin', 'GET', `/api/comment-like?cid=${liked.id}&toLike=true`));
    const page = await comments('bob', `did=${did}`);
    expect(page.commentList.records.map((c) => c.id)).toEqual([liked.id, first.id, second.id]);
    const top = page.commentList.records[1]!;
    expect(top.totalReplyNum).toBe(4);
    expect(top.replyList.map((r) => r.content)).toEqual(['reply 4', 'reply 3', 'reply 2']);
    expect(page.commentLikeMap).toEqual({ [first.id]: true });
    expect((await comments('anonymous', `did=${did}`)).commentLikeMap).toEqual({});
    // "load more": every reply
    const all = ok(await d.call<ReplyVO[]>('anonymous', 'GET', `/api/reply?commentId=${first.id}`));
    expect(all.map((r) => r.content)).toEqual(['reply 4', 'reply 3', 'reply 2', 'reply 1']);
    expect(all[0]).toMatchObject({
      fromName: 'bob',
      toUid: d.w.uids.alice,
      toName: 'alice',
      fromRole: 'user',
    });
    const paged = await comments('anonymous', `did=${did}&limit=2&currentPage=2`);
    expect(paged.commentList.records.map((c) => c.id)).toEqual([second.id]);
    expect(paged.commentList.total).toBe(3);
    // comments and replies count in comment_num
    expect((await d.discussionRow(did))!.commentNum).toBe(7);
  });

  it('refuses bad comments: empty, overlong, no or two targets, a deleted or banned discussion, anonymous', async () => {
    const did = await d.post('bob');
    const bad: [Record<string, unknown>, number][] = [
      [{ did, content: '  ' }, 400],
      [{ did, content: 'x'.repeat(10_001) }, 400],
      [{ content: 'x' }, 400],
      [{ did, cid: 1, content: 'x' }, 400],
      [{ did: 999_999, content: 'x' }, 404],
    ];
    for (const [payload, status] of bad) {
      expect(
        (await d.call('alice', 'POST', '/api/comment', payload)).status,
        JSON.stringify(payload).slice(0, 60),
      ).toBe(status);
    }
    ok(await d.call('alice', 'POST', '/api/comment', { did, content: 'x'.repeat(10_000) }));
    expect((await d.call('anonymous', 'POST', '/api/comment', { did, content: 'x' })).http).toBe(401);
    ok(await d.call('admin', 'PUT', '/api/admin/discussion', { id: did, status: 1 }));
    expect((await d.call('alice', 'POST', '/api/comment', { did, content: 'x' })).status).toBe(403);
    expect((await d.call('anonymous', 'GET', `/api/comments?did=${did}`)).status).toBe(403);
    expect((await d.call('anonymous', 'GET', '/api/comments')).status).toBe(400);
  });

  it('tells the author of a commented discussion (Discuss) and the one replied to (Reply), not oneself', async () => {
    const did = await d.post('bob', { title: 'messages' });
    const c = await d.comment('alice', { did }, 'Nice question');
    const [discuss] = await d.reminders('bob');
    expect(discuss).toMatchObject({
      action: 'Discuss',
      sourceId: did,
      sourceType: 'Discussion',
      sourceContent: 'Nice question',
      quoteId: c.id,
      quoteType: 'Comment',
      url: `/discussion-detail/${did}`,
      senderId: d.w.uids.alice,
    });
    const longComment = await d.comment('alice', { did }, 'y'.repeat(300));
    expect((await d.reminders('bob'))[0]!.sourceContent).toBe(`${'y'.repeat(200)}...`);
    const byBob = ok(await reply('bob', c.id, d.w.uids.alice, {}, 'thanks'));
    expect((await d.reminders('alice'))[0]).toMatchObject({
      action: 'Reply',
      sourceId: did,
      sourceContent: 'thanks',
      quoteId: c.id,
      quoteType: 'Comment',
    });
    // a reply to a reply quotes it
    ok(
      await reply(
        'alice',
        c.id,
        d.w.uids.bob,
        { did, quoteId: byBob.id, quoteType: 'Reply' },
        'you are welcome',
      ),
    );
    expect((await d.reminders('bob'))[0]).toMatchObject({
      action: 'Reply',
      quoteId: byBob.id,
      quoteType: 'Reply',
    });
    const before = (await d.reminders('bob')).length;
    await d.comment('bob', { did }, 'my own comment');
    ok(await reply('bob', longComment.id, d.w.uids.bob, {}, 'to myself'));
    expect((await d.reminders('bob')).length).toBe(before);
  });

  it('refuses replies to an unknown user, a quote from another comment and a deleted comment', async () => {
    const did = await d.post('bob');
    const c1 = await d.comment('alice', { did });
    const c2 = await d.comment('alice', { did });
    const r2 = ok(await reply('bob', c2.id, d.w.uids.alice));
    expect((await reply('bob', c1.id, 'nobody')).status).toBe(400);
    expect((await reply('bob', c1.id, d.w.uids.alice, { quoteId: r2.id, quoteType: 'Reply' })).status).toBe(
      404,
    );
    expect((await reply('bob', 999_999, d.w.uids.alice)).status).toBe(404);
    expect((await reply('bob', c1.id, d.w.uids.alice, {}, ' ')).status).toBe(400);
    expect((await reply('anonymous', c1.id, d.w.uids.alice)).http).toBe(401);
  });

  it('deletes a comment with its replies (author or admin roles) and fixes comment_num', async () => {
    const did = await d.post('bob');
    const c = await d.comment('alice', { did });
    ok(await reply('bob', c.id, d.w.uids.alice));
    ok(await reply('bob', c.id, d.w.uids.alice));
    const other = await d.comment('alice', { did });
    expect((await d.discussionRow(did))!.commentNum).toBe(4);
    expect((await d.call('bob', 'DELETE', '/api/comment', { id: c.id })).status).toBe(403);
    ok(await d.call('alice', 'DELETE', '/api/comment', { id: c.id }));
    expect((await d.discussionRow(did))!.commentNum).toBe(1);
    expect((await d.call('anonymous', 'GET', `/api/reply?commentId=${c.id}`)).status).toBe(404);
    expect((await d.call('alice', 'DELETE', '/api/comment', { id: c.id })).status).toBe(404);
    ok(await d.call('problemAdmin', 'DELETE', '/api/comment', { id: other.id }));
    expect((await d.discussionRow(did))!.commentNum).toBe(0);
  });

  it('deletes a reply by its author or an admin role, not by another user, and lowers comment_num', async () => {
    const did = await d.post('bob');
    const c = await d.comment('alice', { did });
    const r1 = ok(await reply('bob', c.id, d.w.uids.alice));
    const r2 = ok(await reply('bob', c.id, d.w.uids.alice));
    expect((await d.call('alice', 'DELETE', '/api/reply', { reply: { id: r1.id }, did })).status).toBe(403);
    ok(await d.call('bob', 'DELETE', '/api/reply', { reply: { id: r1.id }, did }));
    ok(await d.call('admin', 'DELETE', '/api/reply', { reply: { id: r2.id } }));
    expect((await d.discussionRow(did))!.commentNum).toBe(1);
    expect((await d.call('bob', 'DELETE', '/api/reply', { reply: { id: r1.id } })).status).toBe(404);
  });

  it('toggles a comment like once per user and tells the comment author (Like_Discuss), not oneself', async () => {
    const did = await d.post('bob');
    const c = await d.comment('alice', { did }, 'like me');
    ok(
      await d.call(
        'bob',
        'GET',
        `/api/comment-like?cid=${c.id}&toLike=true&sourceId=${did}&sourceType=Discussion`,
      ),
    );
    ok(await d.call('bob', 'GET', `/api/comment-like?cid=${c.id}&toLike=true`));
    ok(await d.call('alice', 'GET', `/api/comment-like?cid=${c.id}&toLike=true`));
    const likes = (await d.reminders('alice')).filter(
      (r) => r.action === 'Like_Discuss' && r.quoteId === c.id,
    );
    expect(likes).toMatchObject([
      {
        sourceId: did,
        sourceType: 'Discussion',
        sourceContent: 'like me',
        quoteId: c.id,
        senderId: d.w.uids.bob,
      },
    ]);
    const list = await comments('alice', `did=${did}`);
    expect(list.commentList.records[0]!.likeNum).toBe(2);
    ok(await d.call('bob', 'GET', `/api/comment-like?cid=${c.id}&toLike=false`));
    ok(await d.call('bob', 'GET', `/api/comment-like?cid=${c.id}&toLike=false`));
    expect((await comments('alice', `did=${did}`)).commentList.records[0]!.likeNum).toBe(1);
    expect((await d.call('anonymous', 'GET', `/api/comment-like?cid=${c.id}&toLike=true`)).http).toBe(401);
    expect((await d.call('bob', 'GET', '/api/comment-like?cid=999999&toLike=true')).status).toBe(404);
  });

  it('issue 24 item 20, reference §7.15: stores HTML autoplay of comments and replies as controls', async () => {
    const did = await d.post('bob');
    const media =
      'Listen: <audio src="/a.mp3" AutoPlay loop></audio>\n<video\n  autoplay src="/v.mp4"></video> autoplay stays in text';
    const stored =
      'Listen: <audio src="/a.mp3" controls loop></audio>\n<video\n  controls src="/v.mp4"></video> autoplay stays in text';
    const c = await d.comment('alice', { did }, media);
    expect((c as { content?: string }).content).toBe(stored);
    ok(await reply('bob', c.id, d.w.uids.alice, {}, `re: ${media}`));
    const [listed] = (await comments('anonymous', `did=${did}`)).commentList.records;
    expect(listed!.content).toBe(stored);
    expect(listed!.replyList[0]!.content).toBe(`re: ${stored}`);
    const rows = await d.w.t.db.select({ content: replyTable.content }).from(replyTable);
    expect(rows.filter((r) => r.content?.includes('<audio'))).toEqual([{ content: `re: ${stored}` }]);
    const [discuss] = await d.reminders('bob');
    expect(discuss!.sourceContent).not.toMatch(/AutoPlay/);
  });

  it('needs defaultCreateCommentACInitValue accepted problems from non-admins (reference §7.6)', async () => {
    const did = await d.post('bob');
    const c = await d.comment('alice', { did });
    await d.switches({ defaultCreateCommentACInitValue: 2 });
    try {
      const res = await d.call('alice', 'POST', '/api/comment', { did, content: 'x' });
      expect(res.status).toBe(403);
      expect(res.msg).toMatch(/solve at least 2 problems/);
      expect((await reply('alice', c.id, d.w.uids.bob)).status).toBe(403);
      await d.comment('admin', { did });
    } finally {
      await d.switches(QUOTAS_OFF);
    }
  });

  it('allows defaultCreateCommentDailyLimit comments and replies in 24 hours to non-admins (issue 15, reference §7.6)', async () => {
    const did = await d.post('bob');
    await d.switches({ defaultCreateCommentDailyLimit: 2 });
    try {
      const c = await d.comment('noSubmit', { did });
      ok(await reply('noSubmit', c.id, d.w.uids.noSubmit));
      const third = await d.call('noSubmit', 'POST', '/api/comment', { did, content: 'x' });
      expect(third.status).toBe(403);
      expect(third.msg).toMatch(/already written 2 comments and replies today/);
      const zh = await d.w.call('POST', '/api/comment', {
        token: d.w.tokens.noSubmit,
        payload: { did, content: 'x' },
        lang: 'zh',
      });
      expect(zh.msg).toMatch(/评论与回复已超过2次/);
      expect((await reply('noSubmit', c.id, d.w.uids.bob)).status).toBe(403);
      for (let i = 0; i < 3; i++) await d.comment('admin', { did });
    } finally {
      await d.switches(QUOTAS_OFF);
    }
  });
});
