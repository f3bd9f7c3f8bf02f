import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSysNotice, userSysNotice } from '../../src/db/schema/index.ts';
import {
  markSystemNoticesRead,
  systemNoticesFor,
  unreadSystemNotices,
} from '../../src/modules/message/system-notices.ts';
import { body, client, signIn, type Client } from '../account/support.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';

let t: TestApp;
let c: Client;
const tokens = { root: '', admin: '', user: '' };
const uids = { admin: '', problemAdmin: '', user: '' };
const URL = '/api/admin/msg/notice';

const send = (method: 'POST' | 'PUT', payload: object, token = tokens.root) =>
  t.app.inject({ method, url: URL, payload, headers: { authorization: token, 'accept-language': 'en-US' } });
const list = async (query: Record<string, string> = {}) =>
  body(await c.get(URL, { token: tokens.root, query })).data as {
    records: { id: number; title: string; type: string; state: boolean; adminUsername: string }[];
    total: number;
  };
const counts = async () => ({
  notices: (await t.db.select().from(adminSysNotice)).length,
  rows: (await t.db.select().from(userSysNotice)).length,
});
const titlesFor = async (uid: string, kind: 'Sys' | 'Mine' = 'Sys') =>
  (await systemNoticesFor(t.db, uid, { current: 1, size: 50, kind })).records.map((r) => r.title);
const idOf = async (title: string) =>
  (await list({ limit: '50' })).records.find((r) => r.title === title)!.id;

beforeAll(async () => {
  t = await buildTestApp();
  c = client(t);
  uids.admin = await createUser(t.db, { username: 'boss', role: 'admin', password: 'boss-pass' });
  uids.problemAdmin = await createUser(t.db, { username: 'setter', role: 'problemAdmin' });
  uids.user = await createUser(t.db, { username: 'plain', password: 'plain-pass' });
  tokens.root = await signIn(c, 'root', ROOT_PASSWORD);
  tokens.admin = await signIn(c, 'boss', 'boss-pass');
  tokens.user = await signIn(c, 'plain', 'plain-pass');
});
afterAll(() => t.close());

describe('reference §3.12 system notices: R(root)', () => {
  it('refuses anonymous callers (401), plain users and admins (403), writing nothing', async () => {
    const calls = (token?: string) => {
      const headers = token ? { authorization: token } : {};
      const payload = { title: 't', content: 'c', type: 'All' };
      return Promise.all([
        t.app.inject({ method: 'GET', url: URL, headers }),
        t.app.inject({ method: 'POST', url: URL, payload, headers }),
        t.app.inject({ method: 'PUT', url: URL, payload: { ...payload, id: 1 }, headers }),
        t.app.inject({ method: 'DELETE', url: `${URL}?id=1`, headers }),
      ]);
    };
    for (const res of await calls()) expect(res.statusCode).toBe(401);
    for (const token of [tokens.user, tokens.admin])
      for (const res of await calls(token)) expect(res.statusCode).toBe(403);
    expect(await counts()).toEqual({ notices: 0, rows: 0 });
  });

  it.each([
    [{ content: 'c', type: 'All' }, 'title'],
    [{ title: 'x'.repeat(256), content: 'c', type: 'All' }, 'title'],
    [{ title: 't', content: '', type: 'All' }, 'content'],
    [{ title: 't', content: 'c', type: 'Everyone' }, 'type'],
    [{ title: 't', content: 'c', type: 'Single' }, 'recipientId'],
  ])('refuses %j with an error naming %s, writing nothing', async (payload, field) => {
    const res = await send('POST', payload);
    expect(body(res).status).toBe(400);
    expect(body(res).msg).toContain(field);
    expect(await counts()).toEqual({ notices: 0, rows: 0 });
  });

  it('refuses a Single notice to a user who does not exist, and rolls the notice back', async () => {
    const res = await send('POST', { title: 't', content: 'c', type: 'Single', recipientId: 'nobody' });
    expect(body(res)).toMatchObject({ status: 400, msg: 'The recipient of the notice does not exist!' });
    expect(await counts()).toEqual({ notices: 0, rows: 0 });
  });

  it('§7.15: Single reaches its recipient (Mine), Admin reaches every admin role at once (Sys)', async () => {
    expect(
      body(await send('POST', { title: 'to plain', content: 'hi', type: 'Single', recipientId: uids.user }))
        .status,
    ).toBe(200);
    expect(body(await send('POST', { title: 'to admins', content: 'meeting', type: 'Admin' })).status).toBe(
      200,
    );
    expect(await titlesFor(uids.user, 'Mine')).toEqual(['to plain']);
    expect(await titlesFor(uids.user, 'Sys')).toEqual([]);
    for (const uid of ['1', uids.admin, uids.problemAdmin])
      expect(await titlesFor(uid)).toEqual(['to admins']);
    const page = await list();
    expect(page.records.map((r) => [r.title, r.type, r.state, r.adminUsername])).toEqual([
      ['to admins', 'Admin', true, 'root'],
      ['to plain', 'Single', true, 'root'],
    ]);
    expect((await list({ type: 'Single' })).records.map((r) => r.title)).toEqual(['to plain']);
  });

  it("Verdict: a Single notice may name its recipient by username (HOJ's uid still wins), and lists it", async () => {
    const byName = { title: 'by name', content: 'hi', type: 'Single', recipientUsername: 'plain' };
    expect(body(await send('POST', byName)).status).toBe(200);
    expect(await titlesFor(uids.user, 'Mine')).toContain('by name');
    const row = (await list({ limit: '50' })).records.find((r) => r.title === 'by name') as unknown as {
      recipientId: string;
      recipientUsername: string;
    };
    expect(row).toMatchObject({ recipientId: uids.user, recipientUsername: 'plain' });

    const before = await counts();
    const unknown = body(await send('POST', { ...byName, title: 'lost', recipientUsername: 'nobody-here' }));
    expect(unknown).toMatchObject({ status: 400, msg: 'The recipient of the notice does not exist!' });
    expect(await counts()).toEqual(before);

    // both sent: the uid (HOJ's field) decides
    const both = { ...byName, title: 'both', recipientId: uids.admin, recipientUsername: 'plain' };
    expect(body(await send('POST', both)).status).toBe(200);
    expect(await titlesFor(uids.admin, 'Mine')).toContain('both');
    expect(await titlesFor(uids.user, 'Mine')).not.toContain('both');
    await t.app.inject({
      method: 'DELETE',
      url: `${URL}?id=${await idOf('both')}`,
      headers: { authorization: tokens.root },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `${URL}?id=${await idOf('by name')}`,
      headers: { authorization: tokens.root },
    });
  });

  it('§7.15: an All notice reaches every user, one registered after it too, with one row written', async () => {
    const before = await counts();
    expect(body(await send('POST', { title: 'maintenance', content: 'Sunday', type: 'All' })).status).toBe(
      200,
    );
    expect((await counts()).rows).toBe(before.rows);
    const late = await createUser(t.db, { username: 'newcomer' });
    expect(await titlesFor(late)).toEqual(['maintenance']);
    expect(await titlesFor(uids.user)).toEqual(['maintenance']);
    expect(await titlesFor(uids.admin)).toEqual(['maintenance', 'to admins']);
    expect(await unreadSystemNotices(t.db, late)).toEqual({ sys: 1, mine: 0 });
    expect(await unreadSystemNotices(t.db, uids.user)).toEqual({ sys: 1, mine: 1 });

    // reading marks it read for that user alone, once however often it is read
    const id = await idOf('maintenance');
    await Promise.all([markSystemNoticesRead(t.db, late, [id]), markSystemNoticesRead(t.db, late, [id])]);
    const mine = await systemNoticesFor(t.db, late, { current: 1, size: 5 });
    expect(mine.records[0]).toMatchObject({
      id,
      title: 'maintenance',
      type: 'Sys',
      state: true,
      adminId: '1',
    });
    expect(await unreadSystemNotices(t.db, late)).toEqual({ sys: 0, mine: 0 });
    expect(await unreadSystemNotices(t.db, uids.user)).toEqual({ sys: 1, mine: 1 });
    expect((await t.db.select().from(userSysNotice).where(eq(userSysNotice.recipientId, late))).length).toBe(
      1,
    );
  });

  it('an edit changes the text readers see; a new type or recipient moves the notice; delete removes it', async () => {
    const id = await idOf('to plain');
    const edit = { id, title: 'to plain (fixed)', content: 'hello', type: 'Single', recipientId: uids.user };
    expect(body(await send('PUT', edit)).status).toBe(200);
    expect(await titlesFor(uids.user, 'Mine')).toEqual(['to plain (fixed)']);

    // a bad recipient changes nothing
    expect(body(await send('PUT', { ...edit, recipientId: 'nobody' })).status).toBe(400);
    expect(await titlesFor(uids.user, 'Mine')).toEqual(['to plain (fixed)']);

    expect(body(await send('PUT', { ...edit, recipientId: uids.admin })).status).toBe(200);
    expect(await titlesFor(uids.user, 'Mine')).toEqual([]);
    expect(await titlesFor(uids.admin, 'Mine')).toEqual(['to plain (fixed)']);

    expect(body(await send('PUT', { id: 999_999, title: 'x', content: 'y', type: 'All' })).status).toBe(404);
    expect(body(await c.delete(URL, { token: tokens.root, query: { id: String(id) } })).status).toBe(200);
    expect(await titlesFor(uids.admin, 'Mine')).toEqual([]);
    expect(body(await c.delete(URL, { token: tokens.root, query: { id: String(id) } })).status).toBe(404);
  });

  it("pages the reader's list newest first", async () => {
    for (let i = 1; i <= 6; i += 1) await send('POST', { title: `n${i}`, content: 'c', type: 'All' });
    const first = await systemNoticesFor(t.db, uids.user, { current: 1, size: 5 });
    expect(first.total).toBe(7);
    expect(first.records.map((r) => r.title)).toEqual(['n6', 'n5', 'n4', 'n3', 'n2']);
    const second = await systemNoticesFor(t.db, uids.user, { current: 2, size: 5 });
    expect(second.records.map((r) => r.title)).toEqual(['n1', 'maintenance']);
  });
});

describe('reference §3.9 GET /api/msg/sys and /api/msg/mine (login): the recipient reads them', () => {
  it('refuses anonymous callers (401)', async () => {
    for (const url of ['/api/msg/sys', '/api/msg/mine']) expect((await c.get(url)).statusCode).toBe(401);
  });

  it('pages the notices (limit 5), shows them as they were and marks them read', async () => {
    const late = await createUser(t.db, { username: 'reader', password: 'reader-pass' });
    const token = await signIn(c, 'reader', 'reader-pass');
    await send('POST', { title: 'just for you', content: 'hi', type: 'Single', recipientId: late });
    const sys = async (query: Record<string, string> = {}) =>
      body(await c.get('/api/msg/sys', { token, query })).data as {
        records: { title: string; state: boolean; type: string }[];
        total: number;
      };
    const first = await sys();
    expect(first.total).toBe(7);
    expect(first.records).toHaveLength(5);
    expect(first.records.every((r) => !r.state && r.type === 'Sys')).toBe(true);
    expect((await sys()).records.every((r) => r.state)).toBe(true);
    expect(await unreadSystemNotices(t.db, late)).toEqual({ sys: 2, mine: 1 });
    const mine = body(await c.get('/api/msg/mine', { token })).data as {
      records: { title: string; state: boolean }[];
    };
    expect(mine.records).toEqual([
      expect.objectContaining({ title: 'just for you', state: false, type: 'Mine' }),
    ]);
    expect(await unreadSystemNotices(t.db, late)).toEqual({ sys: 2, mine: 0 });
  });
});
