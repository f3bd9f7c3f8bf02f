import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcement, contest, contestAnnouncement } from '../../src/db/schema/index.ts';
import { body, client, signIn, type Client } from '../account/support.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';

let t: TestApp;
let c: Client;
const tokens = { root: '', admin: '', user: '' };
const URL = '/api/admin/announcement';

const send = (method: 'POST' | 'PUT', payload: object, token = tokens.root) =>
  t.app.inject({ method, url: URL, payload, headers: { authorization: token, 'accept-language': 'en-US' } });
const adminList = async (query: Record<string, string> = {}) =>
  body(await c.get(URL, { token: tokens.root, query })).data as {
    records: Record<string, unknown>[];
    total: number;
  };
const commonList = async (query: Record<string, string> = {}) =>
  body(await c.get('/api/get-common-announcement', { query })).data as {
    records: Record<string, unknown>[];
    total: number;
    pages: number;
  };
const rowCount = async () => (await t.db.select().from(announcement)).length;

beforeAll(async () => {
  t = await buildTestApp();
  c = client(t);
  await createUser(t.db, { username: 'boss', role: 'admin', password: 'boss-pass' });
  await createUser(t.db, { username: 'plain', password: 'plain-pass' });
  tokens.root = await signIn(c, 'root', ROOT_PASSWORD);
  tokens.admin = await signIn(c, 'boss', 'boss-pass');
  tokens.user = await signIn(c, 'plain', 'plain-pass');
});
afterAll(() => t.close());

describe('reference §3.12 announcements: P(announcement_admin), root only among the seeded roles', () => {
  it('refuses anonymous callers (401), plain users and admins without the permission (403), writing nothing', async () => {
    const calls = (token?: string) => [
      t.app.inject({ method: 'GET', url: URL, headers: token ? { authorization: token } : {} }),
      t.app.inject({
        method: 'POST',
        url: URL,
        payload: { title: 'x' },
        headers: token ? { authorization: token } : {},
      }),
      t.app.inject({
        method: 'PUT',
        url: URL,
        payload: { id: 1, title: 'x' },
        headers: token ? { authorization: token } : {},
      }),
      t.app.inject({ method: 'DELETE', url: `${URL}?aid=1`, headers: token ? { authorization: token } : {} }),
    ];
    for (const res of await Promise.all(calls())) expect(res.statusCode).toBe(401);
    for (const token of [tokens.user, tokens.admin])
      for (const res of await Promise.all(calls(token))) expect(res.statusCode).toBe(403);
    expect(await rowCount()).toBe(0);
  });

  it('root creates, lists, edits, hides and deletes; the markdown is stored as written', async () => {
    const content = '# Welcome\n\n<script>alert(1)</script> **bold** $x^2$';
    expect(body(await send('POST', { title: 'Hello', content, status: 0 }))).toEqual({
      status: 200,
      msg: 'success',
      data: null,
    });
    const [created] = (await adminList()).records;
    expect(created).toMatchObject({ title: 'Hello', content, status: 0, uid: '1', username: 'root' });
    expect(typeof created!.gmtCreate).toBe('string');

    expect(body(await send('PUT', { id: created!.id, title: 'Hello again', status: 1 })).status).toBe(200);
    expect((await adminList()).records[0]).toMatchObject({ title: 'Hello again', content, status: 1 });
    // reference §3.2: hidden ones are not on the home page
    expect((await commonList()).records).toEqual([]);

    const del = await c.delete(URL, { token: tokens.root, query: { aid: String(created!.id) } });
    expect(body(del).status).toBe(200);
    expect(await rowCount()).toBe(0);
    // a second delete of the same id is a clear not-found
    expect(
      body(await c.delete(URL, { token: tokens.root, query: { aid: String(created!.id) } })).status,
    ).toBe(404);
  });

  it.each([
    [{ content: 'no title', status: 0 }, 'title'],
    [{ title: '   ', status: 0 }, 'title'],
    [{ title: 'x'.repeat(256), status: 0 }, 'title'],
    [{ title: 'long', content: 'x'.repeat(65_536) }, 'content'],
    [{ title: 'bad status', status: 2 }, 'status'],
    // '0' is taken (issue 24 item 1: digits as a string, as Jackson binds them); '0.0' and ' 0' are not
    [{ title: 'bad status', status: '0.0' }, 'status'],
    [{ title: 'bad status', status: ' 0' }, 'status'],
  ])('refuses %j with an error naming %s and writes nothing', async (payload, field) => {
    const res = await send('POST', payload);
    expect(res.statusCode).toBe(400);
    expect(body(res).status).toBe(400);
    expect(body(res).msg).toContain(field);
    expect(await rowCount()).toBe(0);
  });

  it('answers not-found for an edit of a missing announcement, and changes nothing', async () => {
    expect(body(await send('PUT', { id: 999_999, title: 'ghost' })).status).toBe(404);
    expect(body(await send('PUT', { title: 'no id' })).status).toBe(404);
    expect(await rowCount()).toBe(0);
  });
});

describe('reference §3.2 GET /api/get-common-announcement (anon)', () => {
  it('lists shown site announcements only, newest first, paged; not a contest or group one', async () => {
    for (let i = 1; i <= 12; i += 1)
      await send('POST', { title: `news ${i}`, content: `body ${i}`, status: 0 });
    await send('POST', { title: 'hidden', status: 1 });
    // a contest's announcement is an announcement row linked to the contest (reference §4.4)
    const [aContest] = await t.db
      .insert(contest)
      .values({
        title: 'Cup',
        uid: '1',
        author: 'root',
        startTime: new Date(),
        endTime: new Date(),
        duration: 1,
      })
      .returning({ id: contest.id });
    const [linked] = await t.db.insert(announcement).values({ title: 'contest news', uid: '1' }).returning();
    await t.db.insert(contestAnnouncement).values({ aid: linked!.id, cid: aContest!.id });

    const first = await commonList();
    expect(first.total).toBe(12);
    expect(first.pages).toBe(2);
    expect(first.records.map((r) => r.title)).toEqual(Array.from({ length: 10 }, (_, i) => `news ${12 - i}`));
    expect(first.records[0]).toMatchObject({ content: 'body 12', username: 'root', status: 0 });
    const second = await commonList({ currentPage: '2' });
    expect(second.records.map((r) => r.title)).toEqual(['news 2', 'news 1']);
    expect((await commonList({ limit: '3' })).records).toHaveLength(3);

    // the admin list holds the hidden one too, but not the contest's; nor may it edit the contest's
    const admin = await adminList({ limit: '20' });
    expect(admin.total).toBe(13);
    expect(admin.records.map((r) => r.title)).not.toContain('contest news');
    expect(body(await send('PUT', { id: linked!.id, title: 'taken' })).status).toBe(404);
    const [kept] = await t.db.select().from(announcement).where(eq(announcement.id, linked!.id));
    expect(kept!.title).toBe('contest news');
  });
});
