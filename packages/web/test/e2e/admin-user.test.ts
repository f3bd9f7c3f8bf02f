import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userInfo } from '../../../server/src/db/schema/index.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import {
  assertBuilt,
  dialog,
  expectNoSidewaysScroll,
  launchChromium,
  openPage,
  popupsSettled,
  saveScreenshot,
  selectOption,
  signInThroughDialog,
  signInToAdminApp,
  toast,
  topBar,
} from './support.ts';

/**
 * /admin/user in a real browser against a real server (spec part 2 §2.7, reference §3.12 "Users"):
 * a CSV with a bad row is refused in the preview and nothing is written; fixed, it is imported and
 * one of the new users signs in; banned from the edit dialog, that user's open page is signed out
 * on its next call; generated accounts come back as a one-time CSV download.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const userExists = async (username: string) =>
  (await server.db.select().from(userInfo).where(eq(userInfo.username, username))).length > 0;

async function openUserAdmin(width: number, lang: 'en-US' | 'zh-CN'): Promise<Page> {
  const { page } = await openPage(browser, width);
  await signInToAdminApp(page, server.url, 'root', ROOT_PASSWORD);
  await page.goto(`${server.url}/admin/user?l=${lang}`);
  await page.locator('.ant-table-row').first().waitFor();
  return page;
}

const csvBox = (page: Page, name: string) => page.getByRole('textbox', { name });

describe('admin user screen (spec part 2 §2.7)', () => {
  it('imports a fixed CSV, bans one of its users, generates accounts (English, 1280 px)', async () => {
    const page = await openUserAdmin(1280, 'en-US');
    const preview = page.getByRole('table').filter({ hasText: 'Problems' });

    // A bad row (password too short) is shown with its error; Import stays off; nothing is written.
    const bad = 'username,password,email\r\nimp1,secret1,imp1@example.org\r\n"imp2",123,\r\n';
    await csvBox(page, 'CSV text').fill(bad);
    await preview.getByText('password must be 6 to 20 characters').waitFor();
    await page.getByText('1 rows have errors').waitFor();
    expect(await page.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'admin-user-preview-1280');
    expect(await userExists('imp1')).toBe(false);

    // A name the server knows is taken comes back into the same table; still nothing written.
    await csvBox(page, 'CSV text').fill('imp1,secret1\nroot,secret2\n');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('The server refused 1 rows').waitFor();
    expect(await preview.locator('.au-row-error').count()).toBe(1);
    expect(await userExists('imp1')).toBe(false);

    // Fixed: imported, and one of the new users signs in on the main site.
    await csvBox(page, 'CSV text').fill('imp1,secret1,imp1@example.org\nimp2,secret2,,Imp Two\n');
    await page.getByRole('button', { name: 'Import' }).click();
    await toast(page, 'Import Successfully').waitFor();
    expect(await userExists('imp2')).toBe(true);
    const { page: userPage } = await openPage(browser, 1280);
    await userPage.goto(`${server.url}/home?l=en-US`);
    await signInThroughDialog(userPage, 'imp2', 'secret2');

    // Ban imp2 from the edit dialog.
    await page.getByRole('searchbox', { name: 'Search username, real name, e-mail' }).fill('imp2');
    await page.getByRole('searchbox', { name: 'Search username, real name, e-mail' }).press('Enter');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await page.getByRole('button', { name: 'Edit imp2' }).click();
    await popupsSettled(page);
    await dialog(page).getByRole('combobox', { name: 'Status' }).click();
    await popupsSettled(page);
    await selectOption(page, 'Banned').click();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Update Successfully').waitFor();
    await page.locator('.ant-table-row').getByText('Banned').waitFor();

    // The banned user's open page: its next call is refused and it is signed out.
    await userPage.reload();
    await topBar(userPage).getByRole('button', { name: 'Login', exact: true }).waitFor();

    // Its login record, opened from the user row, shows the login as ended by the ban.
    await page.getByRole('button', { name: 'Logins imp2' }).click();
    await page.getByText('Logins of imp2').waitFor();
    await page.locator('.ant-table-row').getByText('Ended').waitFor();
    await saveScreenshot(page, 'admin-session-1280');
    await page.goBack();
    await page.locator('.ant-table-row').first().waitFor();

    // Generate three accounts and read the one-time CSV.
    await page.getByRole('textbox', { name: 'Prefix', exact: true }).fill('gen');
    await page.getByRole('spinbutton', { name: 'From', exact: true }).fill('1');
    await page.getByRole('spinbutton', { name: 'To', exact: true }).fill('3');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('can be downloaded once').waitFor();
    await saveScreenshot(page, 'admin-user-1280', { fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines.filter((l) => /^gen[123],/.test(l)).map((l) => l.split(',')[0])).toEqual([
      'gen1',
      'gen2',
      'gen3',
    ]);
    expect(await userExists('gen3')).toBe(true);
  });

  it('shows the preview errors in Chinese and keeps the tables inside the window (zh-CN, 768 px)', async () => {
    const page = await openUserAdmin(768, 'zh-CN');
    await csvBox(page, 'CSV 内容').fill('zh1,12\nzh2,secret2,bad-mail\n');
    await page.getByText('密码长度应为 6 到 20 位').waitFor();
    await page.getByText('邮箱格式不正确').waitFor();
    await page.getByText('有 2 行有误').waitFor();
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, 'admin-user-768', { fullPage: true });
    expect(await userExists('zh1')).toBe(false);

    await page.goto(`${server.url}/admin/session?l=zh-CN`);
    await page.getByText('请从用户列表中某个用户的“登录记录”打开，或输入用户 ID。').waitFor();
    await expectNoSidewaysScroll(page);
  });
});
