import type { SlideChallenge } from '@verdict/shared';
import type { Response } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { captchaAnswer } from '../../../server/test/account/support.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { startMailServer, useMailServer, type MailServer } from '../../../server/test/helpers/mail.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import {
  chooseFromUserMenu,
  dialog,
  dialogPanel,
  dragBy,
  expectInsideViewport,
  expectNoSidewaysScroll,
  openPage,
  popupsSettled,
  saveScreenshot,
  signInThroughDialog,
  submitLoginDialog,
  toast,
  topBar,
  useServerAndBrowser,
} from './support.ts';

/**
 * The account screens in a real browser against a real server whose mails go to a real SMTP
 * server started here: register, sign in and out, the setting page, the admin login, the slide
 * verification and the password reset (spec part 1 §2, §4, §5, §8; part 2 §2.6, §2.7, §2.9).
 */

let mail: MailServer;
const env = useServerAndBrowser(async (server) => {
  mail = await startMailServer();
  await useMailServer(server.db, mail);
});
afterAll(() => mail?.close());

const codeIn = (text: string) => {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no 6-digit code in: ${text}`);
  return code;
};

/** Signs in through the API (not the browser) to read what the server now holds for the user. */
async function serverUserInfo(username: string, password: string) {
  const response = await fetch(`${env.server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await response.json()) as { status: number; data: Record<string, unknown> | null }).data;
}

const isCall = (path: string) => (response: Response) => new URL(response.url()).pathname === path;

describe('accounts in the browser', () => {
  it('a new user registers with the mailed code, signs out and in, changes the settings and the password, and is refused the admin area', async () => {
    const { context, page } = await openPage(env.browser);
    await page.goto(`${env.server.url}/home?l=en-US`);
    await topBar(page).getByRole('button', { name: 'Register', exact: true }).click();
    await popupsSettled(page);
    const form = dialogPanel(page);
    await form.getByLabel('Username').fill('newbie');
    await form.getByLabel('Email').fill('newbie@example.org');
    await form.getByLabel('Password', { exact: true }).fill('newbie-pass');
    await form.getByLabel('Password again').fill('newbie-pas');
    await form.getByLabel('Password again').blur();
    await form.getByText('Password does not match').waitFor();
    await form.getByLabel('Password again').fill('newbie-pass');

    await form.getByRole('button', { name: 'Send code' }).click();
    const code = codeIn((await mail.next('newbie@example.org')).text);
    // spec part 1 §4: the next register mail waits 60 s.
    await form.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
    await form.getByLabel('E-mail verification code').fill(code);
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await toast(page, 'Thank you for registering!').waitFor();

    // The dialog switches to Login with the new username filled in.
    await dialog(page).getByRole('tab', { name: 'Login', selected: true }).waitFor();
    expect(await dialogPanel(page).getByLabel('Username').inputValue()).toBe('newbie');
    await dialogPanel(page).getByLabel('Password', { exact: true }).fill('newbie-pass');
    await dialogPanel(page).getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await page.locator('.user-name').textContent()).toBe('newbie');

    await chooseFromUserMenu(page, 'Logout');
    await topBar(page).getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await signInThroughDialog(page, 'newbie', 'newbie-pass');
    await toast(page, 'Welcome back!').waitFor();

    // Registering again with the same name: refused on blur (spec part 1 §8 form errors).
    const { context: other, page: second } = await openPage(env.browser);
    await second.goto(`${env.server.url}/home?l=en-US`);
    await topBar(second).getByRole('button', { name: 'Register', exact: true }).click();
    await popupsSettled(second); // a click during the opening zoom lands on the mask and closes it
    await dialogPanel(second).getByLabel('Username').fill('newbie');
    await dialogPanel(second).getByLabel('Email').click();
    await dialogPanel(second).getByText('The username already exists').waitFor();
    await other.close();

    await chooseFromUserMenu(page, 'Setting');
    await page.waitForURL('**/setting');
    await page.getByRole('button', { name: 'Account' }).waitFor();

    // User info (spec part 2 §2.6).
    await page.getByLabel('Nickname').fill('Newt');
    await page.getByLabel('School').fill('Verdict High');
    await page.locator('.ant-radio-button-wrapper', { hasText: 'Female' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your profile has been updated!').waitFor();
    expect(await serverUserInfo('newbie', 'newbie-pass')).toMatchObject({
      nickname: 'Newt',
      school: 'Verdict High',
      gender: 'female',
    });

    // E-mail: the new address must differ from the current one (spec part 2 §5), then the code
    // mailed to the new address confirms it.
    const emailForm = page.locator('form', { has: page.getByRole('heading', { name: 'Change e-mail' }) });
    await emailForm.locator('.setting-current-email').getByText('newbie@example.org').waitFor();
    await emailForm.getByLabel('Current password').fill('newbie-pass');
    await emailForm.getByLabel('New e-mail').fill('Newbie@Example.org');
    await emailForm.getByText('The new e-mail address is your current one!').waitFor();
    await emailForm.getByLabel('New e-mail').fill('newt@example.org');
    await emailForm.getByText('The new e-mail address is your current one!').waitFor({ state: 'detached' });
    await emailForm.getByRole('button', { name: 'Send code' }).click();
    const emailCode = codeIn((await mail.next('newt@example.org')).text);
    await emailForm.getByLabel('Verification code').fill(emailCode);
    await emailForm.getByRole('button', { name: 'Change e-mail' }).click();
    await emailForm.getByText('E-mail address changed!').waitFor();
    await emailForm.locator('.setting-current-email').getByText('newt@example.org').waitFor();

    // Avatar: a 320×200 picture, cropped to 200×200 and uploaded.
    const picture = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 200;
      const context2d = canvas.getContext('2d')!;
      context2d.fillStyle = '#1677ff';
      context2d.fillRect(0, 0, 320, 200);
      context2d.fillStyle = '#fadb14';
      context2d.fillRect(110, 50, 100, 100);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await page.getByLabel('Change avatar').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(picture, 'base64'),
    });
    const cropper = page.getByRole('dialog', { name: 'Crop avatar' });
    await cropper.locator('.avatar-cropper-viewport img').waitFor();
    await popupsSettled(page);
    await cropper.getByRole('button', { name: 'Upload' }).click();
    await toast(page, 'Avatar updated!').waitFor();
    await cropper.waitFor({ state: 'hidden' });
    const avatar = (await serverUserInfo('newbie', 'newbie-pass'))?.avatar as string;
    expect(avatar).toMatch(/^\/api\/public\/img\//);
    const image = await fetch(`${env.server.url}${avatar}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([200, 200]); // IHDR width, height
    await page.locator(`.setting-avatar img[src="${avatar}"]`).waitFor();

    // Remote-judge session id.
    await page.getByLabel('Codeforces session id').fill('39f1a2b3c4');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await toast(page, 'The Codeforces session id has been updated!').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await popupsSettled(page);
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'The Codeforces session id has been deleted!').waitFor();

    // Password: the new one must differ; then the promised sign-out after 5 s.
    const passwordForm = page.locator('form', {
      has: page.getByRole('heading', { name: 'Change password' }),
    });
    await passwordForm.getByLabel('Current password').fill('newbie-pass');
    await passwordForm.getByLabel('New password', { exact: true }).fill('newbie-pass');
    await passwordForm.getByText('The new password must be different from the current one!').waitFor();
    await passwordForm.getByLabel('New password', { exact: true }).fill('newbie-pass2');
    await passwordForm.getByLabel('New password again').fill('newbie-pass2');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText(/^Signing out in \d s/).waitFor();
    await page.waitForURL('**/home', { timeout: 15_000 });
    await topBar(page).getByRole('button', { name: 'Login', exact: true }).waitFor();

    await signInThroughDialog(page, 'newbie', 'newbie-pass2');
    expect(await serverUserInfo('newbie', 'newbie-pass2')).toMatchObject({ nickname: 'Newt' });

    // spec part 2 §2.9: the admin area needs an admin role.
    await page.goto(`${env.server.url}/admin`);
    await page.waitForURL('**/admin/login');
    await toast(page, 'Please login again with the administrator account!').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByLabel('Username').fill('newbie');
    await page.getByLabel('Password', { exact: true }).fill('newbie-pass2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await toast(page, 'This account is not an administrator account and cannot sign in here!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await context.close();
  }, 240_000);

  it('signs root in at /admin/login and opens the dashboard', async () => {
    const { context, page } = await openPage(env.browser);
    await page.goto(`${env.server.url}/admin/login?l=en-US`);
    await page.getByText('Administrator login').waitFor();
    await page.getByLabel('Username').fill('root');
    await page.getByLabel('Password', { exact: true }).fill(ROOT_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByText(/management console/).waitFor();
    expect(await page.locator('.admin-dashboard-user').textContent()).toBe('root');

    // The admin app signs out through its own call and returns to its login page (spec part 2 §2.7).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const adminLogout = page.waitForResponse(isCall('/api/admin/logout'));
    await chooseFromUserMenu(page, 'Logout');
    expect((await adminLogout).status()).toBe(200);
    await page.waitForURL('**/admin/login');
    await toast(page, 'Logged out successfully!').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The login is over on the server too, not only forgotten by the browser.
    const afterwards = await fetch(`${env.server.url}/api/get-user-auth-info`, {
      headers: { Authorization: token ?? '' },
    });
    expect(afterwards.status).toBe(401);
    await context.close();
  });

  it('asks for the slide verification after 5 wrong passwords; refuses a wrong drag, accepts the right one', async () => {
    await createUser(env.server.db, { username: 'dave', password: 'dave-pass1' });
    const { context, page } = await openPage(env.browser);
    await page.goto(`${env.server.url}/home?l=en-US`);
    await topBar(page).getByRole('button', { name: 'Login', exact: true }).click();

    let challenge: Promise<Response> | null = null;
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answered = page.waitForResponse(isCall('/api/login'));
      if (attempt === 5) challenge = page.waitForResponse(isCall('/api/slide-captcha'));
      await submitLoginDialog(page, 'dave', 'wrong-pass');
      await answered;
    }
    const slider = dialogPanel(page).getByRole('slider', { name: 'Puzzle slider' });
    await slider.waitFor();

    /** Waits until the challenge of `response` is on screen; returns where its hole is (display pixels). */
    const holeOf = async (response: Response) => {
      const { slideKey, piece, width } = ((await response.json()) as { data: SlideChallenge }).data;
      await dialogPanel(page).locator(`img.slide-verify-piece[src="${piece}"]`).waitFor();
      const shown = await dialogPanel(page).locator('.slide-verify-image').boundingBox();
      return (Number(await captchaAnswer(env.server.db, slideKey)) * shown!.width) / width;
    };

    // A wrong drag: the login is refused before the password is looked at, and a new picture comes.
    const firstHole = await holeOf(await challenge!);
    const refused = page.waitForResponse(isCall('/api/login'));
    const next = page.waitForResponse(isCall('/api/slide-captcha'));
    await dragBy(page, slider, firstHole > 150 ? firstHole - 40 : firstHole + 40);
    await refused;
    await toast(page, 'The slide verification failed, please try again!').waitFor();

    // The right password and the right drag.
    const secondHole = await holeOf(await next);
    await dialogPanel(page).getByLabel('Password', { exact: true }).fill('dave-pass1');
    await dragBy(page, slider, secondHole);
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await dialog(page).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('resets a forgotten password with the captcha and the mailed link; the login dialog opens after', async () => {
    await createUser(env.server.db, { username: 'erin', password: 'erin-pass1' });
    const { userInfo } = await import('../../../server/src/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await env.server.db
      .update(userInfo)
      .set({ email: 'erin@example.org' })
      .where(eq(userInfo.username, 'erin'));

    const { context, page } = await openPage(env.browser);
    const captcha = page.waitForResponse(isCall('/api/captcha'));
    await page.goto(`${env.server.url}/home?l=en-US`);
    await topBar(page).getByRole('button', { name: 'Login', exact: true }).click();
    await popupsSettled(page);
    await dialogPanel(page).getByRole('button', { name: 'Forgot password?' }).click();
    const form = dialogPanel(page);
    await form.getByLabel('Email').fill('nobody@example.org');
    await form.getByLabel('Captcha', { exact: true }).click();
    await form.getByText('The e-mail does not exist').waitFor();
    await form.getByLabel('Email').fill('erin@example.org');
    const { captchaKey } = ((await (await captcha).json()) as { data: { captchaKey: string } }).data;
    await form.getByLabel('Captcha', { exact: true }).fill(await captchaAnswer(env.server.db, captchaKey));
    await form.getByRole('button', { name: 'Send reset e-mail' }).click();
    await toast(page, 'The password reset e-mail has been sent, please check your mailbox!').waitFor();
    await form.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();

    const link = /https?:\/\/\S+\/reset-password\?[^\s"<]+/.exec(
      (await mail.next('erin@example.org')).text,
    )?.[0];
    expect(link).toBeDefined();
    const resetUrl = new URL(link!.replaceAll('&amp;', '&'));
    await page.goto(`${env.server.url}/reset-password${resetUrl.search}&l=en-US`);
    expect(await page.getByLabel('Username').inputValue()).toBe('erin');
    await page.getByLabel('New password').fill('erin-pass2');
    await page.getByLabel('Password again').fill('erin-pass2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/home');
    await toast(page, 'Your password has been reset!').waitFor();
    expect(await dialogPanel(page).getByLabel('Username').inputValue()).toBe('erin');
    await submitLoginDialog(page, 'erin', 'erin-pass2');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await context.close();
  });

  it("spec part 2 §5: the reset page checks the username on blur ('username does not exist')", async () => {
    const { context, page } = await openPage(env.browser);
    await page.goto(`${env.server.url}/reset-password?code=123456&l=en-US`);
    const username = page.getByLabel('Username');
    await username.fill('nobody-here');
    await page.getByLabel('New password').click();
    await page.getByText('username does not exist', { exact: true }).waitFor();
    // An existing name clears the error.
    await username.fill('root');
    await page.getByLabel('New password').click();
    await page.getByText('username does not exist', { exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('validates the register form in the zh-CN interface, in Chinese', async () => {
    const { context, page } = await openPage(env.browser);
    await page.goto(`${env.server.url}/home?l=zh-CN`);
    await topBar(page).getByRole('button', { name: '注册', exact: true }).click();
    await popupsSettled(page);
    const form = dialogPanel(page);
    await form.getByLabel('用户名').fill('root');
    await form.getByLabel('邮箱', { exact: true }).click();
    await form.getByText('该用户名已存在').waitFor();
    await form.getByLabel('用户名').fill('a'.repeat(21));
    await form.getByText('用户名长度不能超过20位!').waitFor();
    await form.getByLabel('邮箱', { exact: true }).fill('not-an-address');
    await form.getByText('对不起！您的邮箱格式不正确！').waitFor();
    await form.getByLabel('密码', { exact: true }).fill('12345');
    await form.getByText('密码长度应该为6~20位！').waitFor();
    await form.getByLabel('确认密码').fill('123456');
    await form.getByText('两次输入的密码不一致').waitFor();
    await context.close();
  });

  it('lays out the login dialog, the setting page and the reset page at 768 and 1280 px', async () => {
    await createUser(env.server.db, { username: 'frank', password: 'frank-pass1' });
    for (const width of [768, 1280]) {
      const { context, page } = await openPage(env.browser, width);
      await page.goto(`${env.server.url}/home?l=en-US`);
      await topBar(page).getByRole('button', { name: 'Login', exact: true }).click();
      await popupsSettled(page);
      await dialogPanel(page).getByLabel('Username').waitFor();
      await expectInsideViewport(
        page,
        dialog(page).locator('.ant-modal-container, .ant-modal-content').first(),
      );
      await saveScreenshot(page, `login-modal-${width}`);

      await submitLoginDialog(page, 'frank', 'frank-pass1');
      await page.getByRole('button', { name: 'User menu' }).waitFor();
      await page.goto(`${env.server.url}/setting`);
      await page.getByRole('heading', { name: 'Change e-mail' }).waitFor();
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `setting-${width}`, { fullPage: true });

      await page.goto(`${env.server.url}/reset-password?username=frank&code=123456`);
      await page.getByRole('button', { name: 'Reset password' }).waitFor();
      await expectNoSidewaysScroll(page);
      await expectInsideViewport(page, page.locator('.reset-password-card'));
      await saveScreenshot(page, `reset-password-${width}`);
      await context.close();
    }
  });
});
