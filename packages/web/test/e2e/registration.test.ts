import { eq } from 'drizzle-orm';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemConfig, userInfo } from '../../../server/src/db/schema/index.ts';
import { captchaAnswer } from '../../../server/test/account/support.ts';
import {
  ADMIN_LAYOUTS,
  dialog,
  dialogPanel,
  expectInsideViewport,
  expectNoSidewaysScroll,
  openAdminAsRoot,
  openPage,
  popupsSettled,
  saveScreenshot,
  toast,
  topBar,
  useServerAndBrowser,
} from './support.ts';

/**
 * issue 24 item 7 in the browser, on a site without mail (most school sites): the register dialog
 * asks for the image captcha instead of a mailed code; when an admin demands the code anyway, the
 * home page and the dialog say why nobody can register instead of offering the form; the admin
 * switch page shows the switch and warns. Every screen at 1280 and 768 px in both languages.
 */
const env = useServerAndBrowser();
/** Four layouts each, on a shared two-core machine. */
const timeout = 300_000;

const TEXT = {
  'en-US': {
    register: 'Register',
    username: 'Username',
    email: 'Email',
    password: 'Password',
    passwordAgain: 'Password again',
    captcha: 'Captcha',
    code: 'E-mail verification code',
    sendCode: 'Send code',
    registered: 'Thank you for registering!',
    open: 'Open',
    unavailable: 'Not available',
    unavailableTitle: 'Registration is not available right now',
    switchLabel: 'Registration needs an e-mail code',
    save: 'Save',
    saved: 'Saved',
    warning:
      'Mail is not set up, so no code can be sent and nobody can register. Set up mail or turn this off.',
  },
  'zh-CN': {
    register: '注册',
    username: '用户名',
    email: '邮箱',
    password: '密码',
    passwordAgain: '确认密码',
    captcha: '图片验证码',
    code: '邮箱验证码',
    sendCode: '获取验证码',
    registered: '谢谢你的注册！',
    open: '开放',
    unavailable: '暂不可用',
    unavailableTitle: '暂时无法注册',
    switchLabel: '注册需要邮箱验证码',
    save: '保存',
    saved: '保存成功',
    warning: '尚未配置邮件服务，无法发送验证码，目前没有人能注册。请配置邮箱或关闭此开关。',
  },
} as const;

const tagOf = (layout: (typeof ADMIN_LAYOUTS)[number]) =>
  `${layout.lang === 'en-US' ? 'en' : 'zh'}-${layout.width}`;

async function setRegisterSwitch(value: boolean | null) {
  const [row] = await env.server.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
  const stored: Record<string, unknown> = { ...(row!.value as object) };
  if (value === null) delete stored.registerNeedsEmailCode;
  else stored.registerNeedsEmailCode = value;
  await env.server.db.update(systemConfig).set({ value: stored }).where(eq(systemConfig.name, 'switch'));
}

const isCaptcha = (response: Response) => new URL(response.url()).pathname === '/api/captcha';

/** The home page in a fresh page and the register dialog opened from the top bar. */
async function openRegisterDialog(width: number, lang: 'en-US' | 'zh-CN') {
  const opened = await openPage(env.browser, width);
  const captcha = opened.page.waitForResponse(isCaptcha).catch(() => null);
  await opened.page.goto(`${env.server.url}/home?l=${lang}`);
  await topBar(opened.page).getByRole('button', { name: TEXT[lang].register, exact: true }).click();
  await popupsSettled(opened.page);
  return { ...opened, captcha };
}

/** The registration row of the home page's site information card. */
const registrationRow = (page: Page, lang: 'en-US' | 'zh-CN') =>
  page
    .locator('.site-info .ant-descriptions-row')
    .filter({ hasText: lang === 'en-US' ? 'Registration' : '用户注册' });

describe('issue 24 item 7: registration on a site without mail', () => {
  it('asks for the image captcha instead of a mailed code, and registers with it', { timeout }, async () => {
    for (const layout of ADMIN_LAYOUTS) {
      const t = TEXT[layout.lang];
      const { context, page, captcha } = await openRegisterDialog(layout.width, layout.lang);
      const form = dialogPanel(page);
      await form.getByLabel(t.captcha, { exact: true }).waitFor();
      expect(await form.getByLabel(t.code).count()).toBe(0);
      expect(await form.getByRole('button', { name: t.sendCode }).count()).toBe(0);
      await form.locator('.captcha-image img').waitFor();
      await expectInsideViewport(
        page,
        dialog(page).locator('.ant-modal-container, .ant-modal-content').first(),
      );
      await saveScreenshot(page, `register-captcha-${tagOf(layout)}`);

      if (layout.lang === 'en-US' && layout.width === 1280) {
        const { data } = (await (await captcha)!.json()) as { data: { captchaKey: string } };
        await form.getByLabel(t.username).fill('pupil');
        await form.getByLabel(t.email).fill('pupil@school.example');
        await form.getByLabel(t.password, { exact: true }).fill('pupil-pass');
        await form.getByLabel(t.passwordAgain).fill('pupil-pass');
        await form
          .getByLabel(t.captcha, { exact: true })
          .fill(await captchaAnswer(env.server.db, data.captchaKey));
        await form.getByRole('button', { name: t.register, exact: true }).click();
        await toast(page, t.registered).waitFor();
        await dialog(page).getByRole('tab', { name: 'Login', selected: true }).waitFor();
        const [user] = await env.server.db.select().from(userInfo).where(eq(userInfo.username, 'pupil'));
        expect(user).toMatchObject({ email: 'pupil@school.example' });
      }
      await context.close();

      const home = await openPage(env.browser, layout.width);
      await home.page.goto(`${env.server.url}/home?l=${layout.lang}`);
      await registrationRow(home.page, layout.lang).getByText(t.open, { exact: true }).waitFor();
      await home.context.close();
    }
  });

  it(
    'says why nobody can register while a mailed code is required and no mail is set up',
    { timeout },
    async () => {
      await setRegisterSwitch(true);
      try {
        for (const layout of ADMIN_LAYOUTS) {
          const t = TEXT[layout.lang];
          const { context, page } = await openRegisterDialog(layout.width, layout.lang);
          await dialogPanel(page).getByText(t.unavailableTitle).waitFor();
          // no form that cannot finish
          expect(await dialogPanel(page).getByLabel(t.username).count()).toBe(0);
          expect(await dialogPanel(page).getByRole('button', { name: t.register, exact: true }).count()).toBe(
            0,
          );
          await expectInsideViewport(
            page,
            dialog(page).locator('.ant-modal-container, .ant-modal-content').first(),
          );
          await saveScreenshot(page, `register-unavailable-${tagOf(layout)}`);
          await page.keyboard.press('Escape');
          await dialog(page).waitFor({ state: 'hidden' });

          const row = registrationRow(page, layout.lang);
          await row.getByText(t.unavailable, { exact: true }).waitFor();
          await row.locator('.ant-typography').waitFor();
          await expectNoSidewaysScroll(page);
          await row.scrollIntoViewIfNeeded();
          await saveScreenshot(page, `home-register-unavailable-${tagOf(layout)}`);
          await context.close();
        }
      } finally {
        await setRegisterSwitch(null);
      }
    },
  );

  it('the admin switch page shows the switch; turned on without mail it warns', { timeout }, async () => {
    for (const layout of ADMIN_LAYOUTS) {
      const t = TEXT[layout.lang];
      const { context, page } = await openAdminAsRoot(env, { ...layout, path: '/admin/switch' });
      const toggle = page.getByLabel(t.switchLabel);
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      await page.getByRole('button', { name: t.save }).click();
      await toast(page, t.saved).waitFor();
      await page.getByText(t.warning).waitFor();
      const saved = await env.server.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
      expect(saved[0]!.value).toMatchObject({ registerNeedsEmailCode: true });
      await expectNoSidewaysScroll(page);
      await toggle.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `admin-switch-register-${tagOf(layout)}`);
      // back to following the mail configuration
      await setRegisterSwitch(null);
      await context.close();
    }
  });
});
