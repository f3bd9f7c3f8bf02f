import type { SysMsgVO, UserMsgVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/http/envelope.ts';
import { ok } from '../discussion/support.ts';
import { createUser } from '../helpers/users.ts';
import { messageWorld, type MessageWorld } from './support.ts';

let m: MessageWorld;
beforeAll(async () => {
  m = await messageWorld();
});
afterAll(() => m.w.t.close());

const ZERO = { comment: 0, reply: 0, like: 0, sys: 0, mine: 0 };
const list = (who: 'alice' | 'bob', path: string) =>
  m.call<Page<UserMsgVO>>(who, 'GET', `/api/msg/${path}`).then(ok);

describe('reference §3.9 message lists, §7.15 "Messages": comment, reply and like messages', () => {
  it('counts and lists what another user did: a comment, a reply and two likes', async () => {
    expect(await m.unread('bob')).toEqual(ZERO);
    const { did, aliceComment, bobComment } = await m.aliceTalksToBob();
    expect(await m.unread('bob')).toEqual({ ...ZERO, comment: 1, reply: 1, like: 2 });
    // §7.15: nobody is told about their own comment (bob commented on his own post)
    expect(await m.unread('alice')).toEqual(ZERO);

    const comments = await list('bob', 'comment');
    expect(comments.total).toBe(1);
    expect(comments.records[0]).toMatchObject({
      action: 'Discuss',
      sourceId: did,
      sourceType: 'Discussion',
      sourceTitle: 'Overflow in A+B',
      sourceContent: 'use long long',
      quoteId: aliceComment,
      quoteType: 'Comment',
      url: `/discussion-detail/${did}`,
      state: false,
      senderId: m.w.uids.alice,
      senderUsername: 'alice',
    });
    const replies = await list('bob', 'reply');
    expect(replies.records).toHaveLength(1);
    // §3.9: the reply message quotes what was replied to as "name : text"
    expect(replies.records[0]).toMatchObject({
      action: 'Reply',
      sourceContent: 'g++ 13',
      quoteId: bobComment,
      quoteType: 'Comment',
      quoteContent: 'bob : which compiler?',
    });
    const likes = await list('bob', 'like');
    expect(likes.records.map((r) => r.action).sort()).toEqual(['Like_Discuss', 'Like_Post']);
  });

  it('reading a page marks its messages read: the counter drops, the page showed them unread', async () => {
    await m.aliceTalksToBob();
    const bob = await m.unread('bob');
    expect(bob).toEqual({ ...ZERO, comment: 1, reply: 1, like: 2 });
    const first = await m.call<Page<UserMsgVO>>('bob', 'GET', '/api/msg/like?limit=1&currentPage=1').then(ok);
    expect(first.records).toHaveLength(1);
    expect(first.records[0]!.state).toBe(false);
    expect((await m.unread('bob')).like).toBe(bob.like - 1);
    // §3.9: unread first, so the next read of page 1 shows the other like still unread
    const again = await m.call<Page<UserMsgVO>>('bob', 'GET', '/api/msg/like?limit=1').then(ok);
    expect(again.records[0]!.state).toBe(false);
    expect(again.records[0]!.id).not.toBe(first.records[0]!.id);
    expect((await m.unread('bob')).like).toBe(bob.like - 2);
    const all = await list('bob', 'like');
    expect(all.records.every((r) => r.state)).toBe(true);
    expect(await m.unread('bob')).toMatchObject({ comment: bob.comment, reply: bob.reply });
  });

  it('deletes one message, then cleans a whole list; only the caller’s own', async () => {
    await m.aliceTalksToBob();
    const comments = await list('bob', 'comment');
    const [one, ...rest] = comments.records;
    // another user's message id is refused and stays
    const refused = await m.call('alice', 'DELETE', `/api/msg/clean?type=Discuss&id=${one!.id}`);
    expect(refused.status).toBe(404);
    expect(refused.msg).toMatch(/does not exist/);
    // an id of another list is refused too
    expect((await m.call('bob', 'DELETE', `/api/msg/clean?type=Like&id=${one!.id}`)).status).toBe(404);
    expect((await list('bob', 'comment')).total).toBe(comments.total);

    ok(await m.call('bob', 'DELETE', `/api/msg/clean?type=Discuss&id=${one!.id}`));
    const after = await list('bob', 'comment');
    expect(after.records.map((r) => r.id)).toEqual(rest.map((r) => r.id));
    expect((await m.call('bob', 'DELETE', `/api/msg/clean?type=Discuss&id=${one!.id}`)).status).toBe(404);

    const unreadReplies = (await m.unread('bob')).reply;
    expect(unreadReplies).toBeGreaterThan(0);
    ok(await m.call('bob', 'DELETE', '/api/msg/clean?type=Reply'));
    expect((await list('bob', 'reply')).total).toBe(0);
    expect((await m.unread('bob')).reply).toBe(0);
    // the other lists are untouched
    expect((await list('bob', 'like')).total).toBeGreaterThan(0);
  });

  it('refuses bad input with a clear error', async () => {
    const res = await m.call('bob', 'DELETE', '/api/msg/clean?type=Everything');
    expect(res.status).toBe(400);
    expect(res.msg).toMatch(/Discuss, Reply, Like, Sys, Mine/);
    expect((await m.call('bob', 'DELETE', '/api/msg/clean?type=Like&id=abc')).status).toBe(400);
    expect((await m.call('bob', 'DELETE', '/api/msg/clean')).status).toBe(400);
  });

  it('refuses anonymous callers on every message call (401)', async () => {
    for (const path of ['unread', 'comment', 'reply', 'like', 'sys', 'mine', 'stream']) {
      expect((await m.call('anonymous', 'GET', `/api/msg/${path}`)).http, path).toBe(401);
    }
    expect((await m.call('anonymous', 'DELETE', '/api/msg/clean?type=Sys')).http).toBe(401);
  });
});

describe('reference §3.9 system lists, §7.15 "System notices": to all, to one user, to later users', () => {
  const notice = (payload: object) => m.call('root', 'POST', '/api/admin/msg/notice', payload).then(ok);
  const sys = (who: 'alice' | 'bob', path = 'sys') =>
    m.call<Page<SysMsgVO>>(who, 'GET', `/api/msg/${path}`).then(ok);

  it('delivers an All notice to everyone, including a user created after it, and a Single to one', async () => {
    await notice({ title: 'Maintenance', content: 'Down at 3:00', type: 'All' });
    const single = m.w.uids.alice;
    await notice({ title: 'Hello alice', content: 'Personal', type: 'Single', recipientId: single });
    expect(await m.unread('alice')).toMatchObject({ sys: 1, mine: 1 });
    expect(await m.unread('bob')).toMatchObject({ sys: 1, mine: 0 });

    // §7.15: a user created later by any path receives the notices already sent
    const uid = await createUser(m.w.t.db, { username: 'latecomer' });
    const token = await m.w.t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' });
    const late = await m.w.call<{ sys: number; mine: number }>('GET', '/api/msg/unread', { token });
    expect(late.data).toMatchObject({ sys: 1, mine: 0 });
    const lateList = await m.w.call<Page<SysMsgVO>>('GET', '/api/msg/sys', { token });
    expect(lateList.data.records.map((r) => r.title)).toEqual(['Maintenance']);

    const mine = await sys('alice', 'mine');
    expect(mine.records.map((r) => [r.title, r.state])).toEqual([['Hello alice', false]]);
    expect(await m.unread('alice')).toMatchObject({ sys: 1, mine: 0 });
    await sys('alice');
    expect(await m.unread('alice')).toMatchObject({ sys: 0, mine: 0 });
    expect((await m.unread('bob')).sys).toBe(1);
  });

  it('deletes a notice for its reader alone (an All notice stays for the others); cleans a list', async () => {
    const [all] = (await sys('bob')).records;
    expect(all!.title).toBe('Maintenance');
    // bob never read it: there is no row of his, yet he can delete it
    ok(await m.call('bob', 'DELETE', `/api/msg/clean?type=Sys&id=${all!.id}`));
    expect((await sys('bob')).total).toBe(0);
    expect((await m.unread('bob')).sys).toBe(0);
    expect((await sys('alice')).records.map((r) => r.title)).toEqual(['Maintenance']);
    expect((await m.call('bob', 'DELETE', `/api/msg/clean?type=Sys&id=${all!.id}`)).status).toBe(404);
    // alice's personal notice is hers: bob cannot delete it
    const [hers] = (await sys('alice', 'mine')).records;
    expect((await m.call('bob', 'DELETE', `/api/msg/clean?type=Mine&id=${hers!.id}`)).status).toBe(404);
    ok(await m.call('alice', 'DELETE', '/api/msg/clean?type=Mine'));
    expect((await sys('alice', 'mine')).total).toBe(0);
    ok(await m.call('alice', 'DELETE', '/api/msg/clean?type=Sys'));
    expect((await sys('alice')).total).toBe(0);
    // a notice sent afterwards still arrives
    await notice({ title: 'Second', content: 'x', type: 'All' });
    expect((await sys('alice')).records.map((r) => r.title)).toEqual(['Second']);
  });
});
