import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminConfEnUS } from '../../src/i18n/areas/admin-conf.en-US.ts';
import { adminConfZhCN } from '../../src/i18n/areas/admin-conf.zh-CN.ts';
import { startMailServer, useMailServer, type MailServer } from '../../../server/test/helpers/mail.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import {
  assertBuilt,
  expectNoSidewaysScroll,
  launchChromium,
  openAdminAsRoot,
  saveScreenshot,
  toast,
} from './support.ts';

/**
 * The site settings in a real browser against a real server (spec part 2 §2.7 "conf", issue 10
 * "Site settings"): root renames the site and the home page shows the new name; the e-mail form
 * never shows the stored password, saves the test SMTP server, and "send a test mail" reaches it.
 * Both languages, 1280 and 768 px.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let mail: MailServer;
let browser: Browser;

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  mail = await startMailServer();
  // a stored password, which the form must not show
  await useMailServer(server.db, mail);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await mail?.close();
  await server?.close();
});

describe.each([
  { width: 1280, lang: 'en-US' as const, text: adminConfEnUS, welcome: 'Welcome to' },
  { width: 768, lang: 'zh-CN' as const, text: adminConfZhCN, welcome: '欢迎来到' },
])('admin settings, $lang at $width px', ({ width, lang, text, welcome }) => {
  it('saves the site name, shown on the home page, and sends a test mail', async () => {
    const siteName = `Judge ${lang} ${width}`;
    const recipient = `ops-${lang}-${width}@example.org`.toLowerCase();
    const { context, page } = await openAdminAsRoot(
      { server, browser },
      { width, lang, path: '/admin/conf' },
    );
    try {
      const webCard = page.getByTestId('conf-web');
      const nameField = webCard.getByLabel(text.name, { exact: true });
      await expect.poll(() => nameField.inputValue()).not.toBe('');
      await nameField.fill(siteName);
      await webCard.getByRole('button', { name: text.save }).click();
      await toast(page, text.saved).waitFor();

      const emailCard = page.getByTestId('conf-email');
      const password = emailCard.getByLabel(text.emailPassword);
      await expect.poll(() => password.getAttribute('placeholder')).toBe(text.passwordSet);
      expect(await password.inputValue()).toBe('');
      await emailCard.getByLabel(text.emailHost).fill(mail.host);
      await emailCard.getByLabel(text.emailPort).fill(String(mail.port));
      await emailCard.getByLabel(text.emailSender).fill('judge@example.org');
      await emailCard.getByRole('button', { name: text.save }).click();
      await toast(page, text.saved).waitFor();
      // PGlite unless TEST_DATABASE_URL names a server (issue 10: the database in use, read-only)
      await expect
        .poll(() => page.getByTestId('conf-db').textContent())
        .toContain(process.env.TEST_DATABASE_URL ? text.dbKinds.server : text.dbKinds.embedded);
      expect(await page.getByTestId('conf-db').textContent()).toContain('PostgreSQL');
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `admin-conf-${lang}-${width}`, { fullPage: true });

      await emailCard.getByLabel(text.testAddress).fill(recipient);
      await emailCard.getByRole('button', { name: text.sendTest }).click();
      const received = await mail.next(recipient);
      expect(received.from).toContain('judge@example.org');
      await toast(page, text.testSent.replace('{{email}}', recipient)).waitFor();

      await page.goto(`${server.url}/home?l=${lang}`);
      await page.getByRole('heading', { name: `${welcome} ${siteName}` }).waitFor();
    } finally {
      await context.close();
    }
  });
});
