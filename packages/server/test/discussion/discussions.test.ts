import type { CategoryVO, DiscussionVO } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussion, discussionReport } from '../../src/db/schema/index.ts';
import type { Page } from '../../src/http/envelope.ts';
import { discussionWorld, ok, QUOTAS_OFF, type DiscussionWorld } from './support.ts';

let d: DiscussionWorld;
beforeAll(async () => {
  d = await discussionWorld();
});
afterAll(() => d.w.t.close());

const list = async (who: Parameters<DiscussionWorld['call']>[0], query = '') =>
  ok(await d.call<Page<DiscussionVO>>(who, 'GET', `/api/get-discussion-list?${query}`));

describe('discussion list and detail (reference §3.8 get-discussion-list / get-discussion-detail, §7.15)', () => {
  it('lists pinned posts first, hides hidden ones outside the admin view, and shows content only to the author', async () => {
    const plain = await d.post('bob', { title: 'plain list post' });
    const pinned = await d.post('admin', { title: 'pinned list post', topPriority: true });
    const hidden = await d.post('bob', { title: 'hidden list post' });
    ok(await d.call('admin', 'PUT', '/api/admin/discussion', { id: hidden, status: 1 }));

    const anon = await list('anonymous', 'limit=50');
    expect(anon.records[0]!.id).toBe(pinned);
    expect(anon.records.map((r) => r.id)).toContain(plain);
    expect(anon.records.map((r) => r.id)).not.toContain(hidden);
    expect(anon.records.every((r) => r.content === null)).toBe(true);
    const mine = await list('bob', 'limit=50');
    expect(mine.records.find((r) => r.id === plain)!.content).toBe('Does `a+b` overflow?');
    // the admin view (admin=true from an admin role) shows hidden posts; a user's admin=true does not
    expect((await list('admin', 'admin=true&limit=50')).records.map((r) => r.id)).toContain(hidden);
    expect((await list('alice', 'admin=true&limit=50')).records.map((r) => r.id)).not.toContain(hidden);
  });

  it('filters by category (cid), problem (pid), keyword and onlyMine, and pages', async () => {
    const categories = ok(await d.call<CategoryVO[]>('anonymous', 'GET', '/api/discussion-category'));
    const other = categories[1]!.id;
    const inOther = await d.post('alice', { title: 'zebra category post', categoryId: other });
    const onProblem = await d.post('alice', { title: 'problem post', pid: 'P1000' });
    expect((await list('anonymous', `cid=${other}`)).records.map((r) => r.id)).toEqual([inOther]);
    expect((await list('anonymous', 'pid=P1000')).records.map((r) => r.id)).toEqual([onProblem]);
    expect((await list('anonymous', 'keyword=ZEBRA')).records.map((r) => r.id)).toEqual([inOther]);
    expect((await list('anonymous', `keyword=${onProblem}`)).records.map((r) => r.id)).toContain(onProblem);
    const alices = await list('alice', 'onlyMine=true&limit=50');
    expect(alices.records.every((r) => r.uid === d.w.uids.alice)).toBe(true);
    expect(alices.total).toBe(2);
    const paged = await list('anonymous', 'limit=1&currentPage=2');
    expect(paged.records).toHaveLength(1);
    expect(paged.size).toBe(1);
    expect(paged.current).toBe(2);
  });

  it('counts a view per detail call, tells hasLike, refuses a banned post and an unknown one', async () => {
    const did = await d.post('bob', { title: 'detail post' });
    const first = ok(await d.call<DiscussionVO>('anonymous', 'GET', `/api/get-discussion-detail?did=${did}`));
    const second = ok(await d.call<DiscussionVO>('alice', 'GET', `/api/get-discussion-detail?did=${did}`));
    expect(second.viewNum).toBe(first.viewNum + 1);
    expect(second.content).toBe('Does `a+b` overflow?');
    expect(second.categoryName).toBe('闲聊');
    expect(second.role).toBe('user');
    expect(second.hasLike).toBe(false);
    ok(await d.call('admin', 'PUT', '/api/admin/discussion', { id: did, status: 1 }));
    const banned = await d.call('alice', 'GET', `/api/get-discussion-detail?did=${did}`);
    expect([banned.http, banned.status]).toEqual([200, 403]);
    expect(banned.msg).toMatch(/banned/);
    ok(await d.call('root', 'GET', `/api/get-discussion-detail?did=${did}`));
    const missing = await d.call('alice', 'GET', '/api/get-discussion-detail?did=999999');
    expect(missing.status).toBe(404);
  });
});

describe('posting (reference §3.8 POST /api/discussion, §7.15; spec part 2 §5)', () => {
  it('refuses empty and overlong fields, an unknown category, problem or group', async () => {
    const base = { title: 't', description: 'd', content: 'c', categoryId: d.categoryId };
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ ...base, title: '   ' }, /title is required/],
      [{ ...base, title: 'x'.repeat(256) }, /title can not exceed 255/],
      [{ ...base, description: '' }, /description is required/],
      [{ ...base, description: 'x'.repeat(256) }, /description can not exceed 255/],
      [{ ...base, categoryId: undefined }, /categoryId/],
      [{ ...base, content: ' \n ' }, /content is required/],
      [{ ...base, content: 'x'.repeat(65_536) }, /content can not exceed 65535/],
      [{ ...base, categoryId: 999_999 }, /category does not exist/],
      [{ ...base, pid: 'NO-SUCH' }, /problem does not exist/],
    ];
    for (const [payload, msg] of bad) {
      const res = await d.call('alice', 'POST', '/api/discussion', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.msg).toMatch(msg);
    }
    // a group post goes to its group's members (issue 27): a group that does not exist is not found
    const unknownGroup = await d.call('alice', 'POST', '/api/discussion', { ...base, gid: 5 });
    expect(unknownGroup.status).toBe(404);
    expect(unknownGroup.msg).toMatch(/[Gg]roup/);
    const anon = await d.call('anonymous', 'POST', '/api/discussion', base);
    expect(anon.http).toBe(401);
  });

  it('copies the author from the session, stores markdown as sent, and lets only admin roles pin', async () => {
    const markdown = '<script>alert(1)</script>\n\n```c\nint main(){}\n```';
    const did = await d.post('alice', { content: markdown, author: 'forged', uid: 'forged' });
    const row = await d.discussionRow(did);
    expect(row).toMatchObject({ uid: d.w.uids.alice, author: 'alice', role: 'user', content: markdown });
    const pin = await d.call('alice', 'POST', '/api/discussion', {
      title: 't',
      description: 'd',
      content: 'c',
      categoryId: d.categoryId,
      topPriority: true,
    });
    expect(pin.http).toBe(403);
    const byAdmin = await d.post('problemAdmin', { topPriority: true });
    expect(await d.discussionRow(byAdmin)).toMatchObject({ topPriority: true, role: 'admin' });
    expect(await d.discussionRow(await d.post('root'))).toMatchObject({ role: 'root' });
  });
});

describe('editing and deleting (reference §3.8 PUT/DELETE /api/discussion, §7.15)', () => {
  const edit = (id: number, values: Record<string, unknown> = {}) => ({
    id,
    title: 'edited',
    description: 'edited d',
    content: 'edited c',
    categoryId: d.categoryId,
    ...values,
  });

  it('lets the author and root edit; not another user nor an admin; only admin roles change the pin', async () => {
    const did = await d.post('bob');
    expect((await d.call('alice', 'PUT', '/api/discussion', edit(did))).status).toBe(403);
    expect((await d.call('admin', 'PUT', '/api/discussion', edit(did))).status).toBe(403);
    ok(await d.call('bob', 'PUT', '/api/discussion', edit(did, { title: 'by bob' })));
    expect((await d.discussionRow(did))!.title).toBe('by bob');
    ok(await d.call('root', 'PUT', '/api/discussion', edit(did, { title: 'by root', topPriority: true })));
    expect(await d.discussionRow(did)).toMatchObject({ title: 'by root', topPriority: true });
    expect((await d.call('bob', 'PUT', '/api/discussion', edit(did, { topPriority: false }))).http).toBe(403);
    const bad = await d.call('bob', 'PUT', '/api/discussion', edit(did, { categoryId: 999_999 }));
    expect(bad.status).toBe(400);
    expect((await d.call('bob', 'PUT', '/api/discussion', edit(999_999))).status).toBe(404);
  });

  it('lets the author and the admin roles delete; another user is refused; a deleted post is gone', async () => {
    const did = await d.post('bob');
    expect((await d.call('alice', 'DELETE', `/api/discussion?did=${did}`)).status).toBe(403);
    ok(await d.call('bob', 'DELETE', `/api/discussion?did=${did}`));
    expect((await d.call('anonymous', 'GET', `/api/get-discussion-detail?did=${did}`)).status).toBe(404);
    expect((await d.call('bob', 'DELETE', `/api/discussion?did=${did}`)).status).toBe(404);
    const other = await d.post('bob');
    ok(await d.call('admin', 'DELETE', `/api/discussion?did=${other}`));
    expect(await d.discussionRow(other)).toBeUndefined();
  });
});

describe('likes and reports (reference §3.8 discussion-like / discussion-report, §7.15)', () => {
  it('toggles a like once per user, tells the author (Like_Post) but not for a self-like', async () => {
    const did = await d.post('bob', { title: 'liked post' });
    const before = (await d.reminders('bob')).length;
    ok(await d.call('alice', 'GET', `/api/discussion-like?did=${did}&toLike=true`));
    ok(await d.call('alice', 'GET', `/api/discussion-like?did=${did}&toLike=true`));
    expect((await d.discussionRow(did))!.likeNum).toBe(1);
    const detail = ok(await d.call<DiscussionVO>('alice', 'GET', `/api/get-discussion-detail?did=${did}`));
    expect(detail).toMatchObject({ likeNum: 1, hasLike: true });
    const [message] = await d.reminders('bob');
    expect(message).toMatchObject({
      action: 'Like_Post',
      sourceId: did,
      sourceType: 'Discussion',
      sourceContent: 'liked post',
      url: `/discussion-detail/${did}`,
      senderId: d.w.uids.alice,
      state: false,
    });
    ok(await d.call('bob', 'GET', `/api/discussion-like?did=${did}&toLike=true`));
    expect((await d.reminders('bob')).length).toBe(before + 1);
    ok(await d.call('alice', 'GET', `/api/discussion-like?did=${did}&toLike=false`));
    ok(await d.call('alice', 'GET', `/api/discussion-like?did=${did}&toLike=false`));
    expect((await d.discussionRow(did))!.likeNum).toBe(1);
    expect((await d.call('anonymous', 'GET', `/api/discussion-like?did=${did}&toLike=true`)).http).toBe(401);
    expect((await d.call('alice', 'GET', `/api/discussion-like?did=${did}`)).status).toBe(400);
    expect((await d.call('alice', 'GET', '/api/discussion-like?did=999999&toLike=true')).status).toBe(404);
  });

  it('stores a report with the caller as reporter; refuses an empty one and a missing discussion', async () => {
    const did = await d.post('bob');
    ok(
      await d.call('alice', 'POST', '/api/discussion-report', {
        did,
        reporter: 'someone-else',
        content: '#Spam ads# buy now',
      }),
    );
    const rows = await d.w.t.db.select().from(discussionReport).where(eq(discussionReport.did, did));
    expect(rows).toMatchObject([{ reporter: 'alice', content: '#Spam ads# buy now', status: false }]);
    expect((await d.call('alice', 'POST', '/api/discussion-report', { did, content: ' ' })).status).toBe(400);
    const long = await d.call('alice', 'POST', '/api/discussion-report', { did, content: 'x'.repeat(256) });
    expect(long.status).toBe(400);
    expect(
      (await d.call('alice', 'POST', '/api/discussion-report', { did: 999_999, content: 'x' })).status,
    ).toBe(404);
    expect((await d.call('anonymous', 'POST', '/api/discussion-report', { did, content: 'x' })).http).toBe(
      401,
    );
  });
});

describe('categories (reference §3.8 discussion-category: root edits)', () => {
  it('renames, adds, ignores blank names, removes unused ones and keeps used ones', async () => {
    const before = ok(await d.call<CategoryVO[]>('anonymous', 'GET', '/api/discussion-category'));
    expect(before.map((c) => c.name)).toEqual(['闲聊', '题解', '求助', '建议', '记录']);
    const body = [
      ...before.map((c) => (c.name === '记录' ? { ...c, name: 'Notes' } : c)),
      { name: 'New' },
      { name: ' ' },
    ];
    expect((await d.call('admin', 'POST', '/api/discussion-category', body)).http).toBe(403);
    const after = ok(await d.call<CategoryVO[]>('root', 'POST', '/api/discussion-category', body));
    expect(after.map((c) => c.name)).toEqual(['闲聊', '题解', '求助', '建议', 'Notes', 'New']);
    // leaving out "New" (unused) removes it; leaving out 闲聊 (used by posts) is refused
    const withoutNew = after.filter((c) => c.name !== 'New');
    expect(
      ok(await d.call<CategoryVO[]>('root', 'POST', '/api/discussion-category', withoutNew)),
    ).toHaveLength(5);
    const refused = await d.call('root', 'POST', '/api/discussion-category', withoutNew.slice(1));
    expect(refused.status).toBe(400);
    expect(refused.msg).toMatch(/still use this category/);
    const unknown = await d.call('root', 'POST', '/api/discussion-category', [
      ...withoutNew,
      { id: 999_999, name: 'x' },
    ]);
    expect(unknown.status).toBe(400);
  });
});

describe('the openPublicDiscussion switch (reference §7.14)', () => {
  it('closes every discussion call with HTTP 403 and a bilingual message, and opens them again', async () => {
    const did = await d.post('bob');
    await d.switches({ openPublicDiscussion: false });
    try {
      const calls: [Parameters<DiscussionWorld['call']>[0], 'GET' | 'POST' | 'DELETE', string, unknown?][] = [
        ['anonymous', 'GET', '/api/get-discussion-list'],
        ['anonymous', 'GET', `/api/get-discussion-detail?did=${did}`],
        [
          'alice',
          'POST',
          '/api/discussion',
          { title: 't', description: 'd', content: 'c', categoryId: d.categoryId },
        ],
        ['alice', 'GET', `/api/discussion-like?did=${did}&toLike=true`],
        ['bob', 'DELETE', `/api/discussion?did=${did}`],
        ['alice', 'GET', `/api/comments?did=${did}`],
        ['alice', 'POST', '/api/comment', { did, content: 'hi' }],
      ];
      for (const [who, method, url, payload] of calls) {
        const res = await d.call(who, method, url, payload);
        expect([res.http, res.status], url).toEqual([403, 403]);
        expect(res.msg).toMatch(/No Access/);
      }
      const zh = await d.w.call('GET', '/api/get-discussion-list', { lang: 'zh' });
      expect(zh.msg).toMatch(/禁止访问/);
    } finally {
      await d.switches({ openPublicDiscussion: true });
    }
    ok(await d.call('anonymous', 'GET', `/api/get-discussion-detail?did=${did}`));
  });
});

describe('posting quotas (reference §7.6, configurable through the switches)', () => {
  it('needs the accepted problems of defaultCreateDiscussionACInitValue from non-admins', async () => {
    await d.switches({ defaultCreateDiscussionACInitValue: 1 });
    try {
      const payload = { title: 't', description: 'd', content: 'c', categoryId: d.categoryId };
      const res = await d.call('alice', 'POST', '/api/discussion', payload);
      expect(res.status).toBe(403);
      expect(res.msg).toMatch(/solve at least 1 problems/);
      const zh = await d.w.call('POST', '/api/discussion', { token: d.w.tokens.alice, payload, lang: 'zh' });
      expect(zh.msg).toMatch(/通过1道以上/);
      await d.post('admin');
    } finally {
      await d.switches(QUOTAS_OFF);
    }
  });

  it('allows defaultCreateDiscussionDailyLimit posts in 24 hours to non-admins', async () => {
    await d.switches({ defaultCreateDiscussionDailyLimit: 2 });
    try {
      await d.post('noSubmit');
      await d.post('noSubmit');
      const payload = { title: 't', description: 'd', content: 'c', categoryId: d.categoryId };
      const third = await d.call('noSubmit', 'POST', '/api/discussion', payload);
      expect(third.status).toBe(403);
      expect(third.msg).toMatch(/already posted 2 discussions today/);
      for (let i = 0; i < 3; i++) await d.post('admin');
      // a day later (the posts moved back, so the sessions stay valid) the quota is free again
      await d.w.t.db
        .update(discussion)
        .set({ gmtCreate: new Date(d.w.clock.now().getTime() - 24 * 3600 * 1000 - 1000) })
        .where(eq(discussion.uid, d.w.uids.noSubmit));
      await d.post('noSubmit');
    } finally {
      await d.switches(QUOTAS_OFF);
    }
  });

  it('counts simultaneous posts of one user once each (the quota cannot be raced)', async () => {
    await d.w.t.db
      .update(discussion)
      .set({ gmtCreate: new Date(d.w.clock.now().getTime() - 48 * 3600 * 1000) })
      .where(eq(discussion.uid, d.w.uids.noSubmit));
    await d.switches({ defaultCreateDiscussionDailyLimit: 1 });
    try {
      const payload = { title: 't', description: 'd', content: 'c', categoryId: d.categoryId };
      const answers = await Promise.all(
        [1, 2, 3].map(() => d.call('noSubmit', 'POST', '/api/discussion', payload)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403]);
    } finally {
      await d.switches(QUOTAS_OFF);
    }
  });
});
