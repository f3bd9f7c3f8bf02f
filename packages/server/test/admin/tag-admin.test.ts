import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemTag, tag } from '../../src/db/schema/index.ts';
import { createProblem, createWorld, type World } from '../problem/fixtures.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.t.close());

describe('tag administration (reference §3.12 /api/admin/tag)', () => {
  it('creates, edits and deletes site tags; names are unique per judge', async () => {
    const created = await w.call<{ id: number; name: string; oj: string; gid: null }>(
      'POST',
      '/api/admin/tag',
      {
        token: w.tokens.root,
        payload: { name: 'greedy', color: '#abcdef' },
      },
    );
    expect(created.data).toMatchObject({ name: 'greedy', oj: 'ME', gid: null, color: '#abcdef' });
    const dup = await w.call('POST', '/api/admin/tag', {
      token: w.tokens.problemAdmin,
      payload: { name: 'greedy' },
    });
    expect(dup.msg).toBe('A tag with this name already exists!');
    expect(
      (
        await w.call('POST', '/api/admin/tag', {
          token: w.tokens.root,
          payload: { name: 'greedy', oj: 'HDU' },
        })
      ).status,
    ).toBe(200);
    const renamed = await w.call('PUT', '/api/admin/tag', {
      token: w.tokens.root,
      payload: { id: created.data.id, name: 'greedy algorithms', color: '#000' },
    });
    expect(renamed.status).toBe(200);
    const made = await createProblem(w, { problemId: 'T-1' }, {
      tags: [{ id: created.data.id, name: 'x' }],
    } as never);
    expect(await w.t.db.select().from(problemTag).where(eq(problemTag.pid, made.pid))).toHaveLength(1);
    expect(
      (await w.call('DELETE', `/api/admin/tag?tid=${created.data.id}`, { token: w.tokens.root })).status,
    ).toBe(200);
    expect(await w.t.db.select().from(problemTag).where(eq(problemTag.pid, made.pid))).toEqual([]);
    expect(
      (await w.call('DELETE', `/api/admin/tag?tid=${created.data.id}`, { token: w.tokens.root })).status,
    ).toBe(404);
    expect(
      (await w.call('PUT', '/api/admin/tag', { token: w.tokens.root, payload: { id: 999999, name: 'x' } }))
        .status,
    ).toBe(404);
  });

  it('is for root and problem admins only, and checks the body', async () => {
    expect(
      (await w.call('POST', '/api/admin/tag', { token: w.tokens.admin, payload: { name: 'x' } })).http,
    ).toBe(403);
    expect((await w.call('POST', '/api/admin/tag', { payload: { name: 'x' } })).http).toBe(401);
    expect(
      (await w.call('POST', '/api/admin/tag', { token: w.tokens.root, payload: { name: '' } })).http,
    ).toBe(400);
    expect(
      (
        await w.call('POST', '/api/admin/tag', {
          token: w.tokens.root,
          payload: { name: 'x', color: '#12345678901' },
        })
      ).http,
    ).toBe(400);
    expect(
      (await w.call('POST', '/api/admin/tag', { token: w.tokens.root, payload: { name: 'x', tcid: 999 } }))
        .msg,
    ).toBe('The tag classification does not exist!');
  });

  it('keeps classifications by rank; deleting one leaves its tags unclassified', async () => {
    const a = await w.call<{ id: number }>('POST', '/api/admin/tag/classification', {
      token: w.tokens.root,
      payload: { name: 'Second', rank: 2 },
    });
    const b = await w.call<{ id: number }>('POST', '/api/admin/tag/classification', {
      token: w.tokens.root,
      payload: { name: 'First', rank: 1 },
    });
    const list = await w.call<{ name: string }[]>('GET', '/api/admin/tag/classification?oj=ME', {
      token: w.tokens.root,
    });
    expect(list.data.map((c) => c.name)).toEqual(['First', 'Second']);
    expect(
      (
        await w.call('PUT', '/api/admin/tag/classification', {
          token: w.tokens.root,
          payload: { id: a.data.id, name: 'Renamed', rank: 0 },
        })
      ).status,
    ).toBe(200);
    const t = await w.call<{ id: number }>('POST', '/api/admin/tag', {
      token: w.tokens.root,
      payload: { name: 'bfs', tcid: b.data.id },
    });
    expect(
      (await w.call('DELETE', `/api/admin/tag/classification?tcid=${b.data.id}`, { token: w.tokens.root }))
        .status,
    ).toBe(200);
    const [after] = await w.t.db.select().from(tag).where(eq(tag.id, t.data.id));
    expect(after!.tcid).toBeNull();
    expect(
      (await w.call('DELETE', `/api/admin/tag/classification?tcid=${b.data.id}`, { token: w.tokens.root }))
        .status,
    ).toBe(404);
    expect((await w.call('GET', '/api/admin/tag/classification', { token: w.tokens.admin })).http).toBe(403);
  });
});
