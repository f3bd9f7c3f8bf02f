import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { systemConfig, userInfo } from '../../src/db/schema/index.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';
import { startMailServer, useMailServer, type MailServer } from '../helpers/mail.ts';
import { body, captchaAnswer, client, codeIn, signIn } from './support.ts';

/**
 * issue 24 item 7: registration on a site without mail. The switch registerNeedsEmailCode (admin
 * switch page) decides between a mailed code and the image captcha; unset, it follows the mail
 * configuration. get-website-config tells clients which (registerMode), and a site that demands a
 * code it cannot mail says so instead of offering a form that cannot finish.
 */
const clock = new ManualClock(Date.UTC(2026, 8, 1, 8));
let t: TestApp;
let mail: MailServer;
let rootToken: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  mail = await startMailServer();
  rootToken = await signIn(client(t), 'root', ROOT_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const websiteConfig = async () =>
  body(await client(t).get('/api/get-website-config')).data as { register: boolean; registerMode: string };
const switchInfo = async () =>
  body(await client(t).get('/api/admin/switch/info', { token: rootToken })).data as Record<string, unknown>;
const setSwitches = async (payload: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/admin/switch/update',
    payload,
    headers: { authorization: rootToken },
  });
  expect(body(res)).toMatchObject({ status: 200 });
};
const storedSwitches = async () =>
  (await t.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch')))[0]!.value as Record<
    string,
    unknown
  >;

/** A fresh image captcha and its answer, as the register dialog shows it. */
async function solvedCaptcha(c: ReturnType<typeof client>) {
  const { captchaKey } = body(await c.get('/api/captcha')).data as { captchaKey: string };
  return { captchaKey, captcha: await captchaAnswer(t.db, captchaKey) };
}

const account = (name: string) => ({
  username: name,
  password: `${name}-pass`,
  email: `${name}@school.example`,
});

describe('issue 24 item 7: registration without mail', () => {
  it('no mail: the switch defaults to off and people register with the captcha only', async () => {
    expect(await switchInfo()).toMatchObject({ registerNeedsEmailCode: false });
    expect('registerNeedsEmailCode' in (await storedSwitches())).toBe(false);
    expect(await websiteConfig()).toMatchObject({ register: true, registerMode: 'captcha' });

    const c = client(t);
    // no code to send: the answer says why
    const code = await c.get('/api/get-register-code', {
      query: { email: 'pupil@school.example' },
      lang: 'en',
    });
    expect(body(code)).toEqual({
      status: 400,
      msg: 'Registering here needs no e-mail code: answer the captcha and register!',
      data: null,
    });
    const zh = await c.get('/api/get-register-code', { query: { email: 'pupil@school.example' } });
    expect(body(zh).msg).toBe('本站注册无需邮箱验证码，请回答图形验证码后直接注册！');

    // HOJ's body without a captcha, a wrong captcha, then the right one
    const noCaptcha = await c.post('/api/register', { ...account('pupil'), code: '123456' }, { lang: 'en' });
    expect(body(noCaptcha)).toEqual({ status: 400, msg: 'The captcha is required', data: null });
    const wrong = await solvedCaptcha(c);
    const refused = await c.post(
      '/api/register',
      { ...account('pupil'), captchaKey: wrong.captchaKey, captcha: `${wrong.captcha}9` },
      { lang: 'en' },
    );
    expect(body(refused)).toEqual({ status: 400, msg: 'The captcha is incorrect', data: null });
    const right = await solvedCaptcha(c);
    const reg = await c.post('/api/register', { ...account('pupil'), ...right }, { lang: 'en' });
    expect(body(reg)).toEqual({ status: 200, msg: 'Thank you for registering!', data: null });
    await signIn(c, 'pupil', 'pupil-pass');
    // a captcha answers once
    const again = await c.post('/api/register', { ...account('pupil2'), ...right }, { lang: 'en' });
    expect(body(again).msg).toBe('The captcha has expired, please refresh it!');
    expect(await t.db.select().from(userInfo).where(eq(userInfo.username, 'pupil2'))).toEqual([]);
  });

  it('switch on without mail: nobody can register, and the config and both calls say why', async () => {
    await setSwitches({ registerNeedsEmailCode: true });
    try {
      expect(await switchInfo()).toMatchObject({ registerNeedsEmailCode: true });
      // HOJ clients read `register`: no form that cannot finish
      expect(await websiteConfig()).toEqual(
        expect.objectContaining({ register: false, registerMode: 'needs-mail' }),
      );
      const c = client(t);
      const NO_MAIL = {
        status: 401,
        msg: 'Sorry! The mail system of this site is not configured, so registration is not available!',
        data: null,
      };
      expect(
        body(await c.get('/api/get-register-code', { query: { email: 'late@school.example' }, lang: 'en' })),
      ).toEqual(NO_MAIL);
      const withCaptcha = await c.post(
        '/api/register',
        { ...account('late'), ...(await solvedCaptcha(c)) },
        {
          lang: 'en',
        },
      );
      expect(body(withCaptcha)).toEqual(NO_MAIL);
      const zh = await c.post('/api/register', { ...account('late'), code: '123456' });
      expect(body(zh).msg).toBe('对不起！本站邮箱系统未配置，暂不支持注册！');
    } finally {
      await setSwitches({ registerNeedsEmailCode: false });
    }
  });

  it('with mail: unset, the switch follows the mail configuration; an admin may still turn it off', async () => {
    // an admin's setting is kept: remove it to see the default again
    const { registerNeedsEmailCode: _set, ...unset } = await storedSwitches();
    await t.db.update(systemConfig).set({ value: unset }).where(eq(systemConfig.name, 'switch'));
    await useMailServer(t.db, mail);
    expect(await switchInfo()).toMatchObject({ registerNeedsEmailCode: true });
    expect(await websiteConfig()).toMatchObject({ register: true, registerMode: 'email-code' });

    const c = client(t);
    // the captcha alone is not enough now
    const captchaOnly = await c.post(
      '/api/register',
      { ...account('mailed'), ...(await solvedCaptcha(c)) },
      {
        lang: 'en',
      },
    );
    expect(body(captchaOnly)).toEqual({ status: 400, msg: 'The verification code is required', data: null });
    expect(
      body(await c.get('/api/get-register-code', { query: { email: 'mailed@school.example' } })).status,
    ).toBe(200);
    const code = codeIn((await mail.next('mailed@school.example')).text);
    expect(body(await c.post('/api/register', { ...account('mailed'), code })).status).toBe(200);

    await setSwitches({ registerNeedsEmailCode: false });
    expect(await websiteConfig()).toMatchObject({ register: true, registerMode: 'captcha' });
    const c2 = client(t);
    const reg = await c2.post('/api/register', { ...account('nocode'), ...(await solvedCaptcha(c2)) });
    expect(body(reg).status).toBe(200);
  });

  it('a closed registration stays closed whatever the switch', async () => {
    const [web] = await t.db.select().from(systemConfig).where(eq(systemConfig.name, 'web'));
    await t.db
      .update(systemConfig)
      .set({ value: { ...(web!.value as object), register: false } })
      .where(eq(systemConfig.name, 'web'));
    try {
      expect(await websiteConfig()).toMatchObject({ register: false, registerMode: 'closed' });
      const c = client(t);
      const reg = await c.post(
        '/api/register',
        { ...account('shut'), ...(await solvedCaptcha(c)) },
        { lang: 'en' },
      );
      expect(body(reg)).toEqual({
        status: 401,
        msg: 'Sorry! Registration is not open on this site!',
        data: null,
      });
    } finally {
      await t.db.update(systemConfig).set({ value: web!.value }).where(eq(systemConfig.name, 'web'));
    }
  });
});
