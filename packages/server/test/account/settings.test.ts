import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { emailCode, systemConfig, userInfo } from '../../src/db/schema/index.ts';
import { appWithMailServer, useMailServer } from '../helpers/mail.ts';
import { createUser } from '../helpers/users.ts';
import { body, client, codeIn, setEmail, signIn, type Client } from './support.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const clock = new ManualClock(Date.UTC(2026, 5, 1, 8));
const { t, mail } = appWithMailServer({ clock });

async function newUser(username: string, password = 'old-password') {
  const uid = await createUser(t.db, { username, password });
  const c = client(t);
  return { uid, c, token: await signIn(c, username, password) };
}

/** Each input is refused in the envelope (status 400) with its zh-CN message, and in English with its en-US one. */
async function expectRefused(c: Client, token: string, url: string, cases: [object, string, string][]) {
  for (const [input, zh, en] of cases) {
    expect(body(await c.post(url, input, { token }))).toEqual({ status: 400, msg: zh, data: null });
    expect(body(await c.post(url, input, { token, lang: 'en' })).msg).toBe(en);
  }
}

describe('reference §7.4: POST /api/change-password', () => {
  it('changes the password, ends every other session and hands this browser a fresh token', async () => {
    const { c, token } = await newUser('changer');
    const phone = await signIn(client(t), 'changer', 'old-password');
    const res = await c.post(
      '/api/change-password',
      { oldPassword: 'old-password', newPassword: 'new-password' },
      { token },
    );
    expect(body(res)).toEqual({
      status: 200,
      msg: 'success',
      data: { code: 200, msg: '修改密码成功！您将于5秒钟后退出进行重新登录操作！', userInfo: null },
    });
    expect(res.headers['refresh-token']).toBe('true');
    const fresh = res.headers.authorization as string;
    expect(fresh).toMatch(/^ey/);
    expect(fresh).not.toBe(token);

    expect((await c.get('/api/get-user-auth-info', { token })).statusCode).toBe(401);
    expect((await c.get('/api/get-user-auth-info', { token: phone })).statusCode).toBe(401);
    expect((await c.get('/api/get-user-auth-info', { token: fresh })).statusCode).toBe(200);
    // A revoked session is not revived by the 12-hour refresh; the fresh one is refreshed.
    clock.advance(13 * HOUR);
    expect((await c.get('/api/get-user-auth-info', { token: phone })).statusCode).toBe(401);
    const refreshed = await c.get('/api/get-user-auth-info', { token: fresh });
    expect(refreshed.headers['refresh-token']).toBe('true');

    expect(body(await c.post('/api/login', { username: 'changer', password: 'old-password' })).status).toBe(
      400,
    );
    await signIn(c, 'changer', 'new-password');
  });

  it('answers code 400 for a wrong current password; the 5th within 30 minutes locks for 30 minutes', async () => {
    const { c, token } = await newUser('clumsy');
    for (let i = 1; i <= 5; i++) {
      const res = await c.post(
        '/api/change-password',
        { oldPassword: 'wrong-pass', newPassword: 'new-password' },
        { token },
      );
      expect(res.statusCode).toBe(200);
      expect(body(res)).toEqual({
        status: 200,
        msg: 'success',
        data: { code: 400, msg: `原始密码错误！您已累计修改密码失败${i}次...`, userInfo: null },
      });
    }
    const locked = await c.post(
      '/api/change-password',
      { oldPassword: 'old-password', newPassword: 'new-password' },
      { token },
    );
    expect(body(locked).data).toEqual({
      code: 403,
      msg: '由于您多次修改密码失败，修改密码功能已锁定，请在30分0秒后再进行尝试！',
      userInfo: null,
    });
    clock.advance(10 * MINUTE + 15_000);
    const en = await c.post(
      '/api/change-password',
      { oldPassword: 'old-password', newPassword: 'new-password' },
      { token, lang: 'en' },
    );
    expect(body(en).data).toMatchObject({
      code: 403,
      msg: 'Changing the password is locked after too many failures; try again in 19 min 45 s!',
    });
    clock.advance(20 * MINUTE);
    const ok = await c.post(
      '/api/change-password',
      { oldPassword: 'old-password', newPassword: 'new-password' },
      { token },
    );
    expect(body(ok).data).toMatchObject({ code: 200 });
  });

  it('starts counting again 30 minutes after the first failure, and after a success', async () => {
    const { c, token } = await newUser('patient');
    const wrong = () =>
      c.post('/api/change-password', { oldPassword: 'wrong-pass', newPassword: 'new-password' }, { token });
    for (let i = 0; i < 4; i++) await wrong();
    clock.advance(31 * MINUTE);
    expect(body(await wrong()).data).toMatchObject({ msg: '原始密码错误！您已累计修改密码失败1次...' });
    const done = await c.post(
      '/api/change-password',
      { oldPassword: 'old-password', newPassword: 'new-password' },
      { token },
    );
    const fresh = done.headers.authorization as string;
    const again = await c.post(
      '/api/change-password',
      { oldPassword: 'wrong-pass', newPassword: 'other-pass' },
      { token: fresh },
    );
    expect(body(again).data).toMatchObject({ msg: '原始密码错误！您已累计修改密码失败1次...' });
  });

  it('spec part 2 §5: current password required, the new one 6 to 20 and different (both languages)', async () => {
    const { c, token } = await newUser('validator');
    const cases: [object, string, string][] = [
      [{ newPassword: 'new-password' }, '错误：原始密码不能为空！', 'The current password is required!'],
      [{ oldPassword: 'old-password' }, '密码不能为空', 'The password is required'],
      [
        { oldPassword: 'old-password', newPassword: 'short' },
        '新密码长度应该为6~20位！',
        'The new password must be 6 to 20 characters long!',
      ],
      [
        { oldPassword: 'old-password', newPassword: 'n'.repeat(21) },
        '新密码长度应该为6~20位！',
        'The new password must be 6 to 20 characters long!',
      ],
      [
        { oldPassword: 'old-password', newPassword: 'old-password' },
        '新密码不能与原始密码相同！',
        'The new password must be different from the current one!',
      ],
    ];
    await expectRefused(c, token, '/api/change-password', cases);
    expect((await c.post('/api/change-password', cases[0]![0])).statusCode).toBe(401);
  });
});

describe('reference §7.4: change the e-mail address with a code sent to the new one', () => {
  it('mails a code to the new address and changes it with code and password', async () => {
    const { uid, c, token } = await newUser('mover');
    await setEmail(t.db, uid, 'old@example.org');
    const send = await c.get('/api/get-change-email-code', { query: { email: 'new@example.org' }, token });
    expect(body(send)).toEqual({ status: 200, msg: '验证码已发送至新邮箱，请查收！', data: null });
    const received = await mail.next('new@example.org');
    expect(received.subject).toBe('Verdict的修改邮箱邮件');
    expect(received.text).toContain('mover');
    const code = codeIn(received.text);

    const res = await c.post(
      '/api/change-email',
      { password: 'old-password', newEmail: 'new@example.org', code },
      { token },
    );
    const json = body(res);
    expect(json.status).toBe(200);
    expect(json.data).toMatchObject({
      code: 200,
      msg: '修改邮箱成功！',
      userInfo: { username: 'mover', email: 'new@example.org' },
    });
    const [row] = await t.db.select({ email: userInfo.email }).from(userInfo).where(eq(userInfo.uuid, uid));
    expect(row!.email).toBe('new@example.org');
    expect(await t.db.select().from(emailCode).where(eq(emailCode.email, 'new@example.org'))).toHaveLength(0);
  });

  it('refuses the current address and one used by someone else', async () => {
    const { uid, c, token } = await newUser('keeper');
    await setEmail(t.db, uid, 'keeper@example.org');
    const other = await createUser(t.db, { username: 'other' });
    await setEmail(t.db, other, 'other@example.org');
    const same = await c.get('/api/get-change-email-code', { query: { email: 'Keeper@example.org' }, token });
    expect(body(same)).toEqual({ status: 400, msg: '新邮箱与当前邮箱一致，请不要重复设置！', data: null });
    const taken = await c.get('/api/get-change-email-code', {
      query: { email: 'other@example.org' },
      token,
      lang: 'en',
    });
    expect(body(taken)).toEqual({
      status: 400,
      msg: 'This e-mail address is used by someone else, please choose another one!',
      data: null,
    });
    const direct = await c.post(
      '/api/change-email',
      { password: 'old-password', newEmail: 'other@example.org', code: '123456' },
      { token },
    );
    expect(body(direct).msg).toBe('该邮箱已被他人使用，请重新设置其它邮箱！');
  });

  it('resends only after 30 s; counts wrong codes and passwords toward the 5-failure lock', async () => {
    const { c, token } = await newUser('fumbler');
    await c.get('/api/get-change-email-code', { query: { email: 'fumble@example.org' }, token });
    const code = codeIn((await mail.next('fumble@example.org')).text);
    const early = await c.get('/api/get-change-email-code', {
      query: { email: 'fumble@example.org' },
      token,
    });
    expect(body(early).msg).toBe('对不起，您的操作频率过快，请在30秒后再次发送修改邮件！');

    const wrongCode = code === '000000' ? '111111' : '000000';
    const r1 = await c.post(
      '/api/change-email',
      { password: 'old-password', newEmail: 'fumble@example.org', code: wrongCode },
      { token },
    );
    expect(body(r1).data).toEqual({
      code: 400,
      msg: '验证码错误！您已累计修改邮箱失败1次...',
      userInfo: null,
    });
    const r2 = await c.post(
      '/api/change-email',
      { password: 'wrong-pass', newEmail: 'fumble@example.org', code },
      { token },
    );
    expect(body(r2).data).toEqual({ code: 400, msg: '密码错误！您已累计修改邮箱失败2次...', userInfo: null });
    for (let i = 3; i <= 5; i++) {
      await c.post(
        '/api/change-email',
        { password: 'wrong-pass', newEmail: 'fumble@example.org', code },
        { token },
      );
    }
    const locked = await c.post(
      '/api/change-email',
      { password: 'old-password', newEmail: 'fumble@example.org', code },
      { token },
    );
    expect(body(locked).data).toEqual({
      code: 403,
      msg: '由于您多次修改邮箱失败，修改邮箱功能已锁定，请在30分0秒后再进行尝试！',
      userInfo: null,
    });
    // A code lives 10 minutes: by the end of the lock it is gone.
    clock.advance(30 * MINUTE);
    const expired = await c.post(
      '/api/change-email',
      { password: 'old-password', newEmail: 'fumble@example.org', code },
      { token },
    );
    expect(body(expired).msg).toBe('修改邮箱验证码不存在或已过期，请重新发送！');
  });

  it('spec part 2 §5: new address required and valid, password and code required (both languages)', async () => {
    const { c, token } = await newUser('formal');
    const cases: [object, string, string][] = [
      [{ newEmail: 'a@example.org', code: '123456' }, '密码不能为空', 'The password is required'],
      [{ password: 'old-password', code: '123456' }, '邮箱不能为空', 'The e-mail address is required'],
      [
        { password: 'old-password', newEmail: 'nope', code: '123456' },
        '对不起！您的邮箱格式不正确！',
        'Sorry! The e-mail address is not valid!',
      ],
      [
        { password: 'old-password', newEmail: 'a@example.org', code: '12' },
        '验证码应为6位',
        'The verification code must be 6 characters',
      ],
    ];
    await expectRefused(c, token, '/api/change-email', cases);
  });

  it('without SMTP the code is refused with a clear message', async () => {
    const { c, token } = await newUser('offline');
    await t.db.delete(systemConfig).where(eq(systemConfig.name, 'email'));
    try {
      const res = await c.get('/api/get-change-email-code', {
        query: { email: 'x@example.org' },
        token,
        lang: 'en',
      });
      expect(body(res)).toEqual({
        status: 400,
        msg: 'Sorry! The mail system of this site is not configured, so the e-mail address cannot be changed!',
        data: null,
      });
    } finally {
      await useMailServer(t.db, mail);
    }
  });
});

describe('reference §3.1, §7.4: POST /api/change-userInfo', () => {
  it('writes the profile fields it allows and answers the updated UserInfoVO', async () => {
    const { uid, c, token } = await newUser('profiled');
    const res = await c.post(
      '/api/change-userInfo',
      {
        nickname: ' Pro ',
        realname: 'Pro Filed',
        school: 'Verdict U',
        number: '20260001',
        blog: 'https://blog.example.org',
        github: 'profiled',
        cfUsername: 'tourist',
        signature: '# Hello\n\nmarkdown',
        gender: 'female',
        course: 'ignored',
        username: 'hijack',
        email: 'hijack@example.org',
        titleName: 'Legend',
      },
      { token },
    );
    expect(body(res)).toMatchObject({
      status: 200,
      msg: '更新个人信息成功！',
      data: {
        uid,
        username: 'profiled',
        nickname: 'Pro',
        realname: 'Pro Filed',
        school: 'Verdict U',
        number: '20260001',
        cfUsername: 'tourist',
        signature: '# Hello\n\nmarkdown',
        gender: 'female',
        course: null,
        email: null,
        titleName: null,
        roleList: ['default_user'],
      },
    });
    // Left out keeps; '' and null clear.
    const second = await c.post('/api/change-userInfo', { nickname: '', school: null }, { token });
    expect(body(second).data).toMatchObject({
      nickname: null,
      school: null,
      realname: 'Pro Filed',
      gender: 'female',
    });
  });

  it('reference §7.4: length limits and gender, in both languages', async () => {
    const { c, token } = await newUser('limits');
    const cases: [object, string, string][] = [
      [
        { realname: 'r'.repeat(51) },
        '真实姓名的长度不能超过50位',
        'The real name cannot be longer than 50 characters',
      ],
      [
        { nickname: 'n'.repeat(21) },
        '昵称的长度不能超过20位',
        'The nickname cannot be longer than 20 characters',
      ],
      [
        { signature: 's'.repeat(65536) },
        '个性简介的长度不能超过65535位',
        'The signature cannot be longer than 65535 characters',
      ],
      [{ blog: 'b'.repeat(256) }, '博客的长度不能超过255位', 'The blog cannot be longer than 255 characters'],
      [
        { github: 'g'.repeat(256) },
        'Github的长度不能超过255位',
        'The GitHub name cannot be longer than 255 characters',
      ],
      [
        { school: 's'.repeat(101) },
        '学校的长度不能超过100位',
        'The school cannot be longer than 100 characters',
      ],
      [
        { number: '1'.repeat(201) },
        '学号的长度不能超过200位',
        'The student number cannot be longer than 200 characters',
      ],
      [
        { cfUsername: 'c'.repeat(256) },
        'Codeforces用户名的长度不能超过255位',
        'The Codeforces username cannot be longer than 255 characters',
      ],
      [{ gender: 'other' }, '性别只能是男、女或保密', 'The gender must be male, female or secrecy'],
    ];
    await expectRefused(c, token, '/api/change-userInfo', cases);
    const fits = await c.post(
      '/api/change-userInfo',
      { realname: 'r'.repeat(50), nickname: 'n'.repeat(20) },
      { token },
    );
    expect(body(fits).status).toBe(200);
  });
});

describe('spec part 2 §2.6, §5: the mobile number (POST /api/change-userInfo)', () => {
  const stored = async (uid: string) =>
    (await t.db.select({ m: userInfo.mobile }).from(userInfo).where(eq(userInfo.uuid, uid)))[0]!.m;

  it('stores a valid number in one spelling and returns it where the other profile fields are', async () => {
    const { uid, c, token } = await newUser('caller');
    const res = await c.post('/api/change-userInfo', { mobile: ' 138 0013-8000 ' }, { token });
    expect(body(res)).toMatchObject({
      status: 200,
      msg: '更新个人信息成功！',
      data: { uid, username: 'caller', mobile: '13800138000' },
    });
    expect(await stored(uid)).toBe('13800138000');
    const international = await c.post('/api/change-userInfo', { mobile: '+44 20 7946 0958' }, { token });
    expect(body(international).data).toMatchObject({ mobile: '+442079460958' });
    // The next login carries it, and a profile save that leaves it out keeps it.
    await c.post('/api/change-userInfo', { nickname: 'Caller' }, { token });
    const login = await c.post('/api/login', { username: 'caller', password: 'old-password' });
    expect(body(login).data).toMatchObject({ nickname: 'Caller', mobile: '+442079460958' });
  });

  it('refuses a missing or malformed number, in both languages, and keeps the old one', async () => {
    const { uid, c, token } = await newUser('misdial');
    await c.post('/api/change-userInfo', { mobile: '13800138000' }, { token });
    const cases: [object, string, string][] = [
      [{ mobile: '' }, '手机号不能为空', 'The mobile number is required'],
      [{ mobile: null }, '手机号不能为空', 'The mobile number is required'],
      ...[
        '12345',
        '1'.repeat(21),
        '138-0013-80a0',
        '+',
        '++8613800138000',
        '138--00138000',
        '-13800138000',
      ].map((mobile): [object, string, string] => [
        { mobile },
        '手机号格式不正确：可以+开头，包含6~20位数字，数字之间可用空格或短横线分隔',
        'The mobile number is not valid: an optional +, then 6 to 20 digits, which may be separated by spaces or hyphens',
      ]),
    ];
    await expectRefused(c, token, '/api/change-userInfo', cases);
    expect(await stored(uid)).toBe('13800138000');
  });

  it('refuses the current number, however it is spelt (the new value must differ from the old)', async () => {
    const { uid, c, token } = await newUser('samedial');
    await c.post('/api/change-userInfo', { mobile: '+86 138 0013 8000' }, { token });
    const again = await c.post(
      '/api/change-userInfo',
      { mobile: '+86-138-0013-8000', nickname: 'x' },
      { token },
    );
    expect(body(again)).toEqual({
      status: 400,
      msg: '新手机号与当前手机号一致，请不要重复设置！',
      data: null,
    });
    const en = await c.post('/api/change-userInfo', { mobile: '+8613800138000' }, { token, lang: 'en' });
    expect(body(en).msg).toBe('The new mobile number is your current one!');
    // Nothing of the refused call is written.
    const [row] = await t.db
      .select({ nickname: userInfo.nickname })
      .from(userInfo)
      .where(eq(userInfo.uuid, uid));
    expect(row!.nickname).toBeNull();
  });

  it('needs a login (HTTP 401)', async () => {
    const res = await client(t).post('/api/change-userInfo', { mobile: '13800138000' });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toEqual({ status: 401, msg: '请您先登录！', data: null });
  });
});

describe('spec part 1 §7: the remote-judge session id', () => {
  it('stores, replaces and deletes user_info.cf_session; needs a login', async () => {
    const { uid, c, token } = await newUser('remote');
    const stored = async () =>
      (await t.db.select({ s: userInfo.cfSession }).from(userInfo).where(eq(userInfo.uuid, uid)))[0]!.s;
    const res = await c.post('/api/update-cfSession', { cfSession: ' abc123 ' }, { token });
    expect(body(res)).toEqual({ status: 200, msg: '更新Codeforces会话成功！', data: null });
    expect(await stored()).toBe('abc123');
    await c.post('/api/update-cfSession', { cfSession: 'def456' }, { token });
    expect(await stored()).toBe('def456');
    const del = await c.delete('/api/delete-cfSession', { token, lang: 'en' });
    expect(body(del)).toEqual({
      status: 200,
      msg: 'The Codeforces session id has been deleted!',
      data: null,
    });
    expect(await stored()).toBeNull();

    expect(body(await c.post('/api/update-cfSession', { cfSession: '  ' }, { token }))).toEqual({
      status: 400,
      msg: 'cfSession不能为空！',
      data: null,
    });
    expect(
      body(await c.post('/api/update-cfSession', { cfSession: 'x'.repeat(4097) }, { token, lang: 'en' })).msg,
    ).toBe('The Codeforces session id cannot be longer than 4096 characters');
    expect((await c.post('/api/update-cfSession', { cfSession: 'abc' })).statusCode).toBe(401);
    expect((await c.delete('/api/delete-cfSession')).statusCode).toBe(401);
  });
});
