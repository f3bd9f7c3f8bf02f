import { readFile } from 'node:fs/promises';
import { ACCOUNT_MESSAGES } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { userInfo } from '../../../server/src/db/schema/index.ts';
import { adminUserEnUS } from '../../src/i18n/areas/admin-user.en-US.ts';
import { adminUserZhCN } from '../../src/i18n/areas/admin-user.zh-CN.ts';
import {
  ADMIN_LAYOUTS,
  dialog,
  expectNoSidewaysScroll,
  openAdminAsRoot,
  openPage,
  popupsSettled,
  saveScreenshot,
  selectOption,
  signInThroughDialog,
  toast,
  topBar,
  useServerAndBrowser,
} from './support.ts';

/**
 * /admin/user and /admin/session in a real browser against a real server (spec part 2 §2.7,
 * reference §3.12 "Users", issue 10), in both languages at 1280 and 768 px: a CSV with a bad row is
 * refused in the preview and nothing is written; fixed, it is imported and its users can log in;
 * the edit dialog refuses a bad e-mail in the interface language, then bans one of them, which ends
 * that user's logins (shown on the session page, found by username); generated accounts come back
 * as a one-time spreadsheet whose rows are read back.
 * The slow checks run once, in the first layout: a name the server finds taken, the banned user's
 * open page signed out on its next call, and 30 generated accounts.
 */

const env = useServerAndBrowser();

const userRow = async (username: string) =>
  (await env.server.db.select().from(userInfo).where(eq(userInfo.username, username)))[0];

/** `{{name}}` placeholders filled as i18next does. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

async function login(username: string, password: string): Promise<number> {
  const response = await fetch(`${env.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await response.json()) as { status: number }).status;
}

/** The username and password columns of a downloaded account list, header row first. */
async function accountRows(download: Download, format: 'xlsx' | 'csv'): Promise<string[][]> {
  const file = (await download.path())!;
  if (format === 'csv') {
    return (await readFile(file, 'utf8'))
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(',').slice(0, 2));
  }
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) =>
    rows.push([String(row.getCell(1).value), String(row.getCell(2).value)]),
  );
  return rows;
}

const LAYOUTS = ADMIN_LAYOUTS.map((layout, index) => ({
  ...layout,
  // the slow checks, once
  full: index === 0,
  tag: `${layout.lang === 'en-US' ? 'en' : 'zh'}${layout.width}`,
  text: layout.lang === 'en-US' ? adminUserEnUS : adminUserZhCN,
  language: layout.lang === 'en-US' ? ('en' as const) : ('zh' as const),
}));

describe.each(LAYOUTS)(
  'admin user screen, $lang at $width px',
  ({ width, lang, full, tag, text, language }) => {
    // a browser run through three screens on a shared two-core CI machine; the first also makes 30 accounts
    const timeout = full ? 300_000 : 180_000;
    it(
      'imports a fixed CSV, checks and saves the edit dialog (a ban), and generates accounts',
      { timeout },
      async () => {
        const [first, second] = [`i${tag}a`, `i${tag}b`];
        const { context, page } = await openAdminAsRoot(env, { width, lang, path: '/admin/user' });
        try {
          await page.locator('.ant-table-row').first().waitFor();
          const csv = page.getByRole('textbox', { name: text.csvText });
          const importButton = page.getByRole('button', { name: text.import, exact: true });
          const preview = page.getByRole('table').filter({ hasText: text.problems });

          // A bad row (password too short) is shown with its error; Import stays off; nothing is written.
          await csv.fill(
            `username,password,email\r\n${first},secret1,${first}@example.org\r\n"${second}",123,\r\n`,
          );
          await preview.getByText(fill(text.problem.passwordLength, { min: 6, max: 20 })).waitFor();
          await page.getByText(fill(text.fixRows, { count: 1 })).waitFor();
          expect(await importButton.isDisabled()).toBe(true);
          await expectNoSidewaysScroll(page);
          await saveScreenshot(page, `admin-user-preview-${tag}`, { fullPage: true });
          expect(await userRow(first)).toBeUndefined();

          if (full) {
            // A name the server knows is taken comes back into the same table; still nothing written.
            await csv.fill(`${first},secret1\nroot,secret2\n`);
            await importButton.click();
            await page.getByText(fill(text.serverRefused, { count: 1 })).waitFor();
            expect(await preview.locator('.au-row-error').count()).toBe(1);
            expect(await userRow(first)).toBeUndefined();
          }

          // Fixed: imported, and its users can log in.
          await csv.fill(`${first},secret1,${first}@example.org\n${second},secret2,,Second ${tag}\n`);
          await importButton.click();
          await toast(page, text.imported).waitFor();
          expect(await login(first, 'secret1')).toBe(200);
          let userPage: Page | undefined;
          if (full) {
            ({ page: userPage } = await openPage(env.browser, 1280));
            await userPage.goto(`${env.server.url}/home?l=en-US`);
            await signInThroughDialog(userPage, second, 'secret2');
          } else {
            expect(await login(second, 'secret2')).toBe(200);
          }

          // The edit dialog refuses a bad e-mail in the interface language, then bans the user.
          const search = page.getByRole('searchbox', { name: text.keyword });
          await search.fill(second);
          await search.press('Enter');
          await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
          await page.getByRole('button', { name: `${text.edit} ${second}` }).click();
          await popupsSettled(page);
          const form = dialog(page);
          await form.getByLabel(text.email).fill('not-an-address');
          await form.getByRole('combobox', { name: text.status }).click();
          await popupsSettled(page);
          await selectOption(page, text.banned).click();
          await form.getByRole('button', { name: text.save }).click();
          await form.getByText(ACCOUNT_MESSAGES.emailInvalid[language]).waitFor();
          await saveScreenshot(page, `admin-user-edit-${tag}`);
          expect((await userRow(second))!.status).toBe(0);
          await form.getByLabel(text.email).fill(`${second}@example.org`);
          await form.getByRole('button', { name: text.save }).click();
          await toast(page, text.saved).waitFor();
          await page.locator('.ant-table-row').getByText(text.banned, { exact: true }).waitFor();
          expect(await userRow(second)).toMatchObject({ status: 1, email: `${second}@example.org` });

          if (userPage) {
            // The banned user's open page: its next call is refused and it is signed out.
            await userPage.reload();
            await topBar(userPage).getByRole('button', { name: 'Login', exact: true }).waitFor();
            await userPage.context().close();
          }

          // The login records, found on /admin/session by the username typed: ended by the ban.
          await page.goto(`${env.server.url}/admin/session?l=${lang}`);
          await page.getByText(text.session.pick).waitFor();
          const who = page.getByRole('searchbox', { name: text.session.username });
          await who.fill(second);
          await who.press('Enter');
          await page.getByText(fill(text.session.of, { name: second })).waitFor();
          await page.locator('.ant-table-row').getByText(text.session.ended).first().waitFor();
          await expectNoSidewaysScroll(page);
          await saveScreenshot(page, `admin-session-${tag}`, { fullPage: true });

          // Generate accounts and read the one-time download back (30 and the xlsx once, then fewer).
          await page.goto(`${env.server.url}/admin/user?l=${lang}`);
          const count = full ? 30 : 2;
          const format = full || width === 1280 ? 'xlsx' : 'csv';
          const prefix = `g${tag}n`;
          await page.getByRole('textbox', { name: text.prefix, exact: true }).fill(prefix);
          await page.getByRole('spinbutton', { name: text.from, exact: true }).fill('1');
          await page.getByRole('spinbutton', { name: text.to, exact: true }).fill(String(count));
          await page.getByRole('button', { name: text.generate, exact: true }).click();
          await page.getByText(text.onceOnly).waitFor();
          await expectNoSidewaysScroll(page);
          await saveScreenshot(page, `admin-user-${tag}`, { fullPage: true });
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page
              .getByRole('button', { name: format === 'xlsx' ? text.downloadXlsx : text.downloadCsv })
              .click(),
          ]);
          const rows = await accountRows(download, format);
          expect(rows[0]).toEqual(['username', 'password']);
          expect(rows.slice(1).map(([name]) => name)).toEqual(
            Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`),
          );
          const [, password] = rows[count]!;
          expect(await login(`${prefix}${count}`, password!)).toBe(200);
        } finally {
          await context.close();
        }
      },
    );
  },
);
