import type { DiscussionReportVO, DiscussionVO } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/http/envelope.ts';
import { discussionWorld, ok, type DiscussionWorld } from './support.ts';

let d: DiscussionWorld;
beforeAll(async () => {
  d = await discussionWorld();
});
afterAll(() => d.w.t.close());

describe('admin discussions (reference §3.12 "Discussions": PUT/DELETE /api/admin/discussion)', () => {
  it('hides, shows and pins through status and topPriority, for the admin roles only', async () => {
    const did = await d.post('bob', { title: 'admin me' });
    expect((await d.call('alice', 'PUT', '/api/admin/discussion', { id: did, status: 1 })).http).toBe(403);
    expect((await d.call('bob', 'PUT', '/api/admin/discussion', { id: did, status: 1 })).http).toBe(403);
    expect((await d.call('anonymous', 'PUT', '/api/admin/discussion', { id: did, status: 1 })).http).toBe(
      401,
    );
    ok(
      await d.call('problemAdmin', 'PUT', '/api/admin/discussion', { id: did, status: 1, title: 'ignored' }),
    );
    expect(await d.discussionRow(did)).toMatchObject({ status: 1, title: 'admin me', topPriority: false });
    const hiddenTo = (await d.call<Page<DiscussionVO>>('alice', 'GET', '/api/get-discussion-list')).data;
    expect(hiddenTo.records.map((r) => r.id)).not.toContain(did);
    ok(await d.call('admin', 'PUT', '/api/admin/discussion', { id: did, status: 0, topPriority: true }));
    expect(await d.discussionRow(did)).toMatchObject({ status: 0, topPriority: true });
    const shown = ok(await d.call<Page<DiscussionVO>>('alice', 'GET', '/api/get-discussion-list'));
    expect(shown.records[0]!.id).toBe(did);
    expect((await d.call('admin', 'PUT', '/api/admin/discussion', { id: did, status: 2 })).status).toBe(400);
    expect((await d.call('admin', 'PUT', '/api/admin/discussion', { id: 999_999, status: 1 })).status).toBe(
      404,
    );
  });

  it('deletes several discussions at once; an empty selection is refused', async () => {
    const a = await d.post('bob');
    const b = await d.post('alice');
    const kept = await d.post('alice');
    expect((await d.call('alice', 'DELETE', '/api/admin/discussion', [a, b])).http).toBe(403);
    ok(await d.call('root', 'DELETE', '/api/admin/discussion', [a, b, 999_999]));
    expect(await d.discussionRow(a)).toBeUndefined();
    expect(await d.discussionRow(b)).toBeUndefined();
    expect(await d.discussionRow(kept)).toBeDefined();
    const empty = await d.call('root', 'DELETE', '/api/admin/discussion', []);
    expect(empty.status).toBe(400);
    expect(empty.msg).toMatch(/select at least one discussion/);
  });
});

describe('discussion reports (reference §3.12 GET/PUT /api/admin/discussion-report)', () => {
  it('lists reports with their discussion, unread first, and changes their state', async () => {
    const did = await d.post('bob', { title: 'reported post' });
    ok(await d.call('alice', 'POST', '/api/discussion-report', { did, content: '#Spam ads# first' }));
    ok(await d.call('noSubmit', 'POST', '/api/discussion-report', { did, content: 'second' }));
    expect((await d.call('alice', 'GET', '/api/admin/discussion-report')).http).toBe(403);
    const reports = ok(
      await d.call<Page<DiscussionReportVO>>('admin', 'GET', '/api/admin/discussion-report'),
    );
    expect(reports.total).toBe(2);
    expect(reports.records[0]).toMatchObject({
      did,
      gid: null,
      discussionTitle: 'reported post',
      discussionAuthor: 'bob',
      reporter: 'noSubmit',
      content: 'second',
      status: false,
    });
    const second = reports.records[0]!.id;
    ok(await d.call('admin', 'PUT', '/api/admin/discussion-report', { id: second, status: true }));
    const after = ok(
      await d.call<Page<DiscussionReportVO>>('admin', 'GET', '/api/admin/discussion-report?limit=1'),
    );
    expect(after.records.map((r) => [r.reporter, r.status])).toEqual([['alice', false]]);
    expect(after.total).toBe(2);
    expect(
      (await d.call('admin', 'PUT', '/api/admin/discussion-report', { id: 999_999, status: true })).status,
    ).toBe(404);
    expect((await d.call('admin', 'PUT', '/api/admin/discussion-report', { id: second })).status).toBe(400);
    // deleting the discussion removes its reports
    ok(await d.call('bob', 'DELETE', `/api/discussion?did=${did}`));
    expect(
      ok(await d.call<Page<DiscussionReportVO>>('admin', 'GET', '/api/admin/discussion-report')).total,
    ).toBe(0);
  });
});
