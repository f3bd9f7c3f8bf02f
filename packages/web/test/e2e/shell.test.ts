import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import {
  assertBuilt,
  chooseFromUserMenu,
  launchChromium,
  openPage as openBrowserPage,
  popupsSettled,
  signInThroughDialog,
  topBar,
} from './support.ts';

/**
 * The shell in a real browser against a real server (fresh database, built web app):
 * languages, the home page's website config, the 404 page, the drawer, the guard, the user menu,
 * the 401 handling and cross-tab login and logout. Users sign in through the real login dialog.
 */

interface WebsiteConfig {
  name: string;
  shortName: string;
}

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let config: WebsiteConfig;

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  await createUser(server.db, { username: 'alice', password: 'alice-pass1' });
  browser = await launchChromium();
  const response = await fetch(`${server.url}/api/get-website-config`);
  config = ((await response.json()) as { data: WebsiteConfig }).data;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const openPage = (width = 1280) => openBrowserPage(browser, width);

/** Signs in through the login dialog of the page (English interface). */
async function signInAs(page: Page, who: 'root' | 'alice'): Promise<void> {
  await signInThroughDialog(page, who, who === 'root' ? ROOT_PASSWORD : 'alice-pass1');
}

describe('shell', () => {
  it('shows the home page in zh-CN by default, with the site name from the website config', async () => {
    const { context, page } = await openPage();
    await page.goto(server.url);
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: `欢迎来到 ${config.name}` }).waitFor();
    expect(await topBar(page).getByRole('menuitem', { name: '题目' }).isVisible()).toBe(true);
    expect(await topBar(page).getByRole('button', { name: '登录', exact: true }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    expect(await page.title()).toBe(`首页 - ${config.shortName.toUpperCase()}`);
    expect(await page.locator('.site-info').textContent()).toContain(config.name);
    await context.close();
  });

  it('chooses en-US with ?l= and remembers it', async () => {
    const { context, page } = await openPage();
    await page.goto(`${server.url}/?l=en-US`);
    await page.getByRole('heading', { name: `Welcome to ${config.name}` }).waitFor();
    expect(await topBar(page).getByRole('menuitem', { name: 'Problem' }).isVisible()).toBe(true);
    expect(await topBar(page).getByRole('button', { name: 'Login', exact: true }).isVisible()).toBe(true);
    expect(await page.title()).toBe(`Home - ${config.shortName.toUpperCase()}`);

    await page.goto(`${server.url}/home`);
    await page.getByRole('heading', { name: `Welcome to ${config.name}` }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('webLanguage'))).toBe('en-US');

    await page.goto(`${server.url}/home?l=zh-CN`);
    await page.getByRole('heading', { name: `欢迎来到 ${config.name}` }).waitFor();
    await context.close();
  });

  it('switches the language from the top bar', async () => {
    const { context, page } = await openPage();
    await page.goto(`${server.url}/home`);
    await topBar(page).getByRole('menuitem', { name: '题目' }).waitFor();
    await page.getByRole('button', { name: '语言' }).click();
    await popupsSettled(page);
    await page.getByRole('menuitem', { name: 'English' }).click();
    await topBar(page).getByRole('menuitem', { name: 'Problem' }).waitFor();
    expect(await page.getByRole('heading', { name: `Welcome to ${config.name}` }).isVisible()).toBe(true);
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(await page.evaluate(() => localStorage.getItem('webLanguage'))).toBe('en-US');
    await context.close();
  });

  it('shows a 404 page for unknown routes, whose Go Home button leads home', async () => {
    const { context, page } = await openPage();
    await page.goto(`${server.url}/no/such/page?l=en-US`);
    await page.getByText('Page not found').waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Go Home' }).click();
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: `Welcome to ${config.name}` }).waitFor();
    await context.close();
  });

  it('uses a drawer for the menu under 768 px', async () => {
    const { context, page } = await openPage(600);
    await page.goto(`${server.url}/home`);
    const openMenu = page.getByRole('button', { name: '打开导航菜单' });
    await openMenu.waitFor();
    expect(await page.locator('.nav-menu--horizontal').count()).toBe(0);

    await openMenu.click();
    const drawer = page.locator('.nav-drawer');
    await drawer.getByText('菜单').waitFor();
    expect(await drawer.getByRole('menuitem', { name: '题目' }).isVisible()).toBe(true);
    await drawer.getByRole('menuitem', { name: '比赛' }).click();
    await page.waitForURL('**/contest');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('sends a logged-out visitor of a login-only page home, with the login dialog', async () => {
    const { context, page } = await openPage();
    await page.goto(`${server.url}/setting`);
    await page.waitForURL('**/home');
    await page.getByRole('dialog').getByText(`登录 - ${config.shortName}`).waitFor();
    await page.getByText('请先登录！').waitFor();
    await context.close();
  });

  it('shows the user menu when logged in, with Management for admin roles', async () => {
    const { context, page } = await openPage();
    await page.goto(`${server.url}/home?l=en-US`);
    await signInAs(page, 'root');
    await page.getByRole('button', { name: 'User menu' }).click();
    for (const item of ['Home', 'Submissions', 'Setting', 'Management', 'Logout']) {
      await page.getByRole('menuitem', { name: item, exact: true }).waitFor();
    }
    expect(await topBar(page).getByRole('button', { name: 'Login', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('on HTTP 401 clears the login and opens the login dialog', async () => {
    const { context, page } = await openPage();
    await page.goto(`${server.url}/home?l=en-US`);
    await signInAs(page, 'alice');
    // The login ends on the server (as when it expires): GET /api/logout with it answers 401.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await fetch(`${server.url}/api/logout`, { headers: { Authorization: token ?? '' } });
    await chooseFromUserMenu(page, 'Logout');
    await page.waitForURL('**/home');
    await page.getByRole('dialog').getByText(`Login - ${config.shortName}`).waitFor();
    await topBar(page).getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('follows a logout made in another tab', async () => {
    const { context, page } = await openPage();
    await page.goto(`${server.url}/problem?l=en-US`);
    await signInAs(page, 'alice');

    const otherTab = await context.newPage();
    await otherTab.goto(`${server.url}/home`);
    await otherTab.evaluate(() => localStorage.removeItem('token'));

    await page.bringToFront();
    await page.waitForURL('**/home');
    await topBar(page).getByRole('button', { name: 'Login', exact: true }).waitFor();
    await context.close();
  });

  it('follows a login made in another tab', async () => {
    const { context, page } = await openPage();
    await page.goto(`${server.url}/home?l=en-US`);
    await topBar(page).getByRole('button', { name: 'Login', exact: true }).waitFor();

    const otherTab = await context.newPage();
    await otherTab.goto(`${server.url}/home?l=en-US`);
    await signInAs(otherTab, 'alice');

    await page.bringToFront();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await page.locator('.user-name').textContent()).toBe('alice');
    await context.close();
  });
});
