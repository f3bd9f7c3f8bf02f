import type { CommentVO, ReplyVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/http/envelope.ts';
import { createContest, minutesFrom } from '../helpers/contests.ts';
import { discussionWorld, ok, type Caller, type DiscussionWorld } from './support.ts';

let d: DiscussionWorld;
beforeAll(async () => {
  d = await discussionWorld();
});
afterAll(() => d.w.t.close());

/** A public contest created by `admin` (an admin, not root), running for another hour. */
const runningContest = () =>
  createContest(d.w.t.db, d.w.clock, {
    uid: d.w.uids.admin,
    author: 'admin',
    startTime: minutesFrom(d.w.clock, -10),
    endTime: minutesFrom(d.w.clock, 60),
  });

const authors = async (who: Caller, cid: number) => {
  const res = ok(
    await d.call<{ commentList: Page<CommentVO> }>(who, 'GET', `/api/comments?cid=${cid}&limit=50`),
  );
  return res.commentList.records.map((c) => c.fromName).sort();
};

describe('contest comments (reference §3.8 comments with cid, §7.15, §7.14 openContestComment)', () => {
  it("shows a running contest's comments by oneself, roots and the creator only; its admins and, after the end, everyone see all", async () => {
    const c = await runningContest();
    for (const who of ['alice', 'bob', 'admin', 'root'] as const)
      await d.comment(who, { cid: c.id }, `by ${who}`);
    expect(await authors('alice', c.id)).toEqual(['admin', 'alice', 'root']);
    expect(await authors('bob', c.id)).toEqual(['admin', 'bob', 'root']);
    expect(await authors('admin', c.id)).toEqual(['admin', 'alice', 'bob', 'root']);
    expect(await authors('root', c.id)).toEqual(['admin', 'alice', 'bob', 'root']);
    // a contest comment does not notify anybody (reference §7.15: Discuss only for discussions)
    expect((await d.reminders('admin')).filter((r) => r.action === 'Discuss')).toEqual([]);
    d.w.clock.advance(61 * 60_000);
    expect(await authors('alice', c.id)).toEqual(['admin', 'alice', 'bob', 'root']);
  });

  it("lets only the comment author and the contest admins reply, and hides a hidden comment's replies", async () => {
    const c = await runningContest();
    const alices = await d.comment('alice', { cid: c.id }, 'question');
    const byBob = await d.call('bob', 'POST', '/api/reply', {
      reply: { commentId: alices.id, toUid: d.w.uids.alice, content: 'me too' },
    });
    // while the contest runs bob does not even see alice's comment
    expect(byBob.status).toBe(404);
    const answer = ok(
      await d.call<ReplyVO>('admin', 'POST', '/api/reply', {
        reply: { commentId: alices.id, toUid: d.w.uids.alice, content: 'answer' },
      }),
    );
    expect((await d.reminders('alice'))[0]).toMatchObject({
      action: 'Reply',
      sourceId: c.id,
      sourceType: 'Contest',
      url: `/contest/${c.id}/comment`,
    });
    ok(
      await d.call('alice', 'POST', '/api/reply', {
        reply: { commentId: alices.id, toUid: d.w.uids.admin, content: 'thanks' },
      }),
    );
    // bob may not read the replies of alice's comment while the contest runs
    expect((await d.call('bob', 'GET', `/api/reply?commentId=${alices.id}&cid=${c.id}`)).status).toBe(404);
    expect(ok(await d.call<ReplyVO[]>('alice', 'GET', `/api/reply?commentId=${alices.id}`))).toHaveLength(2);
    // delete: the author of the reply or the contest's creator; not another participant
    expect((await d.call('bob', 'DELETE', '/api/reply', { reply: { id: answer.id } })).status).toBe(403);
    // after the end bob sees it, but still may not reply to it
    d.w.clock.advance(61 * 60_000);
    const late = await d.call('bob', 'POST', '/api/reply', {
      reply: { commentId: alices.id, toUid: d.w.uids.alice, content: 'me too' },
    });
    expect(late.status).toBe(403);
    ok(await d.call('admin', 'DELETE', '/api/comment', { id: alices.id }));
  });

  it('deletes a contest comment by its author, the creator or root, not by another user', async () => {
    const c = await runningContest();
    const bobs = await d.comment('bob', { cid: c.id });
    expect((await d.call('alice', 'DELETE', '/api/comment', { id: bobs.id })).status).toBe(403);
    // an admin role is not enough in a contest (reference §7.15): problemAdmin did not create it
    expect((await d.call('problemAdmin', 'DELETE', '/api/comment', { id: bobs.id })).status).toBe(403);
    ok(await d.call('bob', 'DELETE', '/api/comment', { id: bobs.id }));
    const other = await d.comment('bob', { cid: c.id });
    ok(await d.call('root', 'DELETE', '/api/comment', { id: other.id }));
  });

  it('refuses anonymous callers, an unknown contest, and every call while openContestComment is off', async () => {
    const c = await runningContest();
    const mine = await d.comment('alice', { cid: c.id });
    expect((await d.call('anonymous', 'GET', `/api/comments?cid=${c.id}`)).status).not.toBe(200);
    expect((await d.call('alice', 'POST', '/api/comment', { cid: 999_999, content: 'x' })).status).not.toBe(
      200,
    );
    await d.switches({ openContestComment: false });
    try {
      for (const [method, url, payload] of [
        ['GET', `/api/comments?cid=${c.id}`],
        ['POST', '/api/comment', { cid: c.id, content: 'x' }],
        ['GET', `/api/comment-like?cid=${mine.id}&toLike=true`],
        ['DELETE', '/api/comment', { id: mine.id }],
      ] as const) {
        const res = await d.call('alice', method, url, payload);
        expect([res.http, res.status], url).toEqual([403, 403]);
        expect(res.msg).toMatch(/Contest comments are closed/);
      }
      // discussions are not affected
      ok(await d.call('alice', 'GET', '/api/get-discussion-list'));
    } finally {
      await d.switches({ openContestComment: true });
    }
    ok(await d.call('alice', 'GET', `/api/comments?cid=${c.id}`));
  });
});
