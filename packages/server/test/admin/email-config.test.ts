import { eq } from 'drizzle-orm';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { systemConfig } from '../../src/db/schema/index.ts';
import { body, client, codeIn, signIn } from '../account/support.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';
import { startMailServer, type MailServer } from '../helpers/mail.ts';
import { createUser } from '../helpers/users.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 8));
let t: TestApp;
let mail: MailServer;
const tokens: Record<'root' | 'user' | 'admin' | 'problemAdmin', string> = {
  root: '',
  user: '',
  admin: '',
  problemAdmin: '',
};

const GET = '/api/admin/config/get-email-config';
const SET = '/api/admin/config/set-email-config';
const TEST = '/api/admin/config/test-email';

const put = (body: unknown, token = tokens.root, lang: 'zh' | 'en' = 'zh') =>
  t.app.inject({
    method: 'PUT',
    url: SET,
    payload: body as object,
    headers: { authorization: token, ...(lang === 'en' ? { 'accept-language': 'en-US' } : {}) },
  });

/** A valid configuration pointing at the test SMTP server. */
const valid = () => ({
  emailHost: mail.host,
  emailPort: mail.port,
  emailSsl: false,
  emailUsername: 'judge@example.org',
  emailPassword: 'smtp-secret',
  emailBGImg: '',
});

async function storedEmailRow(): Promise<Record<string, unknown> | undefined> {
  const [row] = await t.db.select().from(systemConfig).where(eq(systemConfig.name, 'email'));
  return row?.value as Record<string, unknown> | undefined;
}

/** A local port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  mail = await startMailServer();
  await createUser(t.db, { username: 'plain', password: 'plain-pass' });
  await createUser(t.db, { username: 'boss', role: 'admin', password: 'boss-pass' });
  await createUser(t.db, { username: 'padmin', role: 'problemAdmin', password: 'padmin-pass' });
  tokens.root = await signIn(client(t), 'root', ROOT_PASSWORD);
  tokens.user = await signIn(client(t), 'plain', 'plain-pass');
  tokens.admin = await signIn(client(t), 'boss', 'boss-pass');
  tokens.problemAdmin = await signIn(client(t), 'padmin', 'padmin-pass');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

describe('reference §3.12, spec part 2 §2.7: the e-mail configuration is for the super admin only', () => {
  const calls = [
    ['GET', GET],
    ['POST', GET],
    ['PUT', SET],
    ['POST', TEST],
  ] as const;

  it('refuses an anonymous caller with HTTP 401', async () => {
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method, url, payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ status: 401, msg: '请您先登录！', data: null });
    }
  });

  it('refuses a plain user, an admin and a problem admin with HTTP 403 (no system_info_admin)', async () => {
    for (const who of ['user', 'admin', 'problemAdmin'] as const) {
      for (const [method, url] of calls) {
        const res = await t.app.inject({
          method,
          url,
          payload: method === 'PUT' ? valid() : { email: 'x@example.org' },
          headers: { authorization: tokens[who], 'url-type': 'admin' },
        });
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ status: 403, msg: '对不起，您无权限进行此操作！', data: null });
        expect(res.headers['url-type']).toBe('admin');
      }
    }
    // Nothing was written by the refused calls, and no mail went out.
    expect((await storedEmailRow())?.emailHost ?? '').toBe('');
    expect(mail.pending('x@example.org')).toBe(false);
  });
});

describe('reference §3.12 set-email-config: every field is checked and named', () => {
  it('refuses bad values with a message naming the field, in both languages; nothing is stored', async () => {
    await t.app.inject({ url: GET, headers: { authorization: tokens.root } });
    const before = await storedEmailRow();
    expect(before).toBeDefined();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { emailHost: '' },
        'emailHost：SMTP服务器地址不能为空',
        'emailHost: the SMTP server address is required',
      ],
      [
        { emailHost: 'smtp example.org' },
        'emailHost：SMTP服务器地址应为域名或IP地址',
        'emailHost: the SMTP server must be a host name or an IP address',
      ],
      [
        { emailHost: 'smtp_.example.org' },
        'emailHost：SMTP服务器地址应为域名或IP地址',
        'emailHost: the SMTP server must be a host name or an IP address',
      ],
      ...[0, 65536, -25, 25.5, 'abc', null].map((emailPort): [Record<string, unknown>, string, string] => [
        { emailPort },
        'emailPort：SMTP端口应为1~65535之间的整数',
        'emailPort: the SMTP port must be a whole number from 1 to 65535',
      ]),
      [{ emailSsl: 'yes' }, 'emailSsl：SSL开关只能是true或false', 'emailSsl: SSL must be true or false'],
      [
        { emailUsername: 'judge @example.org' },
        'emailUsername：SMTP用户名不能包含空白字符，且不能超过255位',
        'emailUsername: the SMTP user name cannot contain spaces or be longer than 255 characters',
      ],
      [
        { emailPassword: 'p'.repeat(256) },
        'emailPassword：SMTP密码不能超过255位',
        'emailPassword: the SMTP password cannot be longer than 255 characters',
      ],
      [
        { emailSender: 'not-an-address' },
        'emailSender：发件人邮箱格式不正确',
        'emailSender: the sender address is not a valid e-mail address',
      ],
      [
        { emailUsername: 'apikey', emailSender: '' },
        'emailSender：请填写发件人邮箱，或使用邮箱地址作为SMTP用户名（emailUsername）',
        'emailSender: give a sender address, or use an e-mail address as the SMTP user name (emailUsername)',
      ],
      [
        { emailBGImg: 'javascript:alert(1)' },
        'emailBGImg：背景图片应为http(s)链接或以/开头的站内路径，且不能超过1024位',
        'emailBGImg: the background image must be an http(s) link or a site path starting with /, at most 1024 characters',
      ],
      [
        { emailBlacklist: ['example.com', 'not a domain'] },
        'emailBlacklist：邮箱黑名单应为域名列表（例如 example.com），最多1000个',
        'emailBlacklist: the blacklist must be a list of domains (such as example.com), at most 1000',
      ],
      [
        { emailBlacklist: 'example.com' },
        'emailBlacklist：邮箱黑名单应为域名列表（例如 example.com），最多1000个',
        'emailBlacklist: the blacklist must be a list of domains (such as example.com), at most 1000',
      ],
    ];
    for (const [patch, zh, en] of cases) {
      const input = { ...valid(), ...patch };
      const res = await put(input);
      expect(res.statusCode, JSON.stringify(patch)).toBe(200);
      expect(res.json(), JSON.stringify(patch)).toEqual({ status: 400, msg: zh, data: null });
      expect((await put(input, tokens.root, 'en')).json().msg, JSON.stringify(patch)).toBe(en);
    }
    // A required field left out is named too.
    const { emailHost: _dropped, ...withoutHost } = valid();
    expect((await put(withoutHost)).json().msg).toBe('emailHost：SMTP服务器地址不能为空');
    expect(await storedEmailRow()).toEqual(before);
  });

  it('accepts a port sent as text, an IP host and a separate sender address', async () => {
    const res = await put({
      ...valid(),
      emailHost: '127.0.0.1',
      emailPort: ` ${mail.port} `,
      emailUsername: 'apikey',
      emailSender: 'noreply@example.org',
      emailBGImg: 'https://example.org/bg.png',
      emailBlacklist: ['@Spam.Example', 'spam.example', 'junk.test'],
    });
    expect(res.json()).toEqual({ status: 200, msg: 'success', data: null });
    const got = (await t.app.inject({ url: GET, headers: { authorization: tokens.root } })).json();
    expect(got).toEqual({
      status: 200,
      msg: 'success',
      data: {
        emailHost: '127.0.0.1',
        emailPort: mail.port,
        emailSsl: false,
        emailUsername: 'apikey',
        emailPassword: '',
        emailPasswordSet: true,
        emailSender: 'noreply@example.org',
        emailBGImg: 'https://example.org/bg.png',
        // stored in one spelling, once each
        emailBlacklist: ['spam.example', 'junk.test'],
      },
    });
  });
});

describe('reference §3.12 get-email-config: the stored password is never answered', () => {
  it("masks it, keeps it when '' or nothing is sent back, and clears it only when asked", async () => {
    expect((await put(valid())).json().status).toBe(200);
    const get = async () =>
      (await t.app.inject({ method: 'POST', url: GET, headers: { authorization: tokens.root } })).json()
        .data as Record<string, unknown>;
    expect(await get()).toMatchObject({ emailPassword: '', emailPasswordSet: true });
    expect(JSON.stringify(await get())).not.toContain('smtp-secret');
    expect((await storedEmailRow())!.emailPassword).toBe('smtp-secret');

    // HOJ's form sends back what it got: '' keeps the password; so does leaving it out.
    await put({ ...(await get()), emailHost: 'localhost', emailPort: mail.port });
    const { emailPassword: _omitted, ...withoutPassword } = valid();
    await put(withoutPassword);
    expect((await storedEmailRow())!.emailPassword).toBe('smtp-secret');

    await put({ ...valid(), emailPassword: '', emailPasswordClear: true });
    expect(await get()).toMatchObject({ emailPassword: '', emailPasswordSet: false });
    expect((await storedEmailRow())!.emailPassword).toBe('');
  });
});

describe('reference §3.12: a saved configuration carries the site mail', () => {
  it('a register code goes out through the server the super admin configured', async () => {
    await t.db.delete(systemConfig).where(eq(systemConfig.name, 'email'));
    // issue 24 item 7: without mail, registration asks for the image captcha, not a mailed code;
    // once mail is configured it asks for the code again
    const before = await client(t).get('/api/get-register-code', { query: { email: 'first@example.org' } });
    expect(body(before)).toEqual({
      status: 400,
      msg: '本站注册无需邮箱验证码，请回答图形验证码后直接注册！',
      data: null,
    });

    expect((await put({ ...valid(), emailSender: 'hello@verdict.example' })).json().status).toBe(200);
    const c = client(t);
    const res = await c.get('/api/get-register-code', { query: { email: 'first@example.org' } });
    expect(body(res)).toMatchObject({ status: 200, data: { email: 'first@example.org' } });
    const received = await mail.next('first@example.org');
    expect(received.subject).toBe('Verdict的注册邮件');
    expect(received.from).toContain('hello@verdict.example');
    const code = codeIn(received.text);
    const reg = await c.post('/api/register', {
      username: 'first',
      password: 'first-pass',
      email: 'first@example.org',
      code,
    });
    expect(body(reg)).toEqual({ status: 200, msg: '谢谢你的注册！', data: null });
  });

  it('test-email sends a real message through the configured server, in the admin language', async () => {
    // emailSender '' goes back to HOJ's rule: the SMTP user name is the sender.
    expect((await put({ ...valid(), emailSender: '' })).json().status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: TEST,
      payload: { email: 'ops@example.org' },
      headers: { authorization: tokens.root, 'accept-language': 'en-US' },
    });
    expect(res.json()).toEqual({
      status: 200,
      msg: 'The test e-mail has been sent to ops@example.org, please check it!',
      data: null,
    });
    const received = await mail.next('ops@example.org');
    expect(received.subject).toBe('Verdict test e-mail');
    expect(received.from).toContain('judge@example.org');
    expect(received.text).toContain(`${mail.host}:${mail.port}`);

    const bad = await t.app.inject({
      method: 'POST',
      url: TEST,
      payload: { email: 'nope' },
      headers: { authorization: tokens.root },
    });
    expect(bad.json()).toEqual({ status: 400, msg: '对不起！您的邮箱格式不正确！', data: null });
  });

  it('test-email says why the mail could not be sent', async () => {
    expect((await put({ ...valid(), emailPort: await closedPort() })).json().status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: TEST,
      payload: { email: 'ops@example.org' },
      headers: { authorization: tokens.root },
    });
    const json = res.json();
    expect(json.status).toBe(500);
    expect(json.msg).toMatch(/^测试邮件发送失败：.*ECONNREFUSED/);
    await put(valid());
  });
});
