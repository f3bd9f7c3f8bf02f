import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { loginFailure, session, userInfo } from '../../src/db/schema/index.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';
import { createUser, type RoleKey } from '../helpers/users.ts';
import { body, captchaAnswer, client, signIn, solvedSlide } from './support.ts';

const MINUTE = 60_000;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 8));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  await createUser(t.db, { username: 'alice', password: 'alice-pass' });
});
afterAll(() => t.close());

const USER_INFO_KEYS = [
  'avatar',
  'blog',
  'cfUsername',
  'course',
  'email',
  'gender',
  'github',
  'mobile',
  'nickname',
  'number',
  'realname',
  'roleList',
  'school',
  'signature',
  'titleColor',
  'titleName',
  'uid',
  'username',
];

describe('reference §1.3, §3.1: POST /api/login', () => {
  it('answers the token in the Authorization header and UserInfoVO with its roles in the body', async () => {
    const c = client(t);
    const res = await c.post('/api/login', { username: 'alice', password: 'alice-pass' });
    expect(res.statusCode).toBe(200);
    const json = body(res);
    expect(json.status).toBe(200);
    expect(Object.keys(json.data!).sort()).toEqual(USER_INFO_KEYS);
    expect(json.data).toMatchObject({ username: 'alice', gender: 'secrecy', roleList: ['default_user'] });
    const token = res.headers.authorization as string;
    expect(token).toMatch(/^ey/);
    expect(res.headers['access-control-expose-headers']).toContain('Authorization');
    const auth = await c.get('/api/get-user-auth-info', { token });
    expect(body(auth).data).toMatchObject({ roles: ['default_user'] });
  });

  it('trims the username and password first (reference §1.3)', async () => {
    const res = await client(t).post('/api/login', { username: '  alice ', password: ' alice-pass  ' });
    expect(body(res).status).toBe(200);
  });

  it('records the login session with its user agent and IP (reference §7.2)', async () => {
    const c = client(t);
    await signIn(c, 'alice', 'alice-pass');
    const [uid] = await t.db
      .select({ uid: userInfo.uuid })
      .from(userInfo)
      .where(eq(userInfo.username, 'alice'));
    const [row] = await t.db
      .select()
      .from(session)
      .where(eq(session.uid, uid!.uid))
      .orderBy(desc(session.id))
      .limit(1);
    expect(row).toMatchObject({ userAgent: 'vitest-agent/1.0', ip: c.ip, revokedAt: null });
  });

  it('answers an unknown user and a wrong password alike, in both languages (reference §7.2)', async () => {
    const c = client(t);
    const unknown = await c.post('/api/login', { username: 'nobody', password: 'whatever1' });
    const wrong = await c.post('/api/login', { username: 'alice', password: 'wrong-pass' });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({
        status: 400,
        msg: '用户名或密码错误！请注意大小写！',
        data: { slideRequired: false },
      });
      expect(res.headers.authorization).toBeUndefined();
    }
    const en = await c.post('/api/login', { username: 'alice', password: 'wrong-pass' }, { lang: 'en' });
    expect(body(en).msg).toBe('Wrong username or password! Mind upper and lower case!');
    await t.db.delete(loginFailure);
  });

  it('refuses a banned user after the password check', async () => {
    await createUser(t.db, { username: 'banned', password: 'banned-pass', banned: true });
    const c = client(t);
    const res = await c.post('/api/login', { username: 'banned', password: 'banned-pass' });
    expect(body(res)).toEqual({ status: 400, msg: '该账户已被封禁，请联系管理员进行处理！', data: null });
    expect(res.headers.authorization).toBeUndefined();
    const en = await c.post('/api/login', { username: 'banned', password: 'banned-pass' }, { lang: 'en' });
    expect(body(en).msg).toBe('This account has been banned, please contact the administrator!');
    const wrong = await c.post('/api/login', { username: 'banned', password: 'not-the-pass' });
    expect(body(wrong).msg).toBe('用户名或密码错误！请注意大小写！');
  });

  it('replaces an imported HOJ MD5 hash with scrypt on success (reference §13.3)', async () => {
    const uid = await createUser(t.db, { username: 'legacy' });
    const md5 = createHash('md5').update('hoj123456').digest('hex');
    await t.db.update(userInfo).set({ password: md5 }).where(eq(userInfo.uuid, uid));
    const c = client(t);
    await signIn(c, 'legacy', 'hoj123456');
    const [row] = await t.db
      .select({ password: userInfo.password })
      .from(userInfo)
      .where(eq(userInfo.uuid, uid));
    expect(row!.password).toMatch(/^scrypt\$/);
    await signIn(c, 'legacy', 'hoj123456');
  });

  it('spec part 1 §5: username required and at most 20, password 6 to 20 (both languages)', async () => {
    const c = client(t);
    const cases: [unknown, string, string][] = [
      [{ password: 'abcdef' }, '用户名不能为空', 'The username is required'],
      [{ username: '   ', password: 'abcdef' }, '用户名不能为空', 'The username is required'],
      [
        { username: 'u'.repeat(21), password: 'abcdef' },
        '用户名长度不能超过20位!',
        'The username cannot be longer than 20 characters!',
      ],
      [{ username: 'alice' }, '密码不能为空', 'The password is required'],
      [
        { username: 'alice', password: 'abc12' },
        '密码长度应该为6~20位！',
        'The password must be 6 to 20 characters long!',
      ],
      [
        { username: 'alice', password: 'p'.repeat(21) },
        '密码长度应该为6~20位！',
        'The password must be 6 to 20 characters long!',
      ],
    ];
    for (const [input, zh, en] of cases) {
      const res = await c.post('/api/login', input);
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({ status: 400, msg: zh, data: null });
      expect(body(await c.post('/api/login', input, { lang: 'en' })).msg).toBe(en);
    }
    const [count] = await t.db.select().from(loginFailure).where(eq(loginFailure.username, 'alice'));
    expect(count).toBeUndefined(); // a refused form is not a failed login
  });
});

describe('spec part 1 §4: failure counter and slide verification', () => {
  it('asks for the slide from 5 failures; a solved slide lets the right password in; success resets', async () => {
    await createUser(t.db, { username: 'bob', password: 'bob-pass1' });
    const c = client(t);
    for (let i = 1; i <= 5; i++) {
      const res = await c.post('/api/login', { username: 'bob', password: 'wrong-pass' });
      expect(body(res).data).toEqual({ slideRequired: i >= 5 });
    }
    // Without a slide answer even the right password is refused, and that does not count.
    const noSlide = await c.post('/api/login', { username: 'bob', password: 'bob-pass1' });
    expect(body(noSlide)).toEqual({
      status: 400,
      msg: '登录失败次数过多，请先完成滑动验证！',
      data: { slideRequired: true },
    });
    expect(
      body(await c.post('/api/login', { username: 'bob', password: 'bob-pass1' }, { lang: 'en' })).msg,
    ).toBe('Too many failed logins: please complete the slide verification first!');

    // A wrong offset fails, and uses the challenge up.
    const wrong = await solvedSlide(c, t.db, 20);
    const refused = await c.post('/api/login', { username: 'bob', password: 'bob-pass1', ...wrong });
    expect(body(refused)).toEqual({
      status: 400,
      msg: '滑动验证未通过，请重新验证！',
      data: { slideRequired: true },
    });
    const replay = await c.post('/api/login', {
      username: 'bob',
      password: 'bob-pass1',
      slideKey: wrong.slideKey,
      slideX: wrong.slideX - 20,
    });
    expect(body(replay).msg).toBe('滑动验证未通过，请重新验证！');

    // A solved slide with a wrong password still counts as a failure.
    const failed = await c.post('/api/login', {
      username: 'bob',
      password: 'wrong-pass',
      ...(await solvedSlide(c, t.db)),
    });
    expect(body(failed)).toMatchObject({
      msg: '用户名或密码错误！请注意大小写！',
      data: { slideRequired: true },
    });
    const [row] = await t.db.select().from(loginFailure).where(eq(loginFailure.username, 'bob'));
    expect(row!.count).toBe(6);

    const ok = await c.post('/api/login', {
      username: 'bob',
      password: 'bob-pass1',
      ...(await solvedSlide(c, t.db)),
    });
    expect(body(ok).status).toBe(200);
    const again = await c.post('/api/login', { username: 'bob', password: 'wrong-pass' });
    expect(body(again).data).toEqual({ slideRequired: false });
  });

  it('accepts an offset within 4 pixels, not 5; a challenge expires after 120 s', async () => {
    await createUser(t.db, { username: 'carol', password: 'carol-pass' });
    const c = client(t);
    for (let i = 0; i < 5; i++) await c.post('/api/login', { username: 'carol', password: 'wrong-pass' });
    const far = await c.post('/api/login', {
      username: 'carol',
      password: 'carol-pass',
      ...(await solvedSlide(c, t.db, 5)),
    });
    expect(body(far).msg).toBe('滑动验证未通过，请重新验证！');
    const stale = await solvedSlide(c, t.db);
    clock.advance(121_000);
    expect(
      body(await c.post('/api/login', { username: 'carol', password: 'carol-pass', ...stale })).msg,
    ).toBe('滑动验证未通过，请重新验证！');
    const near = await c.post('/api/login', {
      username: 'carol',
      password: 'carol-pass',
      ...(await solvedSlide(c, t.db, -4)),
    });
    expect(body(near).status).toBe(200);
  });

  it('the slide challenge is a server-drawn PNG pair with its geometry', async () => {
    const res = await client(t).get('/api/slide-captcha');
    const data = body(res).data as Record<string, unknown>;
    expect(data).toMatchObject({ width: 300, height: 150, pieceSize: 44, expire: 120 });
    expect(data.slideKey).toMatch(/^[0-9a-f]{32}$/);
    expect(data.background).toMatch(/^data:image\/png;base64,/);
    expect(data.piece).toMatch(/^data:image\/png;base64,/);
    expect(Number(data.y)).toBeGreaterThanOrEqual(0);
    const x = Number(await captchaAnswer(t.db, data.slideKey as string));
    expect(x).toBeGreaterThan(44);
    expect(x).toBeLessThanOrEqual(300 - 44);
  });

  it('reference §7.2: 20 failures within 30 minutes lock the login, even with the right password', async () => {
    await createUser(t.db, { username: 'dave', password: 'dave-pass1' });
    const c = client(t);
    for (let i = 1; i <= 20; i++) {
      const slide = i > 5 ? await solvedSlide(c, t.db) : {};
      const res = await c.post('/api/login', { username: 'dave', password: 'wrong-pass', ...slide });
      expect(body(res).msg).toBe('用户名或密码错误！请注意大小写！');
      clock.advance(MINUTE); // the window slides: 20 failures over 20 minutes still lock
    }
    const locked = await c.post('/api/login', {
      username: 'dave',
      password: 'dave-pass1',
      ...(await solvedSlide(c, t.db)),
    });
    expect(body(locked)).toEqual({
      status: 400,
      msg: '对不起！登录失败次数过多！您的账号有风险，半个小时内暂时无法登录！',
      data: null,
    });
    const en = await c.post('/api/login', { username: 'dave', password: 'dave-pass1' }, { lang: 'en' });
    expect(body(en).msg).toBe(
      'Sorry! Too many failed logins! Your account is at risk and cannot sign in for half an hour!',
    );
    // Another IP is locked out too: the count belongs to the username.
    expect(
      body(await client(t).post('/api/login', { username: 'dave', password: 'dave-pass1' })).msg,
    ).toContain('登录失败次数过多');
    clock.advance(28 * MINUTE);
    expect(body(await c.post('/api/login', { username: 'dave', password: 'dave-pass1' })).msg).toContain(
      '登录失败次数过多',
    );
    clock.advance(2 * MINUTE);
    // 30 minutes after the last failure the count has lapsed: no lock, no slide.
    expect(body(await c.post('/api/login', { username: 'dave', password: 'dave-pass1' })).status).toBe(200);
  });

  it('counts per username: failures of one user do not touch another', async () => {
    await createUser(t.db, { username: 'erin', password: 'erin-pass1' });
    const c = client(t);
    for (let i = 0; i < 6; i++) await c.post('/api/login', { username: 'ghost', password: 'wrong-pass' });
    expect(body(await c.post('/api/login', { username: 'erin', password: 'erin-pass1' })).status).toBe(200);
  });
});

describe('reference §2, §3.12: admin login and logout', () => {
  const admins: [string, RoleKey, string][] = [
    ['boss', 'admin', 'admin'],
    ['padmin', 'problemAdmin', 'problem_admin'],
  ];

  it('lets root, admin and problem_admin in with their roles', async () => {
    const c = client(t);
    const root = await c.post('/api/admin/login', { username: 'root', password: ROOT_PASSWORD });
    expect(body(root).data).toMatchObject({ username: 'root', roleList: ['root'] });
    expect(root.headers.authorization).toMatch(/^ey/);
    for (const [username, role, roleName] of admins) {
      await createUser(t.db, { username, role, password: 'admin-pass' });
      const res = await c.post('/api/admin/login', { username, password: 'admin-pass' });
      expect(body(res).data).toMatchObject({ username, roleList: [roleName] });
    }
  });

  it('refuses a default user with HTTP 200 and body status 401, opening no session', async () => {
    const c = client(t);
    const res = await c.post('/api/admin/login', { username: 'alice', password: 'alice-pass' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ status: 401, msg: '该账号并非管理员账号，无权登录！', data: null });
    expect(res.headers.authorization).toBeUndefined();
    const en = await c.post(
      '/api/admin/login',
      { username: 'alice', password: 'alice-pass' },
      { lang: 'en' },
    );
    expect(body(en).msg).toBe('This account is not an administrator account and cannot sign in here!');
  });

  it('shares the failure counter with the user login', async () => {
    const c = client(t);
    for (let i = 0; i < 3; i++) await c.post('/api/login', { username: 'boss', password: 'wrong-pass' });
    for (let i = 0; i < 2; i++)
      await c.post('/api/admin/login', { username: 'boss', password: 'wrong-pass' });
    const res = await c.post('/api/admin/login', { username: 'boss', password: 'admin-pass' });
    expect(body(res).data).toEqual({ slideRequired: true });
    const solved = await c.post('/api/admin/login', {
      username: 'boss',
      password: 'admin-pass',
      ...(await solvedSlide(c, t.db)),
    });
    expect(body(solved).status).toBe(200);
  });

  it('admin logout: refused to a default user (HTTP 403), ends the admin session', async () => {
    const c = client(t);
    const user = await signIn(c, 'alice', 'alice-pass');
    const refused = await c.get('/api/admin/logout', { token: user, headers: { 'url-type': 'admin' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['url-type']).toBe('admin');
    const admin = (await c.post('/api/admin/login', { username: 'root', password: ROOT_PASSWORD })).headers
      .authorization as string;
    expect(body(await c.get('/api/admin/logout', { token: admin })).status).toBe(200);
    expect((await c.get('/api/get-user-auth-info', { token: admin })).statusCode).toBe(401);
  });
});

describe('spec part 1 §6: restricted roles sign in and see their roles', () => {
  const restricted: [RoleKey, string, { submit: boolean; discuss: boolean; comment: boolean }][] = [
    ['noSubmitUser', 'no_subimit_user', { submit: false, discuss: true, comment: true }],
    ['noDiscussUser', 'no_discuss_user', { submit: true, discuss: false, comment: true }],
    ['muteUser', 'mute_user', { submit: true, discuss: false, comment: false }],
    ['noSubmitNoDiscussUser', 'no_submit_no_discuss_user', { submit: false, discuss: false, comment: true }],
    ['noSubmitMuteUser', 'no_submit_mute_user', { submit: false, discuss: false, comment: false }],
  ];

  it.each(restricted)(
    '%s logs in and gets-user-auth-info its role and permissions',
    async (role, roleName, can) => {
      const username = `r-${role}`.slice(0, 20);
      await createUser(t.db, { username, role, password: 'quiet-pass' });
      const c = client(t);
      const login = await c.post('/api/login', { username, password: 'quiet-pass' });
      expect(body(login).data).toMatchObject({ roleList: [roleName] });
      const info = body(
        await c.get('/api/get-user-auth-info', { token: login.headers.authorization as string }),
      ).data as {
        roles: string[];
        permissions: string[];
      };
      expect(info.roles).toEqual([roleName]);
      expect(info.permissions.includes('submit')).toBe(can.submit);
      expect(info.permissions.includes('discussion_add')).toBe(can.discuss);
      expect(info.permissions.includes('comment_add')).toBe(can.comment);
    },
  );

  it('get-user-auth-info needs a login (HTTP 401)', async () => {
    const res = await client(t).get('/api/get-user-auth-info');
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ status: 401, msg: '请您先登录！', data: null });
  });

  it('a session id in the token is the one recorded for the login', async () => {
    const c = client(t);
    const token = await signIn(c, 'alice', 'alice-pass');
    const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as number;
    const [row] = await t.db
      .select()
      .from(session)
      .where(and(eq(session.id, sid)));
    expect(row!.ip).toBe(c.ip);
  });
});
