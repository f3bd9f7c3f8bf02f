import type { UnreadMsgCount } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msgRemind } from '../../src/db/schema/index.ts';
import { ok } from '../discussion/support.ts';
import { messageWorld, type MessageWorld } from './support.ts';

/**
 * Issue 15, beyond reference §3.9 (whose client polls `/api/msg/unread`, spec part 2 §2.4): the
 * unread counts pushed over server-sent events, read through a real HTTP server with fetch, as the
 * web client reads them (the token in the Authorization header).
 */
let m: MessageWorld;
let base: string;
beforeAll(async () => {
  // the periodic re-read (another server process's messages, an ended login) every 300 ms here
  m = await messageWorld({ messageStreamRecheckMs: 300 });
  base = await m.w.t.app.listen({ port: 0, host: '127.0.0.1' });
});
let closed = false;
afterAll(async () => {
  if (!closed) await m.w.t.close();
});

/** Opens the stream and yields the data of its `unread` events. */
async function openStream(token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/msg/stream`, {
    headers: { authorization: token, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    res,
    async next(): Promise<UnreadMsgCount> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event.split('\n').find((l) => l.startsWith('data: '));
          if (event.includes('event: unread') && data) return JSON.parse(data.slice(6)) as UnreadMsgCount;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += value;
      }
    },
    close: () => controller.abort(),
  };
}

describe('GET /api/msg/stream: unread counts pushed when a message is stored (issue 15, reference §3.9)', () => {
  it('sends the counts at once, then again after another user comments, a read and an All notice', async () => {
    const stream = await openStream(m.w.tokens.bob);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const first = await stream.next();
      expect(first).toEqual({ comment: 0, reply: 0, like: 0, sys: 0, mine: 0 });

      const did = await m.post('bob', { title: 'streamed' });
      await m.comment('alice', { did }, 'hello bob');
      // the count arrives without asking (§7.15: a comment on bob's post is a Discuss message for him)
      expect(await stream.next()).toEqual({ ...first, comment: 1 });

      // reading the list lowers the count on the open stream too
      ok(await m.call('bob', 'GET', '/api/msg/comment'));
      expect(await stream.next()).toEqual(first);

      // an 'All' notice from the admin area reaches it as well
      ok(await m.call('root', 'POST', '/api/admin/msg/notice', { title: 'n', content: 'c', type: 'All' }));
      expect(await stream.next()).toEqual({ ...first, sys: 1 });
    } finally {
      stream.close();
    }
  });

  it('refuses a missing or invalid token (401) and streams only to its own user', async () => {
    const anonymous = await fetch(`${base}/api/msg/stream`);
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
    const forged = await fetch(`${base}/api/msg/stream`, { headers: { authorization: 'Bearer nope' } });
    expect(forged.status).toBe(401);
    await forged.body?.cancel();

    const alice = await openStream(m.w.tokens.alice);
    try {
      const before = await alice.next();
      const did = await m.post('alice', { title: 'alice asks' });
      // bob's message (on bob's post) does not move alice's counts; hers (on her post) does
      const bobPost = await m.post('bob', { title: 'bob asks' });
      await m.comment('noSubmit', { did: bobPost }, 'to bob');
      await m.comment('noSubmit', { did }, 'to alice');
      expect(await alice.next()).toEqual({ ...before, comment: before.comment + 1 });
    } finally {
      alice.close();
    }
  });

  it('sees a message stored by another server process on its periodic re-read', async () => {
    const stream = await openStream(m.w.tokens.bob);
    try {
      const before = await stream.next();
      // written straight into the database, as another process would: no in-process announcement
      await m.w.t.db.insert(msgRemind).values({
        action: 'Like_Post',
        senderId: m.w.uids.alice,
        recipientId: m.w.uids.bob,
        sourceType: 'Discussion',
      });
      expect(await stream.next()).toEqual({ ...before, like: before.like + 1 });
    } finally {
      stream.close();
    }
  });

  it('ends the stream of a login that was logged out', async () => {
    const token = await m.w.t.app.auth.openSession(m.w.uids.alice, { userAgent: 'vitest', ip: '127.0.0.1' });
    const stream = await openStream(token);
    await stream.next();
    expect((await m.w.call('GET', '/api/logout', { token })).status).toBe(200);
    await expect(stream.next()).rejects.toThrow('the stream ended');
  });

  it('ends an open stream when the server closes', async () => {
    const stream = await openStream(m.w.tokens.admin);
    await stream.next();
    closed = true;
    await m.w.t.close();
    await expect(stream.next()).rejects.toThrow();
  });
});
