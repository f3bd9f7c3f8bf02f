import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contest, userInfo } from '../../../server/src/db/schema/index.ts';
import { buildZip } from '../../../server/test/admin/zip.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import {
  expectNoSidewaysScroll,
  openSignedInPage,
  popupsSettled,
  ROOT_ADMIN,
  saveScreenshot,
  toast,
  useServerAndBrowser,
} from './support.ts';

/**
 * The admin contest screens in a real browser against a real server (spec part 2 §2.7, reference
 * §3.12 "Contests"): root creates an ACM private contest with a password on /admin/contest/create,
 * adds a problem of the public bank in the dialog (it becomes contest-only, auth 3), creates a new
 * problem inside the contest with the full problem form, edits a display title, reads the removal
 * warning, adds a contest announcement, sees the password warning of the edit form, and every
 * piece is checked through the API; in English at 1280 px and in Chinese at 768 px.
 */

let token: string;

const env = useServerAndBrowser(async () => {
  token = await rootToken();
});

async function rootToken(): Promise<string> {
  const response = await fetch(`${env.server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
  });
  const value = response.headers.get('authorization');
  if (!value) throw new Error('no token from /api/admin/login');
  return value;
}

async function api<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${env.server.url}${route}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { status: number; msg: string; data: T };
  if (envelope.status !== 200) throw new Error(`${route}: ${envelope.msg}`);
  return envelope.data;
}

/** A public ACM problem of the bank, made through the admin API with typed cases. */
async function bankProblem(title: string): Promise<number> {
  const languages = await api<{ id: number; oj: string }[]>('GET', '/api/languages');
  const { pid } = await api<{ pid: number }>('POST', '/api/admin/problem', {
    problem: {
      problemId: null,
      title,
      type: 0,
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      description: 'Add them.',
      input: 'a b',
      output: 'a+b',
      examples: '<input>1 2</input><output>3</output>',
      difficulty: 1,
      auth: 1,
      codeShare: true,
      isRemoveEndBlank: true,
      openCaseResult: true,
      isFileIO: false,
      judgeCaseMode: 'default',
    },
    samples: [{ input: '1 2\n', output: '3\n', score: null, groupNum: null }],
    isUploadTestCase: false,
    judgeMode: 'default',
    languages: languages.filter((l) => l.oj === 'ME').map((l) => ({ id: l.id })),
    tags: [],
    codeTemplates: [],
  });
  return pid;
}

interface ContestProblemRow {
  cid: number;
  pid: number;
  displayId: string;
  displayTitle: string;
}

const zipFile = (entries: Record<string, string>) => ({
  name: 'cases.zip',
  mimeType: 'application/zip',
  buffer: buildZip(Object.entries(entries).map(([name, content]) => ({ name, content, deflate: true }))),
});

/** "2026-12-01 08:00:00" in the browser's zone (the date picker's format), `days` from now. */
function pickerTime(days: number, hour: number): { text: string; ms: number } {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    text: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(hour)}:00:00`,
    ms: d.getTime(),
  };
}

interface Texts {
  lang: 'en-US' | 'zh-CN';
  listHeading: string;
  create: string;
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  private: string;
  password: string;
  sealRank: string;
  sealHour: string;
  duration: string;
  save: string;
  created: string;
  updated: string;
  pwdRequired: string;
  problems: string;
  addFromBank: string;
  bankSearch: string;
  add: string;
  added: string;
  createProblem: string;
  displayId: string;
  displayTitle: string;
  problemTitle: string;
  problemDescription: string;
  uploaded: string;
  problemCreated: string;
  editDisplay: string;
  remove: string;
  removeWarning: RegExp;
  cancel: string;
  announcements: string;
  createAnnouncement: string;
  announcementTitle: string;
  content: string;
  edit: string;
  pwdChanged: RegExp;
}

const EN: Texts = {
  lang: 'en-US',
  listHeading: 'Contest List',
  create: 'Create contest',
  title: 'Title',
  description: 'Description',
  startTime: 'Start time',
  endTime: 'End time',
  private: 'Private',
  password: 'Contest password',
  sealRank: 'Seal the rank',
  sealHour: 'Last hour',
  duration: '5 h',
  save: 'Save',
  created: 'Created',
  updated: 'Updated',
  pwdRequired: 'A private or protected contest needs a password!',
  problems: 'Problems',
  addFromBank: 'Add from the public bank',
  bankSearch: 'Search by code, title or author',
  add: 'Add',
  added: 'Added; the problem is now shown in the contest only',
  createProblem: 'Create problem',
  displayId: 'Display ID',
  displayTitle: 'Display title',
  problemTitle: 'Title',
  problemDescription: 'Description',
  uploaded: 'Upload Testcase Successfully!',
  problemCreated: 'Create Successfully',
  editDisplay: 'Edit display',
  remove: 'Remove from contest',
  removeWarning: /submissions made to it in this contest are deleted too/,
  cancel: 'Cancel',
  announcements: 'Announcements',
  createAnnouncement: 'Create announcement',
  announcementTitle: 'Title',
  content: 'Content',
  edit: 'Edit',
  pwdChanged: /deletes all its registrations/,
};

const ZH: Texts = {
  lang: 'zh-CN',
  listHeading: '比赛列表',
  create: '创建比赛',
  title: '标题',
  description: '描述',
  startTime: '开始时间',
  endTime: '结束时间',
  private: '私有',
  password: '比赛密码',
  sealRank: '封榜',
  sealHour: '结束前一小时',
  duration: '5 小时',
  save: '保存',
  created: '创建成功',
  updated: '修改成功',
  pwdRequired: '私有赛或保护赛必须设置比赛密码！',
  problems: '题目',
  addFromBank: '从公共题库添加',
  bankSearch: '输入题号、标题或作者搜索',
  add: '添加',
  added: '已添加，该题目仅在比赛中可见',
  createProblem: '创建题目',
  displayId: '展示 ID',
  displayTitle: '展示标题',
  problemTitle: '标题',
  problemDescription: '题目描述',
  uploaded: '评测数据上传成功！',
  problemCreated: '创建成功',
  editDisplay: '修改展示信息',
  remove: '移出比赛',
  removeWarning: /所有提交记录也会被删除/,
  cancel: '取消',
  announcements: '公告',
  createAnnouncement: '创建公告',
  announcementTitle: '标题',
  content: '内容',
  edit: '编辑',
  pwdChanged: /删除该比赛现有的全部报名记录/,
};

/** Picks a time in the date picker by typing it and confirming with Enter. */
async function pickTime(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await popupsSettled(page);
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(text);
}

async function runScenario(page: Page, x: Texts, names: { contest: string; bank: string }, shot: string) {
  const start = pickerTime(2, 9);
  const end = pickerTime(2, 14);
  const bankPid = await bankProblem(names.bank);

  // ---- create an ACM private contest with a password -------------------------------------------
  await page.goto(`${env.server.url}/admin/contest?l=${x.lang}`);
  await page.getByRole('heading', { name: x.listHeading }).waitFor();
  await page.getByRole('button', { name: x.create }).click();
  await page.waitForURL('**/admin/contest/create');
  await page.getByLabel(x.title, { exact: true }).fill(names.contest);
  await page.getByLabel(x.description, { exact: true }).fill('Five hours, **five** problems.');
  await pickTime(page, x.startTime, start.text);
  await pickTime(page, x.endTime, end.text);
  await expect.poll(() => page.getByTestId('contest-duration').innerText()).toBe(x.duration);
  await page.locator('.ant-radio-button-wrapper', { hasText: x.private }).click();
  // a private contest without a password is refused with the server's own words
  await page.getByRole('button', { name: x.save }).click();
  await page.locator('.ap-error-list').getByText(x.pwdRequired).waitFor();
  await page.getByLabel(x.password).fill('s3cret');
  await page.getByRole('switch', { name: x.sealRank }).click();
  // spec part 2 §4: an ACM contest of an hour or more seals its last hour by default
  await expect.poll(() => page.getByRole('radio', { name: x.sealHour }).isChecked()).toBe(true);
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, `${shot}-form`, { fullPage: true });
  await page.getByRole('button', { name: x.save }).click();
  await toast(page, x.created).waitFor();
  await page.waitForURL(/\/admin\/contest(\?.*)?$/);
  const row = page.getByRole('row', { name: new RegExp(names.contest) });
  await row.waitFor();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, `${shot}-list`);

  const list = await api<{ records: { id: number; title: string }[] }>(
    'GET',
    `/api/admin/contest/get-contest-list?keyword=${encodeURIComponent(names.contest)}`,
  );
  const cid = list.records[0]!.id;
  const stored = await api<{
    type: number;
    auth: number;
    pwd: string;
    duration: number;
    sealRank: boolean;
    sealRankTime: string;
    endTime: string;
  }>('GET', `/api/admin/contest?cid=${cid}`);
  expect(stored).toMatchObject({ type: 0, auth: 1, pwd: 's3cret', duration: 5 * 3600, sealRank: true });
  expect(Date.parse(stored.endTime)).toBe(end.ms);
  expect(Date.parse(stored.sealRankTime)).toBe(end.ms - 3600_000);

  // ---- add a problem of the public bank --------------------------------------------------------
  await row.getByRole('button', { name: `${x.problems} ${names.contest}` }).click();
  await page.waitForURL(`**/admin/contest/${cid}/problems`);
  await page.getByRole('button', { name: x.addFromBank }).click();
  await popupsSettled(page);
  const bank = page.getByRole('dialog');
  await bank.getByPlaceholder(x.bankSearch).fill(names.bank);
  await bank.getByPlaceholder(x.bankSearch).press('Enter');
  await bank.getByRole('button', { name: `${x.add} ${names.bank}` }).waitFor();
  await saveScreenshot(page, `${shot}-bank`);
  await bank.getByRole('button', { name: `${x.add} ${names.bank}` }).click();
  await toast(page, x.added).waitFor();
  await page.keyboard.press('Escape');
  await bank.waitFor({ state: 'hidden' });
  await page.getByRole('row', { name: new RegExp(names.bank) }).waitFor();

  // ---- create a new problem inside the contest with the full problem form ----------------------
  await page.getByRole('button', { name: x.createProblem }).click();
  await page.waitForURL(`**/admin/contest/${cid}/problem/create`);
  await page.getByLabel(x.displayId, { exact: true }).fill('B');
  await page.getByLabel(x.displayTitle, { exact: true }).fill(`${names.bank} II`);
  await page.getByLabel(x.problemTitle, { exact: true }).fill(`${names.bank} two`);
  await page.getByLabel(x.problemDescription, { exact: true }).fill('Add them again.');
  await page
    .locator('.ap-upload input[type=file]')
    .setInputFiles(zipFile({ '1.in': '1 2\n', '1.out': '3\n' }));
  await toast(page, x.uploaded).waitFor();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, `${shot}-problem-form`);
  await page.locator('.ap-savebar').getByRole('button', { name: x.save }).click();
  await toast(page, x.problemCreated).waitFor();
  await page.waitForURL(`**/admin/contest/${cid}/problems`);
  await page.getByRole('row', { name: new RegExp(`${names.bank} II`) }).waitFor();

  // ---- edit the bank problem's display title --------------------------------------------------
  await page.getByRole('button', { name: `${x.editDisplay} ${names.bank}`, exact: true }).click();
  await popupsSettled(page);
  const info = page.getByRole('dialog');
  await info.getByLabel(x.displayTitle, { exact: true }).fill(`${names.bank} (final)`);
  await info.getByRole('button', { name: x.save }).click();
  await toast(page, x.updated).waitFor();
  await page.getByRole('cell', { name: `${names.bank} (final)`, exact: true }).waitFor();

  // ---- the removal asks first and says the contest's submissions go too ------------------------
  await page.getByRole('button', { name: `${x.remove} ${names.bank} (final)` }).click();
  await popupsSettled(page);
  await page.locator('.ant-popover').getByText(x.removeWarning).waitFor();
  await saveScreenshot(page, `${shot}-problems`);
  await page.locator('.ant-popover').getByRole('button', { name: x.cancel }).click();

  const problems = await api<{
    problemList: { records: { id: number; auth: number }[] };
    contestProblemMap: Record<string, ContestProblemRow>;
  }>('GET', `/api/admin/contest/get-problem-list?cid=${cid}`);
  const links = Object.values(problems.contestProblemMap).sort((a, b) =>
    a.displayId.localeCompare(b.displayId),
  );
  expect(links.map((l) => [l.displayId, l.displayTitle])).toEqual([
    ['A', `${names.bank} (final)`],
    ['B', `${names.bank} II`],
  ]);
  expect(links[0]!.pid).toBe(bankPid);
  // reference §3.12: both are contest-only now (auth 3)
  expect(problems.problemList.records.map((p) => p.auth)).toEqual([3, 3]);

  // ---- a contest announcement ---------------------------------------------------------------
  await page.goto(`${env.server.url}/admin/contest/${cid}/announcement`);
  await page.getByRole('button', { name: x.createAnnouncement }).click();
  await popupsSettled(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(x.announcementTitle, { exact: true }).fill(`${names.contest} starts`);
  await dialog.getByLabel(x.content, { exact: true }).fill('Good **luck**');
  await dialog.getByRole('button', { name: x.save }).click();
  await toast(page, x.created).waitFor();
  await page.getByRole('row', { name: new RegExp(`${names.contest} starts`) }).waitFor();
  await expectNoSidewaysScroll(page);
  await saveScreenshot(page, `${shot}-announcement`);
  const announcements = await api<{ records: { title: string; content: string }[] }>(
    'GET',
    `/api/admin/contest/announcement?cid=${cid}&currentPage=1&limit=10`,
  );
  expect(announcements.records).toMatchObject([
    { title: `${names.contest} starts`, content: 'Good **luck**' },
  ]);

  // ---- editing: the rule is locked and a new password warns about the registrations -----------
  await page.goto(`${env.server.url}/admin/contest/${cid}/edit`);
  const password = page.getByLabel(x.password);
  await expect.poll(() => password.inputValue()).toBe('s3cret');
  await password.fill('n3w');
  await page.getByTestId('pwd-warning').getByText(x.pwdChanged).waitFor();
  await saveScreenshot(page, `${shot}-edit-warning`);
}

describe('admin contest screens in the browser (spec part 2 §2.7, reference §3.12 "Contests")', () => {
  it(
    'creates a private ACM contest, adds a bank problem and a new one, edits, announces (en-US, 1280 px)',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await openSignedInPage(env, ROOT_ADMIN, 1280);
      await runScenario(page, EN, { contest: 'Winter Cup', bank: 'Sum of two' }, 'admin-contest-1280-en');
      await context.close();
    },
  );

  it('does the same in Chinese at 768 px without sideways scrolling', { timeout: 180_000 }, async () => {
    const { context, page } = await openSignedInPage(env, ROOT_ADMIN, 768);
    await runScenario(page, ZH, { contest: '冬季杯', bank: '两数之和' }, 'admin-contest-768-zh');
    await context.close();
  });

  it('issue 24 item 18: whole titles and Delete in the list, the open group of the current page, an opaque save bar, whole date-times', async () => {
    const now = Date.now();
    const [root] = await env.server.db.select().from(userInfo).where(eq(userInfo.username, 'root'));
    const title = 'The Twenty-Sixth Annual Winter Programming Cup';
    await env.server.db.insert(contest).values({
      uid: root!.uuid,
      author: 'root',
      title,
      auth: 0,
      startTime: new Date(now + 3600_000),
      endTime: new Date(now + 7200_000),
      duration: 3600,
    });
    const { context, page } = await openSignedInPage(env, ROOT_ADMIN, 1280);
    for (const { width, lang, users, del, startTime } of [
      { width: 1280, lang: 'en-US', users: 'Users', del: 'Delete', startTime: 'Start time' },
      { width: 768, lang: 'zh-CN', users: '用户管理', del: '删除', startTime: '开始时间' },
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${env.server.url}/admin/contest?l=${lang}`);
      const link = page.getByRole('link', { name: title, exact: true });
      await link.waitFor();
      // the title is shown whole (wrapped if need be), not cut to a few characters
      const cut = await link.evaluate((element) => {
        const cell = element.closest('td')!;
        return cell.scrollWidth > cell.clientWidth || element.getClientRects().length === 0;
      });
      expect(cut, `${lang} ${width}`).toBe(false);
      if (width === 1280) {
        // every action of the row is inside the table's visible part, Delete last
        const shown = (await page.locator('.ant-table-content').boundingBox())!;
        const remove = (await page.getByRole('button', { name: `${del} ${title}` }).boundingBox())!;
        expect(remove.x + remove.width).toBeLessThanOrEqual(shown.x + shown.width);
      }
      await saveScreenshot(page, `admin-contest-list-item18-${lang}-${width}`);

      // the side menu opens the group of the current page
      await page.goto(`${env.server.url}/admin/user?l=${lang}`);
      const current = page.locator('.admin-sider .ant-menu-item-selected');
      await expect.poll(() => current.isVisible()).toBe(true);
      expect(await current.innerText()).toBe(users);

      // the save bar hides the fields that scroll under it; the date-times are shown whole
      await page.goto(`${env.server.url}/admin/contest/create?l=${lang}`);
      const bar = page.locator('.ap-savebar');
      await bar.waitFor();
      expect(await bar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
        'rgb(255, 255, 255)',
      );
      await pickTime(page, startTime, pickerTime(3, 9).text);
      const start = page.getByLabel(startTime, { exact: true });
      expect(await start.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
      await saveScreenshot(page, `admin-contest-form-item18-${lang}-${width}`);
    }
    await context.close();
  }, 180_000);
});
