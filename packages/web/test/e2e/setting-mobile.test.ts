import { describe, expect, it } from 'vitest';
import { createUser } from '../../../server/test/helpers/users.ts';
import { chooseFromUserMenu, openPage, signInThroughDialog, toast, useServerAndBrowser } from './support.ts';

/** The mobile number of the Account pane in a real browser against a real server (spec part 2 §2.6, §5). */

const env = useServerAndBrowser(async (server) => {
  await createUser(server.db, { username: 'dialer', password: 'dialer-pass' });
});

async function serverMobile(): Promise<unknown> {
  const response = await fetch(`${env.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'dialer', password: 'dialer-pass' }),
  });
  return ((await response.json()) as { data: { mobile: unknown } }).data.mobile;
}

describe('setting page: mobile number', () => {
  it('is required and format checked, must differ from the current one, and is saved', async () => {
    const { context, page } = await openPage(env.browser);
    await page.goto(`${env.server.url}/home?l=en-US`);
    await signInThroughDialog(page, 'dialer', 'dialer-pass');
    await chooseFromUserMenu(page, 'Setting');
    await page.waitForURL('**/setting');

    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Mobile number' }) });
    await form.locator('.setting-current-mobile').getByText('Not set').waitFor();
    const save = form.getByRole('button', { name: 'Change mobile number' });
    await save.click();
    await form.getByText('The mobile number is required').waitFor();
    await form.getByLabel('New number').fill('12-34');
    await form.getByText(/^The mobile number is not valid/).waitFor();

    await form.getByLabel('New number').fill('+86 138 0013 8000');
    // the saved number shows and is the server's; the toast is looked for from the click on, since it
    // leaves after 3 s, which a busy CI machine once spent before looking (stop 37)
    const saved = toast(page, 'Your profile has been updated!').waitFor();
    await save.click();
    await form.locator('.setting-current-mobile').getByText('+8613800138000').waitFor();
    expect(await serverMobile()).toBe('+8613800138000');
    await saved;

    // The same number spelt another way is refused before it is sent.
    await form.getByLabel('New number').fill('+86-138-0013-8000');
    await form.getByText('The new mobile number is your current one!').waitFor();

    // Chinese interface: the same rule in Chinese.
    await page.goto(`${env.server.url}/setting?l=zh-CN`);
    const zhForm = page.locator('form', { has: page.getByRole('heading', { name: '手机号' }) });
    await zhForm.getByLabel('新手机号').fill('abc');
    await zhForm.getByText(/^手机号格式不正确/).waitFor();
    await context.close();
  });
});
