import type { UnreadMsgCount } from '@verdict/shared';
import { discussionWorld, ok, type Caller, type DiscussionWorld } from '../discussion/support.ts';

/**
 * Issue 15's message-centre tests (reference §3.9, §7.15) run in the discussion tests' world: the
 * messages are produced through the discussion API, as users produce them.
 */
export interface MessageWorld extends DiscussionWorld {
  unread(who: Caller): Promise<UnreadMsgCount>;
  /**
   * bob posts, alice comments on it and likes it, bob comments, alice replies to bob's comment and
   * likes it: bob receives one Discuss, one Reply and two likes. Answers the ids involved.
   */
  aliceTalksToBob(): Promise<{ did: number; aliceComment: number; bobComment: number }>;
}

export async function messageWorld(
  options: Parameters<typeof discussionWorld>[0] = {},
): Promise<MessageWorld> {
  const d = await discussionWorld(options);
  return {
    ...d,
    async unread(who) {
      return ok(await d.call<UnreadMsgCount>(who, 'GET', '/api/msg/unread'));
    },
    async aliceTalksToBob() {
      const did = await d.post('bob', { title: 'Overflow in A+B' });
      const aliceComment = (await d.comment('alice', { did }, 'use long long')).id;
      ok(await d.call('alice', 'GET', `/api/discussion-like?did=${did}&toLike=true`));
      const bobComment = (await d.comment('bob', { did }, 'which compiler?')).id;
      ok(
        await d.call('alice', 'POST', '/api/reply', {
          reply: { commentId: bobComment, toUid: d.w.uids.bob, content: 'g++ 13' },
          did,
        }),
      );
      ok(await d.call('alice', 'GET', `/api/comment-like?cid=${bobComment}&toLike=true`));
      return { did, aliceComment, bobComment };
    },
  };
}
