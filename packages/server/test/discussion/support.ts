import type { SwitchConfigBody } from '@verdict/shared';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { discussion, msgRemind } from '../../src/db/schema/index.ts';
import { createWorld, type Reply, type World } from '../problem/fixtures.ts';

/**
 * The callers of issue 15's discussion tests (reference §2, §7.15): anonymous, a normal user
 * (alice), the author of the posts (bob), an admin (not root), a problem admin, a muted user
 * (noSubmit, 1003 here: may still post) and root.
 */
export type Caller = 'anonymous' | 'alice' | 'bob' | 'admin' | 'problemAdmin' | 'noSubmit' | 'root';

export interface DiscussionWorld {
  w: World;
  call<T = unknown>(
    who: Caller,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<Reply<T>>;
  /** the first seeded category's id (闲聊) */
  categoryId: number;
  /** posts a discussion as `who` and answers its id */
  post(who: Caller, values?: Record<string, unknown>): Promise<number>;
  /** comments on discussion `did` as `who` and answers the comment */
  comment(who: Caller, where: { did?: number; cid?: number }, content?: string): Promise<{ id: number }>;
  switches(values: SwitchConfigBody): Promise<void>;
  discussionRow(did: number): Promise<typeof discussion.$inferSelect | undefined>;
  /** the msg_remind rows of a recipient, newest first */
  reminders(who: Caller): Promise<(typeof msgRemind.$inferSelect)[]>;
}

export const QUOTAS_OFF = {
  defaultCreateDiscussionACInitValue: 0,
  defaultCreateCommentACInitValue: 0,
  defaultCreateDiscussionDailyLimit: 1000,
  defaultCreateCommentDailyLimit: 1000,
} as const;

export const ok = <T>(res: Reply<T>) => {
  expect(res.msg, `${res.status} ${res.msg}`).toBe('success');
  expect(res.status).toBe(200);
  return res.data;
};

export async function discussionWorld(
  options: Parameters<typeof createWorld>[0] = {},
): Promise<DiscussionWorld> {
  const w = await createWorld(options);
  const token = (who: Caller) => (who === 'anonymous' ? undefined : w.tokens[who]);
  const call: DiscussionWorld['call'] = (who, method, url, payload) =>
    w.call(method, url, { token: token(who), payload });
  const categories = ok(await call<{ id: number }[]>('anonymous', 'GET', '/api/discussion-category'));
  const self: DiscussionWorld = {
    w,
    call,
    categoryId: categories[0]!.id,
    async post(who, values = {}) {
      ok(
        await call(who, 'POST', '/api/discussion', {
          title: 'How to add two numbers?',
          description: 'A question',
          content: 'Does `a+b` overflow?',
          categoryId: self.categoryId,
          ...values,
        }),
      );
      const [row] = await w.t.db
        .select({ id: discussion.id })
        .from(discussion)
        .where(eq(discussion.uid, w.uids[who as 'alice']))
        .orderBy(desc(discussion.id))
        .limit(1);
      return row!.id;
    },
    async comment(who, where, content = 'a comment') {
      return ok(await call<{ id: number }>(who, 'POST', '/api/comment', { ...where, content }));
    },
    async switches(values) {
      ok(await call('root', 'PUT', '/api/admin/switch/update', values));
    },
    async discussionRow(did) {
      const [row] = await w.t.db.select().from(discussion).where(eq(discussion.id, did));
      return row;
    },
    async reminders(who) {
      return w.t.db
        .select()
        .from(msgRemind)
        .where(eq(msgRemind.recipientId, w.uids[who as 'alice']))
        .orderBy(desc(msgRemind.id));
    },
  };
  // reference §7.6: the AC thresholds (10 by default) and the daily limit are out of the way unless a test sets them
  await self.switches(QUOTAS_OFF);
  return self;
}
