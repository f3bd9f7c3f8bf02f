import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { captcha, loginFailure, systemConfig } from '../../src/db/schema/index.ts';
import { appWithMailServer, useMailServer } from '../helpers/mail.ts';
import { createUser } from '../helpers/users.ts';
import { body, captchaAnswer, client, setEmail, signIn, type Client } from './support.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 8));
const { t, mail } = appWithMailServer({ clock });

async function userWithEmail(username: string, email: string, password = 'old-password') {
  const uid = await createUser(t.db, { username, password });
  await setEmail(t.db, uid, email);
  return uid;
}

/** A fresh image captcha and its answer (read from the table, as only a human could from the image). */
async function solvedCaptcha(c: Client) {
  const { captchaKey } = body(await c.get('/api/captcha')).data as { captchaKey: string };
  return { captchaKey, captcha: await captchaAnswer(t.db, captchaKey) };
}

/** The reset link of a mail, split into what the reset page reads from its query. */
function linkIn(text: string) {
  const link = /(https?:\/\/\S+\/reset-password\?\S+)/.exec(text)?.[1];
  if (!link) throw new Error(`no reset link in:\n${text}`);
  const url = new URL(link);
  return { link, username: url.searchParams.get('username')!, code: url.searchParams.get('code')! };
}

describe('reference §7.5: GET /api/captcha', () => {
  it('answers a 90×30 PNG data URL and a key; the answer is kept 30 minutes', async () => {
    const res = await client(t).get('/api/captcha');
    const data = body(res).data as { img: string; captchaKey: string };
    expect(data.captchaKey).toMatch(/^[0-9a-f]{32}$/);
    expect(data.img).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(data.img.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([90, 30]);
    // The pixel data inflates to 30 rows of 1 + 90 × 4 bytes.
    const idatLength = png.readUInt32BE(33);
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe(30 * (1 + 90 * 4));
    const [row] = await t.db.select().from(captcha).where(eq(captcha.key, data.captchaKey));
    expect(row!.answer).toMatch(/^\d{1,3}$/);
    expect(row!.expiresAt.getTime() - clock.now().getTime()).toBe(1800_000);
  });
});

describe('reference §7.3: reset the password by the mailed link', () => {
  it('mails the link, resets with its code, and ends every session of the user', async () => {
    await userWithEmail('forgetful', 'forgetful@example.org');
    const c = client(t);
    const before = await signIn(c, 'forgetful', 'old-password');

    const apply = await c.post('/api/apply-reset-password', {
      email: 'Forgetful@example.org ',
      ...(await solvedCaptcha(c)),
    });
    expect(body(apply)).toEqual({ status: 200, msg: '重置密码的邮件已发送，请查收邮箱！', data: null });
    const received = await mail.next('forgetful@example.org');
    expect(received.subject).toBe('Verdict的重置密码邮件');
    const { link, username, code } = linkIn(received.text);
    expect(link.startsWith('http://localhost:8080/reset-password?username=forgetful&code=')).toBe(true);
    expect(username).toBe('forgetful');
    expect(code).toMatch(/^[0-9a-f]{21}$/);
    expect(received.html).toContain(link.replaceAll('&', '&amp;'));

    const reset = await c.post('/api/reset-password', { username, password: 'new-password', code });
    expect(body(reset)).toEqual({ status: 200, msg: '重置密码成功！', data: null });
    expect((await c.get('/api/get-user-auth-info', { token: before })).statusCode).toBe(401);
    expect(body(await c.post('/api/login', { username: 'forgetful', password: 'old-password' })).status).toBe(
      400,
    );
    await signIn(c, 'forgetful', 'new-password');
    // The code is deleted after use.
    const again = await c.post('/api/reset-password', { username, password: 'other-password', code });
    expect(body(again).msg).toBe('重置密码链接不存在或已过期，请重新发送重置邮件');
  });

  it('mails in English when asked, and clears the failed-login count', async () => {
    await userWithEmail('english', 'english@example.org');
    const c = client(t);
    for (let i = 0; i < 5; i++) await c.post('/api/login', { username: 'english', password: 'wrong-pass' });
    await c.post(
      '/api/apply-reset-password',
      { email: 'english@example.org', ...(await solvedCaptcha(c)) },
      { lang: 'en' },
    );
    const received = await mail.next('english@example.org');
    expect(received.subject).toBe('Verdict password reset');
    const { username, code } = linkIn(received.text);
    const reset = await c.post(
      '/api/reset-password',
      { username, password: 'fresh-password', code },
      { lang: 'en' },
    );
    expect(body(reset).msg).toBe('Your password has been reset!');
    expect(await t.db.select().from(loginFailure).where(eq(loginFailure.username, 'english'))).toHaveLength(
      0,
    );
    await signIn(c, 'english', 'fresh-password');
  });

  it('checks the captcha case-insensitively, once; a wrong or unknown one is refused', async () => {
    await userWithEmail('captcha', 'captcha@example.org');
    const c = client(t);
    const solved = await solvedCaptcha(c);
    const wrong = await c.post('/api/apply-reset-password', {
      email: 'captcha@example.org',
      captchaKey: solved.captchaKey,
      captcha: `${solved.captcha}9`,
    });
    expect(body(wrong)).toEqual({ status: 400, msg: '验证码不正确', data: null });
    // The captcha was used by the wrong attempt.
    const replay = await c.post(
      '/api/apply-reset-password',
      { email: 'captcha@example.org', ...solved },
      { lang: 'en' },
    );
    expect(body(replay).msg).toBe('The captcha has expired, please refresh it!');
    const expired = await solvedCaptcha(c);
    clock.advance(1801_000);
    expect(
      body(await c.post('/api/apply-reset-password', { email: 'captcha@example.org', ...expired })).msg,
    ).toBe('验证码已过期，请刷新验证码！');
    const ok = await solvedCaptcha(c);
    const spaced = await c.post('/api/apply-reset-password', {
      email: 'captcha@example.org',
      captchaKey: ok.captchaKey,
      captcha: ` ${ok.captcha.toUpperCase()} `,
    });
    expect(body(spaced).status).toBe(200);
    await mail.next('captcha@example.org');
  });

  it('refuses an address no user has', async () => {
    const c = client(t);
    const res = await c.post('/api/apply-reset-password', {
      email: 'nobody@example.org',
      ...(await solvedCaptcha(c)),
    });
    expect(body(res)).toEqual({ status: 400, msg: '对不起，该邮箱无该用户，请重新检查！', data: null });
  });

  it('spec part 1 §9: another reset mail only 90 s after the last one', async () => {
    await userWithEmail('impatient', 'impatient@example.org');
    const c = client(t);
    await c.post('/api/apply-reset-password', {
      email: 'impatient@example.org',
      ...(await solvedCaptcha(c)),
    });
    await mail.next('impatient@example.org');
    clock.advance(60_000);
    const early = await c.post('/api/apply-reset-password', {
      email: 'impatient@example.org',
      ...(await solvedCaptcha(c)),
    });
    expect(body(early)).toEqual({
      status: 400,
      msg: '对不起，您的操作频率过快，请在30秒后再次发送重置邮件！',
      data: null,
    });
    clock.advance(30_000);
    const later = await c.post('/api/apply-reset-password', {
      email: 'impatient@example.org',
      ...(await solvedCaptcha(c)),
    });
    expect(body(later).status).toBe(200);
    await mail.next('impatient@example.org');
  });

  it('refuses a wrong code, drops it after 5 guesses; a link lives 10 minutes', async () => {
    await userWithEmail('guessed', 'guessed@example.org');
    await userWithEmail('slow', 'slow@example.org');
    const c = client(t);
    await c.post('/api/apply-reset-password', { email: 'guessed@example.org', ...(await solvedCaptcha(c)) });
    const { code } = linkIn((await mail.next('guessed@example.org')).text);
    for (let i = 0; i < 5; i++) {
      const res = await c.post('/api/reset-password', {
        username: 'guessed',
        password: 'new-password',
        code: 'f'.repeat(21),
      });
      expect(body(res).msg).toBe('重置密码的验证码不正确，请重新输入');
    }
    expect(
      body(await c.post('/api/reset-password', { username: 'guessed', password: 'new-password', code })).msg,
    ).toBe('重置密码链接不存在或已过期，请重新发送重置邮件');

    await c.post('/api/apply-reset-password', { email: 'slow@example.org', ...(await solvedCaptcha(c)) });
    const slow = linkIn((await mail.next('slow@example.org')).text);
    clock.advance(600_000);
    const res = await c.post(
      '/api/reset-password',
      { username: 'slow', password: 'new-password', code: slow.code },
      { lang: 'en' },
    );
    expect(body(res).msg).toBe(
      'The reset link does not exist or has expired, please send the reset e-mail again',
    );
  });

  it('spec part 1 §5: the fields of both forms, in both languages', async () => {
    const apply: [Record<string, unknown>, string, string][] = [
      [{ captchaKey: 'k', email: 'a@example.org' }, '验证码不能为空', 'The captcha is required'],
      [
        { captcha: '123456789', captchaKey: 'k', email: 'a@example.org' },
        '验证码长度应为1~8位',
        'The captcha must be 1 to 8 characters',
      ],
      [
        { captcha: '12', email: 'a@example.org' },
        '验证码已失效，请刷新验证码',
        'The captcha is missing, please refresh it',
      ],
      [{ captcha: '12', captchaKey: 'k' }, '邮箱不能为空', 'The e-mail address is required'],
      [
        { captcha: '12', captchaKey: 'k', email: 'a.example.org' },
        '对不起！您的邮箱格式不正确！',
        'Sorry! The e-mail address is not valid!',
      ],
    ];
    const reset: [Record<string, unknown>, string, string][] = [
      [{ password: 'new-password', code: 'c' }, '用户名不能为空', 'The username is required'],
      [{ username: 'u', code: 'c' }, '密码不能为空', 'The password is required'],
      [
        { username: 'u', password: 'short', code: 'c' },
        '新密码长度应该为6~20位！',
        'The new password must be 6 to 20 characters long!',
      ],
      [
        { username: 'u', password: 'x'.repeat(21), code: 'c' },
        '新密码长度应该为6~20位！',
        'The new password must be 6 to 20 characters long!',
      ],
      [{ username: 'u', password: 'new-password' }, '重置密码的验证码不能为空', 'The reset code is required'],
    ];
    for (const [url, cases] of [
      ['/api/apply-reset-password', apply],
      ['/api/reset-password', reset],
    ] as const) {
      for (const [input, zh, en] of cases) {
        const c = client(t);
        expect(body(await c.post(url, input))).toEqual({ status: 400, msg: zh, data: null });
        expect(body(await c.post(url, input, { lang: 'en' })).msg).toBe(en);
      }
    }
  });

  it('without SMTP the reset mail is refused with a clear message', async () => {
    await t.db.delete(systemConfig).where(eq(systemConfig.name, 'email'));
    try {
      const c = client(t);
      const res = await c.post('/api/apply-reset-password', {
        email: 'a@example.org',
        captcha: '1',
        captchaKey: 'k',
      });
      expect(body(res)).toEqual({
        status: 400,
        msg: '对不起！本站邮箱系统未配置，暂不支持重置密码！',
        data: null,
      });
      const en = await c.post(
        '/api/apply-reset-password',
        { email: 'a@example.org', captcha: '1', captchaKey: 'k' },
        { lang: 'en' },
      );
      expect(body(en).msg).toBe(
        'Sorry! The mail system of this site is not configured, so passwords cannot be reset!',
      );
    } finally {
      await useMailServer(t.db, mail);
    }
  });
});
