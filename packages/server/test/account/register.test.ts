import { ROLES } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import {
  emailCode,
  role,
  roleAuth,
  systemConfig,
  userInfo,
  userRecord,
  userRole,
} from '../../src/db/schema/index.ts';
import { uniqueViolation } from '../../src/modules/account/register.ts';
import { appWithMailServer, useMailServer } from '../helpers/mail.ts';
import { createUser } from '../helpers/users.ts';
import { body, client, codeIn, setEmail, signIn, type Client } from './support.ts';

const SECOND = 1000;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 8));
const { t, mail } = appWithMailServer({ clock });

async function requestCode(c: Client, email: string, lang: 'zh' | 'en' = 'zh') {
  const res = await c.get('/api/get-register-code', { query: { email }, lang });
  expect(body(res)).toMatchObject({ status: 200 });
  return codeIn((await mail.next(email)).text);
}

async function setWeb(patch: Record<string, unknown>) {
  const [row] = await t.db.select().from(systemConfig).where(eq(systemConfig.name, 'web'));
  await t.db
    .update(systemConfig)
    .set({ value: { ...(row!.value as object), ...patch } })
    .where(eq(systemConfig.name, 'web'));
}

/** Sets switches in the stored row; null removes one (then its default holds). */
async function setSwitch(patch: Record<string, unknown>) {
  const [row] = await t.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
  const value: Record<string, unknown> = { ...(row!.value as object), ...patch };
  for (const [name, v] of Object.entries(patch)) if (v === null) delete value[name];
  await t.db.update(systemConfig).set({ value }).where(eq(systemConfig.name, 'switch'));
}

describe('reference §7.1: register with the mailed code', () => {
  it('mails a 6-digit code, registers with it, and uses it up (§13.16)', async () => {
    const c = client(t);
    const res = await c.get('/api/get-register-code', { query: { email: ' Newbie@Example.org ' } });
    // reference §13.19: the real lifetime of the code, 10 minutes.
    expect(body(res)).toEqual({
      status: 200,
      msg: 'success',
      data: { email: 'Newbie@Example.org', expire: 600 },
    });
    const received = await mail.next('newbie@example.org');
    expect(received.subject).toBe('Verdict的注册邮件');
    expect(received.from).toContain('verdict@example.org');
    expect(received.headers['content-language']).toBe('zh-CN');
    const code = codeIn(received.text);
    expect(received.html).toContain(code);

    const reg = await c.post('/api/register', {
      username: ' newbie ',
      password: 'newbie-pass',
      email: 'Newbie@Example.org',
      code,
    });
    expect(body(reg)).toEqual({ status: 200, msg: '谢谢你的注册！', data: null });

    const [user] = await t.db.select().from(userInfo).where(eq(userInfo.username, 'newbie'));
    expect(user).toMatchObject({ email: 'Newbie@Example.org', status: 0, gender: 'secrecy' });
    expect(user!.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect(user!.password).toMatch(/^scrypt\$/);
    expect(await t.db.select().from(userRecord).where(eq(userRecord.uid, user!.uuid))).toHaveLength(1);
    const roles = await t.db.select().from(userRole).where(eq(userRole.uid, user!.uuid));
    expect(roles.map((r) => r.roleId)).toEqual([ROLES.defaultUser.id]);

    const token = await signIn(c, 'newbie', 'newbie-pass');
    expect(body(await c.get('/api/get-user-auth-info', { token })).data).toMatchObject({
      roles: ['default_user'],
    });

    // The code is gone: it cannot open a second account.
    const again = await c.post('/api/register', {
      username: 'newbie2',
      password: 'newbie-pass',
      email: 'Newbie@Example.org',
      code,
    });
    expect(body(again).msg).toBe('验证码不存在或已过期');
  });

  it('mails in the language of the request', async () => {
    const c = client(t);
    await c.get('/api/get-register-code', { query: { email: 'english@example.org' }, lang: 'en' });
    const received = await mail.next('english@example.org');
    expect(received.subject).toBe('Verdict registration code');
    expect(received.text).toContain('You are registering an account on Verdict Online Judge');
    expect(received.headers['content-language']).toBe('en-US');
  });

  it('spec part 1 §4, §9: another code only 60 s after the last one, counted on the server clock', async () => {
    const c = client(t);
    const first = await requestCode(c, 'cooldown@example.org');
    const early = await c.get('/api/get-register-code', { query: { email: 'cooldown@example.org' } });
    expect(body(early)).toEqual({
      status: 400,
      msg: '对不起，您的操作频率过快，请在60秒后再次发送注册邮件！',
      data: null,
    });
    clock.advance(45 * SECOND);
    const en = await c.get('/api/get-register-code', {
      query: { email: 'cooldown@example.org' },
      lang: 'en',
    });
    expect(body(en).msg).toBe(
      'Sorry, you are going too fast: please wait 15 seconds before sending the registration e-mail again!',
    );
    expect(mail.pending('cooldown@example.org')).toBe(false);
    clock.advance(15 * SECOND);
    const second = await requestCode(c, 'cooldown@example.org');
    // The new code replaces the old one.
    if (second !== first) {
      const old = await c.post('/api/register', {
        username: 'cooler',
        password: 'cooler-pass',
        email: 'cooldown@example.org',
        code: first,
      });
      expect(body(old).msg).toBe('验证码不正确');
    }
    expect(
      body(
        await c.post('/api/register', {
          username: 'cooler',
          password: 'cooler-pass',
          email: 'cooldown@example.org',
          code: second,
        }),
      ).status,
    ).toBe(200);
  });

  it('a code lives 10 minutes', async () => {
    const c = client(t);
    const code = await requestCode(c, 'late@example.org');
    clock.advance(600 * SECOND);
    const res = await c.post('/api/register', {
      username: 'late',
      password: 'late-pass',
      email: 'late@example.org',
      code,
    });
    expect(body(res)).toEqual({ status: 400, msg: '验证码不存在或已过期', data: null });
    const en = await c.post(
      '/api/register',
      { username: 'late', password: 'late-pass', email: 'late@example.org', code },
      { lang: 'en' },
    );
    expect(body(en).msg).toBe('The verification code does not exist or has expired');
  });

  it('refuses a wrong code; five wrong guesses drop the code', async () => {
    const c = client(t);
    const code = await requestCode(c, 'guess@example.org');
    const wrong = code === '000000' ? '111111' : '000000';
    const form = { username: 'guesser', password: 'guess-pass', email: 'guess@example.org' };
    for (let i = 0; i < 5; i++) {
      const res = await c.post('/api/register', { ...form, code: wrong }, { lang: i === 0 ? 'en' : 'zh' });
      expect(body(res).msg).toBe(i === 0 ? 'The verification code is incorrect' : '验证码不正确');
    }
    expect(body(await c.post('/api/register', { ...form, code })).msg).toBe('验证码不存在或已过期');
  });

  it('spec part 1 §5: the address must be unused, the username must not exist', async () => {
    const uid = await createUser(t.db, { username: 'taken' });
    await setEmail(t.db, uid, 'taken@example.org');
    const c = client(t);
    for (const address of ['taken@example.org', 'TAKEN@example.org']) {
      const res = await c.get('/api/get-register-code', { query: { email: address } });
      expect(body(res)).toEqual({ status: 400, msg: '对不起！该邮箱已被注册，请更换新的邮箱！', data: null });
    }
    const code = await requestCode(c, 'fresh@example.org');
    const res = await c.post('/api/register', {
      username: 'taken',
      password: 'taken-pass',
      email: 'fresh@example.org',
      code,
    });
    expect(body(res)).toEqual({
      status: 400,
      msg: '对不起！该用户名已被注册，请更换新的用户名！',
      data: null,
    });
    const en = await c.post(
      '/api/register',
      { username: 'taken', password: 'taken-pass', email: 'fresh@example.org', code },
      { lang: 'en' },
    );
    expect(body(en).msg).toBe('Sorry! This username already exists, please choose another one!');
  });

  it('spec part 1 §5: every field of the register form, in both languages', async () => {
    const good = { username: 'form', password: 'form-pass', email: 'form@example.org', code: '123456' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, username: undefined }, '用户名不能为空', 'The username is required'],
      [
        { ...good, username: 'x'.repeat(21) },
        '用户名长度不能超过20位!',
        'The username cannot be longer than 20 characters!',
      ],
      [{ ...good, password: '' }, '密码不能为空', 'The password is required'],
      [
        { ...good, password: '12345' },
        '密码长度应该为6~20位！',
        'The password must be 6 to 20 characters long!',
      ],
      [
        { ...good, password: '1'.repeat(21) },
        '密码长度应该为6~20位！',
        'The password must be 6 to 20 characters long!',
      ],
      [{ ...good, email: undefined }, '邮箱不能为空', 'The e-mail address is required'],
      [
        { ...good, email: 'not-an-email' },
        '对不起！您的邮箱格式不正确！',
        'Sorry! The e-mail address is not valid!',
      ],
      [{ ...good, code: undefined }, '验证码不能为空', 'The verification code is required'],
      [{ ...good, code: '12345' }, '验证码应为6位', 'The verification code must be 6 characters'],
      [{ ...good, code: '1234567' }, '验证码应为6位', 'The verification code must be 6 characters'],
    ];
    for (const [input, zh, en] of cases) {
      const c = client(t); // 10 registrations a minute per IP
      expect(body(await c.post('/api/register', input))).toEqual({ status: 400, msg: zh, data: null });
      expect(body(await c.post('/api/register', input, { lang: 'en' })).msg).toBe(en);
    }
    for (const [query, zh] of [
      [{}, '邮箱不能为空'],
      [{ email: 'a@b' }, '对不起！您的邮箱格式不正确！'],
    ] as const) {
      const res = await client(t).get('/api/get-register-code', { query });
      expect(body(res)).toEqual({ status: 400, msg: zh, data: null });
    }
  });

  it('reference §7.1: a closed registration refuses both calls with body status 401', async () => {
    await setWeb({ register: false });
    try {
      const c = client(t);
      const code = await c.get('/api/get-register-code', { query: { email: 'closed@example.org' } });
      expect(code.statusCode).toBe(200);
      expect(body(code)).toEqual({ status: 401, msg: '对不起！本站暂未开启注册功能！', data: null });
      const reg = await c.post(
        '/api/register',
        { username: 'closed', password: 'closed-pass', email: 'closed@example.org', code: '123456' },
        { lang: 'en' },
      );
      expect(body(reg)).toEqual({
        status: 401,
        msg: 'Sorry! Registration is not open on this site!',
        data: null,
      });
    } finally {
      await setWeb({ register: true });
    }
  });

  it('reference §7.1: without SMTP the register code is refused with a clear message', async () => {
    await t.db.delete(systemConfig).where(eq(systemConfig.name, 'email'));
    // issue 24 item 7: an e-mail code is asked for only while an admin keeps the switch on
    await setSwitch({ registerNeedsEmailCode: true });
    try {
      const c = client(t);
      const res = await c.get('/api/get-register-code', { query: { email: 'nomail@example.org' } });
      expect(body(res)).toEqual({
        status: 401,
        msg: '对不起！本站邮箱系统未配置，暂不支持注册！',
        data: null,
      });
      const en = await c.get('/api/get-register-code', {
        query: { email: 'nomail@example.org' },
        lang: 'en',
      });
      expect(body(en).msg).toBe(
        'Sorry! The mail system of this site is not configured, so registration is not available!',
      );
      // The row is created (empty) when absent, ready for the admin to fill in.
      const [row] = await t.db.select().from(systemConfig).where(eq(systemConfig.name, 'email'));
      expect(row!.value).toMatchObject({ emailHost: '', emailPort: 465, emailSsl: true, emailUsername: '' });
      expect(
        await t.db.select().from(emailCode).where(eq(emailCode.email, 'nomail@example.org')),
      ).toHaveLength(0);
    } finally {
      await useMailServer(t.db, mail);
      await setSwitch({ registerNeedsEmailCode: null });
    }
  });
});

describe('reference §3.1: POST /api/check-username-or-email', () => {
  it('answers true for what exists, false otherwise (an invalid address is false)', async () => {
    const uid = await createUser(t.db, { username: 'exists' });
    await setEmail(t.db, uid, 'exists@example.org');
    const c = client(t);
    const check = async (input: object) => body(await c.post('/api/check-username-or-email', input)).data;
    expect(await check({ username: 'exists', email: 'exists@example.org' })).toEqual({
      username: true,
      email: true,
    });
    expect(await check({ username: ' exists ', email: 'EXISTS@example.org' })).toEqual({
      username: true,
      email: true,
    });
    expect(await check({ username: 'nope', email: 'nope@example.org' })).toEqual({
      username: false,
      email: false,
    });
    expect(await check({ email: 'not an address' })).toEqual({ username: false, email: false });
    expect(await check({})).toEqual({ username: false, email: false });
  });
});

describe('reference §7.1, ARCHITECTURE habits: register is one transaction', () => {
  it('a failure while creating the account leaves nothing behind, and keeps the code', async () => {
    const c = client(t);
    const code = await requestCode(c, 'atomic@example.org');
    // Take the default role away so that the user_role insert, the last one, fails.
    const grants = await t.db.select().from(roleAuth).where(eq(roleAuth.roleId, ROLES.defaultUser.id));
    const [defaultRole] = await t.db.select().from(role).where(eq(role.id, ROLES.defaultUser.id));
    await t.db.delete(roleAuth).where(eq(roleAuth.roleId, ROLES.defaultUser.id));
    await t.db.delete(role).where(eq(role.id, ROLES.defaultUser.id));
    const form = { username: 'atomic', password: 'atomic-pass', email: 'atomic@example.org', code };
    try {
      const res = await c.post('/api/register', form);
      expect(body(res).status).toBe(500);
      expect(await t.db.select().from(userInfo).where(eq(userInfo.username, 'atomic'))).toHaveLength(0);
      expect(
        await t.db.select().from(emailCode).where(eq(emailCode.email, 'atomic@example.org')),
      ).toHaveLength(1);
    } finally {
      await t.db.insert(role).values(defaultRole!);
      await t.db.insert(roleAuth).values(grants);
    }
    expect(body(await c.post('/api/register', form)).status).toBe(200);
  });
});

describe('reference §7.1, §13.16: register under concurrency', () => {
  it('one code opens one account, even when two registrations race', async () => {
    const c = client(t);
    const code = await requestCode(c, 'race@example.org');
    const responses = await Promise.all(
      ['racer1', 'racer2'].map((username) =>
        client(t).post('/api/register', { username, password: 'race-pass', email: 'race@example.org', code }),
      ),
    );
    const results = responses.map(body);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const loser = results.find((r) => r.status !== 200)!;
    expect(['验证码不存在或已过期', '对不起！该邮箱已被注册，请更换新的邮箱！']).toContain(loser.msg);
    const users = await t.db.select().from(userInfo).where(eq(userInfo.email, 'race@example.org'));
    expect(users).toHaveLength(1);
  });

  it('finds the violated unique constraint through the driver error', async () => {
    const uid = await createUser(t.db, { username: 'unique1' });
    const error = await t.db
      .insert(userInfo)
      .values({ uuid: `${uid}x`, username: 'unique1', password: 'x' })
      .catch((e: unknown) => e);
    expect(uniqueViolation(error)).toContain('username');
    expect(uniqueViolation(new Error('other'))).toBeUndefined();
  });
});
