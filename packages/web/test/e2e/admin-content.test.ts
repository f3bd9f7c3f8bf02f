import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import {
  assertBuilt,
  chooseInSelect,
  expectNoSidewaysScroll,
  launchChromium,
  openPage,
  popupsSettled,
  saveScreenshot,
  signInToAdminApp,
  toast,
} from './support.ts';

/**
 * The admin announcement screen in a real browser against a real server (spec part 2 §2.7,
 * reference §3.12 "Announcements"): root creates an announcement with the markdown field, hides it
 * with the row's switch (it leaves GET /api/get-common-announcement, reference §3.2) and deletes it
 * after the confirmation; a system notice is checked, sent to all users and deleted
 * (reference §3.12 "System notices"); public judging is switched off on /admin/switch and a submit is
 * refused with the switch's message, then switched on again (reference §7.14); in English at
 * 1280 px and in Chinese at 768 px.
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

/** The titles the home page's list would show (reference §3.2: shown announcements only). */
async function publicTitles(): Promise<string[]> {
  const response = await fetch(`${server.url}/api/get-common-announcement?limit=50`);
  const envelope = (await response.json()) as { data: { records: { title: string }[] } };
  return envelope.data.records.map((row) => row.title);
}

interface Texts {
  create: string;
  title: string;
  content: string;
  save: string;
  created: string;
  updated: string;
  deleted: string;
  shown: string;
  edit: string;
  delete: string;
  titleRequired: string;
  preview: string;
}

const EN: Texts = {
  create: 'Create announcement',
  title: 'Title',
  content: 'Content',
  save: 'Save',
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
  shown: 'Shown',
  edit: 'Edit announcement',
  delete: 'Delete',
  titleRequired: 'Enter a title',
  preview: 'Preview',
};

const ZH: Texts = {
  create: '创建公告',
  title: '标题',
  content: '内容',
  save: '保存',
  created: '创建成功',
  updated: '修改成功',
  deleted: '删除成功',
  shown: '显示',
  edit: '编辑公告',
  delete: '删除',
  titleRequired: '请输入标题',
  preview: '预览',
};

async function lifecycle(page: Page, texts: Texts, name: string, shot: string): Promise<void> {
  await page.getByRole('button', { name: texts.create }).click();
  await popupsSettled(page);
  const form = page.getByRole('dialog');
  // an empty title is refused in the dialog, as the server would
  await form.getByRole('button', { name: texts.save }).click();
  await form.getByText(texts.titleRequired).waitFor();
  await form.getByLabel(texts.title).fill(name);
  await form.getByLabel(texts.content).fill('**Contest** on *Friday*');
  await form.getByText(texts.preview, { exact: true }).click();
  await form.locator('strong', { hasText: 'Contest' }).waitFor();
  await saveScreenshot(page, `${shot}-dialog`);
  await form.getByRole('button', { name: texts.save }).click();
  await toast(page, texts.created).waitFor();
  await form.waitFor({ state: 'hidden' });
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.waitFor();
  await expect.poll(publicTitles).toContain(name);
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, `${shot}-table`);

  // hide it: the switch saves status 1 and the public list no longer has it
  const shown = row.getByRole('switch', { name: `${texts.shown} ${name}` });
  await expect.poll(() => shown.getAttribute('aria-checked')).toBe('true');
  await shown.click();
  await toast(page, texts.updated).waitFor();
  await expect.poll(() => shown.getAttribute('aria-checked')).toBe('false');
  await expect.poll(publicTitles).not.toContain(name);

  await row.getByRole('button', { name: `${texts.delete} ${name}` }).click();
  await popupsSettled(page);
  await page.locator('.ant-popover').getByRole('button', { name: texts.delete }).click();
  await toast(page, texts.deleted).waitFor();
  await row.waitFor({ state: 'detached' });
}

describe('admin announcement screen in the browser (spec part 2 §2.7)', () => {
  it('creates, hides and deletes an announcement in English at 1280 px', async () => {
    const { context, page } = await openPage(browser, 1280);
    await signInToAdminApp(page, server.url, 'root', ROOT_PASSWORD);
    await page.goto(`${server.url}/admin/announcement`);
    await page.getByRole('heading', { name: 'Announcement Admin' }).waitFor();
    await lifecycle(page, EN, 'Spring contest', 'admin-announcement-1280-en');
    await context.close();
  });

  it('does the same in Chinese at 768 px without sideways scrolling', async () => {
    const { context, page } = await openPage(browser, 768);
    await signInToAdminApp(page, server.url, 'root', ROOT_PASSWORD);
    await page.goto(`${server.url}/admin/announcement?l=zh-CN`);
    await page.getByRole('heading', { name: '公告管理' }).waitFor();
    await lifecycle(page, ZH, '春季比赛', 'admin-announcement-768-zh');
    await context.close();
  });
});

interface NoticeTexts {
  heading: string;
  send: string;
  title: string;
  content: string;
  type: string;
  all: string;
  single: string;
  recipientRequired: string;
  save: string;
  created: string;
  deleted: string;
  delete: string;
}

const NOTICE_EN: NoticeTexts = {
  heading: 'System Notice',
  send: 'Send notice',
  title: 'Title',
  content: 'Content',
  type: 'Type',
  all: 'All users',
  single: 'Single user',
  recipientRequired: 'A single-user notice needs the recipient uid',
  save: 'Save',
  created: 'Created',
  deleted: 'Deleted',
  delete: 'Delete',
};

const NOTICE_ZH: NoticeTexts = {
  heading: '系统通知',
  send: '发送通知',
  title: '标题',
  content: '内容',
  type: '类型',
  all: '全部用户',
  single: '单个用户',
  recipientRequired: '单个用户通知需要接收者 UID',
  save: '保存',
  created: '创建成功',
  deleted: '删除成功',
  delete: '删除',
};

async function sendNotice(page: Page, texts: NoticeTexts, name: string, shot: string): Promise<void> {
  await page.getByRole('heading', { name: texts.heading }).waitFor();
  await page.getByRole('button', { name: texts.send }).click();
  await popupsSettled(page);
  const form = page.getByRole('dialog');
  await form.getByLabel(texts.title).fill(name);
  await form.getByLabel(texts.content).fill('Maintenance tonight');
  // a Single notice needs its recipient (sysNoticeBody), refused in the dialog
  await chooseInSelect(page, texts.type, texts.single);
  await form.getByRole('button', { name: texts.save }).click();
  await form.getByText(texts.recipientRequired).waitFor();
  await saveScreenshot(page, `${shot}-dialog`);
  await chooseInSelect(page, texts.type, texts.all);
  await form.getByRole('button', { name: texts.save }).click();
  await toast(page, texts.created).waitFor();
  await form.waitFor({ state: 'hidden' });
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect.poll(() => row.textContent()).toContain(texts.all);
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, `${shot}-table`);

  await row.getByRole('button', { name: `${texts.delete} ${name}` }).click();
  await popupsSettled(page);
  await page.locator('.ant-popover').getByRole('button', { name: texts.delete }).click();
  await toast(page, texts.deleted).waitFor();
  await row.waitFor({ state: 'detached' });
}

describe('admin notice screen in the browser (spec part 2 §2.7)', () => {
  it('sends an All notice and deletes it in English at 1280 px', async () => {
    const { context, page } = await openPage(browser, 1280);
    await signInToAdminApp(page, server.url, 'root', ROOT_PASSWORD);
    await page.goto(`${server.url}/admin/notice`);
    await sendNotice(page, NOTICE_EN, 'Downtime', 'admin-notice-1280-en');
    await context.close();
  });

  it('does the same in Chinese at 768 px', async () => {
    const { context, page } = await openPage(browser, 768);
    await signInToAdminApp(page, server.url, 'root', ROOT_PASSWORD);
    await page.goto(`${server.url}/admin/notice?l=zh-CN`);
    await sendNotice(page, NOTICE_ZH, '停机维护', 'admin-notice-768-zh');
    await context.close();
  });
});

/** Root's submit of a problem that does not exist: the judging switch is checked first (§6.1). */
async function submitMessage(): Promise<string> {
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
  });
  const token = login.headers.get('authorization') ?? '';
  const response = await fetch(`${server.url}/api/submit-problem-judge`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify({ pid: 'no-such-problem', language: 'C++', code: 'int main() { return 0; }' }),
  });
  return ((await response.json()) as { msg: string }).msg;
}

const JUDGE_CLOSED = 'Judging is closed on this site at the moment: submitting and testing are disabled!';

describe('admin switch screen in the browser (spec part 2 §2.7)', () => {
  it('turns public judging off in English at 1280 px and a submit is refused', async () => {
    const { context, page } = await openPage(browser, 1280);
    await signInToAdminApp(page, server.url, 'root', ROOT_PASSWORD);
    await page.goto(`${server.url}/admin/switch`);
    const judging = page.getByLabel('Public judging');
    await expect.poll(() => judging.getAttribute('aria-checked')).toBe('true');
    await page.getByLabel('Submit interval (seconds)').waitFor();
    await page.getByText('Quotas', { exact: true }).waitFor();
    await judging.click();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Saved').waitFor();
    await expect.poll(submitMessage).toBe(JUDGE_CLOSED);
    await saveScreenshot(page, 'admin-switch-1280-en', { fullPage: true });
    await context.close();
  });

  it('turns it on again in Chinese at 768 px', async () => {
    const { context, page } = await openPage(browser, 768);
    await signInToAdminApp(page, server.url, 'root', ROOT_PASSWORD);
    await page.goto(`${server.url}/admin/switch?l=zh-CN`);
    const judging = page.getByLabel('开放公共题库评测');
    await expect.poll(() => judging.getAttribute('aria-checked')).toBe('false');
    await judging.click();
    await page.getByRole('button', { name: '保存' }).click();
    await toast(page, '保存成功').waitFor();
    await expect.poll(submitMessage).not.toBe(JUDGE_CLOSED);
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, 'admin-switch-768-zh', { fullPage: true });
    await context.close();
  });
});
