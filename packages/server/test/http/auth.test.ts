import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { access, actionAccess } from '../../src/http/auth/access.ts';
import { ok } from '../../src/http/envelope.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createUser, type RoleKey } from '../helpers/users.ts';

const HOUR = 3600_000;
const ACTIONS = ['submit', 'discussion', 'comment', 'reply'] as const;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 8));
let t: TestApp;
let aliceUid: string;

async function login(uid: string) {
  return t.app.auth.openSession(uid, { userAgent: 'vitest', ip: '127.0.0.1' });
}
const call = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: token === undefined ? headers : { authorization: token, ...headers } });

beforeAll(async () => {
  t = await buildTestApp({ clock });
  // Probe routes, one per access rule of reference §3's conventions.
  t.app.get('/api/test/whoami', { config: { access: access.login } }, async (r) => ok(r.user!.username));
  t.app.get('/api/test/anon', { config: { access: access.anon } }, async (r) => ok(r.user?.username ?? null));
  t.app.get('/api/test/open', { config: { access: access.open } }, async (r) => ok(r.user?.username ?? null));
  t.app.get('/api/test/admin-only', { config: { access: access.anyRole('root', 'admin') } }, async () =>
    ok('in'),
  );
  // One probe per guarded user action, declared as the real routes declare theirs.
  for (const action of ACTIONS) {
    t.app.post(`/api/test/${action}`, { config: { access: actionAccess[action] } }, async () => ok(action));
  }
  aliceUid = await createUser(t.db, { username: 'alice' });
});
afterAll(() => t.close());

describe('reference §1.3: JWT sessions', () => {
  it('accepts a valid token sent raw, as HOJ clients do, and with a Bearer prefix', async () => {
    const token = await login(aliceUid);
    expect((await call('/api/test/whoami', token)).json()).toEqual({
      status: 200,
      msg: 'success',
      data: 'alice',
    });
    expect((await call('/api/test/whoami', `Bearer ${token}`)).json().data).toBe('alice');
  });

  it('refuses a missing token with HTTP 401 "please log in first"', async () => {
    const res = await call('/api/test/whoami');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, msg: '请您先登录！', data: null });
  });

  it('refuses a forged token with HTTP 401 and body status 401', async () => {
    const forged = await new SignJWT({ sid: 1 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(aliceUid)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    for (const bad of [forged, 'garbage', 'a.b.c']) {
      const res = await call('/api/test/whoami', bad);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, msg: '登录状态已失效，请重新登录！', data: null });
    }
  });

  it('ignores a bad token on anonymous routes, but refuses it on open ones', async () => {
    const anon = await call('/api/test/anon', 'garbage');
    expect(anon.statusCode).toBe(200);
    expect(anon.json().data).toBeNull();
    const open = await call('/api/test/open', 'garbage');
    expect(open.statusCode).toBe(401);
    expect((await call('/api/test/open')).json().data).toBeNull();
    expect((await call('/api/test/anon', await login(aliceUid))).json().data).toBe('alice');
  });

  it('expires a token after JWT_TOKEN_EXPIRE (24 h)', async () => {
    const token = await login(aliceUid);
    clock.advance(24 * HOUR + 1000);
    const res = await call('/api/test/whoami', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('登录状态已失效，请重新登录！');
  });

  it('refreshes a token after 12 h through the Authorization and Refresh-Token headers', async () => {
    const token = await login(aliceUid);
    clock.advance(11 * HOUR);
    const early = await call('/api/test/whoami', token);
    expect(early.headers['refresh-token']).toBeUndefined();

    clock.advance(2 * HOUR);
    const due = await call('/api/test/whoami', token);
    expect(due.statusCode).toBe(200);
    expect(due.headers['refresh-token']).toBe('true');
    const fresh = due.headers.authorization as string;
    expect(fresh).toMatch(/^ey/);
    expect(fresh).not.toBe(token);

    // Only one refresh per window: the next request with either token gets no new one.
    expect((await call('/api/test/whoami', token)).headers['refresh-token']).toBeUndefined();

    // The new token outlives the old one: 20 h later the old has expired, the new still works.
    clock.advance(20 * HOUR);
    expect((await call('/api/test/whoami', token)).statusCode).toBe(401);
    const later = await call('/api/test/whoami', fresh);
    expect(later.statusCode).toBe(200);
  });

  it('revokes the session on logout; other sessions of the user stay valid', async () => {
    const phone = await login(aliceUid);
    const laptop = await login(aliceUid);
    const out = await call('/api/logout', phone, { 'accept-language': 'en' });
    expect(out.json()).toEqual({ status: 200, msg: 'Logged out successfully!', data: null });
    expect((await call('/api/test/whoami', phone)).statusCode).toBe(401);
    expect((await call('/api/test/whoami', laptop)).statusCode).toBe(200);
  });

  it('ends every session of a user at once (ban, admin password change)', async () => {
    const a = await login(aliceUid);
    const b = await login(aliceUid);
    await t.app.auth.closeAllSessions(aliceUid);
    expect((await call('/api/test/whoami', a)).statusCode).toBe(401);
    expect((await call('/api/test/whoami', b)).statusCode).toBe(401);
  });

  it('refuses a banned user with HTTP 401 and the banned message', async () => {
    const uid = await createUser(t.db, { username: 'mallory', banned: true });
    const res = await call('/api/test/whoami', await login(uid));
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('该账户已被封禁，请联系管理员进行处理！');
  });
});

describe('reference §2: roles and permissions', () => {
  it('refuses a wrong role with HTTP 403 and echoes Url-Type', async () => {
    const res = await call('/api/test/admin-only', await login(aliceUid), { 'url-type': 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, msg: '对不起，您无权限进行此操作！', data: null });
    expect(res.headers['url-type']).toBe('admin');
  });

  it('lets root and admin in', async () => {
    for (const [username, role] of [
      ['boss', 'admin'],
      ['super', 'root'],
    ] as const) {
      const uid = await createUser(t.db, { username, role });
      expect((await call('/api/test/admin-only', await login(uid))).json().data).toBe('in');
    }
  });

  /**
   * reference §2's role → permission table, written out here rather than read from the code, so
   * that a wrong seed fails: which of submit, discussion_add, comment_add and reply_add each role has.
   */
  const mayByRole: [RoleKey, number, Record<(typeof ACTIONS)[number], boolean>][] = [
    ['defaultUser', 1002, { submit: true, discussion: true, comment: true, reply: true }],
    ['noSubmitUser', 1003, { submit: false, discussion: true, comment: true, reply: true }],
    ['noDiscussUser', 1004, { submit: true, discussion: false, comment: true, reply: true }],
    ['muteUser', 1005, { submit: true, discussion: false, comment: false, reply: false }],
    ['noSubmitNoDiscussUser', 1006, { submit: false, discussion: false, comment: true, reply: true }],
    ['noSubmitMuteUser', 1007, { submit: false, discussion: false, comment: false, reply: false }],
  ];

  it.each(mayByRole)(
    'the guard lets %s (%i) do only what its seeded permissions allow (HTTP 403 otherwise)',
    async (role, roleId, may) => {
      const uid = await createUser(t.db, { username: `g${roleId}`, role });
      const token = await login(uid);
      for (const action of ACTIONS) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/test/${action}`,
          headers: { authorization: token },
        });
        if (may[action]) {
          expect(res.json(), `${role} ${action}`).toEqual({ status: 200, msg: 'success', data: action });
        } else {
          expect(res.statusCode, `${role} ${action}`).toBe(403);
          expect(res.json()).toEqual({ status: 403, msg: '对不起，您无权限进行此操作！', data: null });
        }
      }
    },
  );

  it('the real submit and test-run endpoints refuse 1003, 1006 and 1007 before reading the body', async () => {
    const calls = ['/api/submit-problem-judge', '/api/submit-problem-test-judge'];
    for (const role of ['noSubmitUser', 'noSubmitNoDiscussUser', 'noSubmitMuteUser'] as const) {
      const token = await login(await createUser(t.db, { username: `s-${role}`.slice(0, 20), role }));
      for (const url of calls) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: token },
          payload: {},
        });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json()).toEqual({ status: 403, msg: '对不起，您无权限进行此操作！', data: null });
      }
    }
    // A default user passes the guard and reaches the body check.
    for (const url of calls) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: await login(aliceUid) },
        payload: {},
      });
      expect(res.statusCode, url).not.toBe(403);
      expect(res.json().status, url).toBe(400);
    }
  });

  it('loads the permissions of reference §2 for each role', async () => {
    const uid = await createUser(t.db, { username: 'padmin', role: 'problemAdmin' });
    const grants = await t.app.auth.grantsOf(uid);
    expect(grants.roles).toEqual(['problem_admin']);
    expect(grants.permissions.sort()).toEqual(
      [
        'problem_admin',
        'submit',
        'contest_admin',
        'discussion_add',
        'discussion_del',
        'discussion_edit',
        'comment_add',
        'reply_add',
        'group_add',
        'group_del',
      ].sort(),
    );
  });
});
