import { JudgeStatus } from '@verdict/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../server/test/helpers/users.ts';
import { groupActivityEnUS as ga } from '../../src/i18n/areas/group-activity.en-US.ts';
import { groupProblemEnUS as gp } from '../../src/i18n/areas/group-problem.en-US.ts';
import { groupEnUS as en } from '../../src/i18n/areas/group.en-US.ts';
import { groupZhCN as zh } from '../../src/i18n/areas/group.zh-CN.ts';
import { startJudgeWorker, type TestJudgeWorker } from './judge-worker.ts';
import { chooseLanguage, codeEditor, panelStatus, setSwitches, typeCode } from './problem-support.ts';
import {
  dialog,
  dialogPanel,
  expectNoSidewaysScroll,
  openPage,
  popupsSettled,
  saveScreenshot,
  signInThroughDialog,
  toast,
  topBar,
  useServerAndBrowser,
} from './support.ts';

/**
 * Issue 27's class flow, through the screens only (spec part 2 §2.2, reference §7.12): a teacher
 * (en-US, 1280 px) creates a Private group with an invitation code; a student (zh-CN, 768 px)
 * finds it, applies with a wrong code (refused) and the right one, and the teacher approves the
 * application (auth 3: a pending application, reference §7.12 "Join"); the teacher creates a
 * group problem (A+B, one typed test case) in the problem editor and a running ACM contest in the
 * contest admin with that problem as A; the student opens the contest from the group's contest
 * tab, solves A in C++ (a real judge worker), and sees themselves with 1 AC in the group's rank;
 * the teacher sees the student's accepted A on the contest's scoreboard. Only the two accounts
 * are seeded. Screenshots go to $E2E_SHOTS_DIR (group-class-*.png).
 */

const TEACHER = { username: 'teacher', password: 'teacher-pass1' };
const STUDENT = { username: 'student', password: 'student-pass1' };
const GROUP = 'Class 7B Algorithms';
const SHORT = 'cls7b';
const CODE = 'q7w8e9';
/** the problem's id once the server has put the group's short name before it */
const PROBLEM_ID = 'CLS7BP1';
const PROBLEM = 'Sum of two';
const CONTEST = 'Week 1 quiz';

const SUM_CPP = `#include <cstdio>
int main() { long long a, b; if (scanf("%lld %lld", &a, &b) != 2) return 1; printf("%lld\\n", a + b); return 0; }
`;

/**
 * The judge worker comes online while the group is being made (it is awaited before the problem
 * editor opens, so the editor always offers the languages of a judge that is there).
 */
let worker: Promise<TestJudgeWorker> | undefined;

const env = useServerAndBrowser(async (server) => {
  // reference §2: the default role holds group_add; §7.6: a non-admin creates a group only with
  // 20 accepted problems, a threshold a school's site sets to 0 in its switches (as here)
  await setSwitches(server.db, { defaultCreateGroupACInitValue: 0 });
  await createUser(server.db, TEACHER);
  await createUser(server.db, STUDENT);
  worker = startJudgeWorker(server.url, 'group-class-e2e', ['C++']);
  // its failure is reported where it is awaited
  worker.catch(() => {});
});

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
  await (await worker?.catch(() => undefined))?.stop();
});

const tab = (page: Page, key: string) => page.locator(`.group-tabs [data-tab="${key}"]`);
const tabDisabled = (page: Page, key: string) =>
  tab(page, key).evaluate((el) => el.closest('.ant-tabs-tab')!.classList.contains('ant-tabs-tab-disabled'));
const contestTab = (page: Page, key: string) => page.locator(`.contest-tabs [data-node-key="${key}"]`);
const groupCard = (page: Page) => page.getByTestId('group-card').filter({ hasText: GROUP });
/** antd puts a space between the two characters of a Chinese button label ("登 录") */
const zhButton = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`);

/** At 768 px the top bar's menu is a drawer (spec part 1 §2 "Shell"): its Groups entry, in Chinese. */
async function groupsFromMenu(page: Page): Promise<void> {
  await topBar(page).getByRole('button', { name: '打开导航菜单' }).click();
  await popupsSettled(page);
  const drawer = page.locator('.nav-drawer');
  await drawer.getByRole('menuitem', { name: '团队' }).click();
  await page.waitForURL(/\/group(\?|$)/);
  await drawer.waitFor({ state: 'hidden' });
}

/** "2026-12-01 08:05:00", the date picker's format in the browser's zone, `minutes` from now. */
function pickerTime(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:00`;
}

async function pickTime(page: Page, label: string, text: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await popupsSettled(page);
  await input.fill(text);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(text);
}

describe('issue 27: a class in a Private group, from its creation to the contest rank', () => {
  let teacher: Page;
  let student: Page;
  let gid = 0;

  it('the teacher (en-US, 1280 px) creates a Private group with an invitation code', async () => {
    const opened = await openPage(env.browser, 1280);
    contexts.push(opened.context);
    teacher = opened.page;
    await teacher.goto(`${env.server.url}/group?l=en-US`);
    await signInThroughDialog(teacher, TEACHER.username, TEACHER.password);
    await teacher.locator('.group-list__empty').waitFor();
    await teacher.getByRole('button', { name: en.list.create }).click();
    const form = dialog(teacher);
    await form.waitFor();
    await popupsSettled(teacher);
    await form.getByLabel(en.form.name, { exact: true }).fill(GROUP);
    await form.getByLabel(en.form.shortName, { exact: true }).fill(SHORT);
    await form.getByLabel(en.form.brief, { exact: true }).fill('Algorithms, class 7B');
    await form.getByLabel(en.form.description, { exact: true }).fill('Homework and **weekly quizzes**.');
    await form.getByText(en.auth['3']!, { exact: true }).click();
    await form.getByLabel(en.form.code, { exact: true }).fill(CODE);
    await saveScreenshot(teacher, 'group-class-create-en-1280');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    await toast(teacher, en.form.created).waitFor();
    await teacher.waitForURL(/\/group\/\d+$/);
    gid = Number(/\/group\/(\d+)$/.exec(teacher.url())![1]);
    const info = teacher.getByTestId('group-info');
    await info.getByRole('heading', { name: GROUP }).waitFor();
    expect(await info.getByTestId('group-auth-tag').innerText()).toBe(en.auth['3']);
    expect(await info.innerText()).toContain(TEACHER.username);
  });

  it('the student (zh-CN, 768 px) finds it, is refused a wrong code and applies with the right one', async () => {
    const opened = await openPage(env.browser, 768);
    contexts.push(opened.context);
    student = opened.page;
    await student.goto(`${env.server.url}/group?l=zh-CN`);
    await topBar(student)
      .getByRole('button', { name: zhButton('登录') })
      .click();
    await popupsSettled(student);
    const login = dialogPanel(student);
    await login.getByLabel('用户名').fill(STUDENT.username);
    await login.getByLabel('密码', { exact: true }).fill(STUDENT.password);
    await login.getByRole('button', { name: zhButton('登录') }).click();
    await dialog(student).waitFor({ state: 'hidden' });
    // after login: My Groups, none yet; All Groups with a keyword finds the class
    await student.locator('.group-list__empty').waitFor();
    await student.locator('.group-filters .ant-segmented').getByText(zh.list.all).click();
    await student.getByLabel(zh.list.search).fill('7B');
    await student.getByLabel(zh.list.search).press('Enter');
    await student.waitForURL(/keyword=7B/);
    await groupCard(student).waitFor();
    await expect.poll(() => student.getByTestId('group-card').count()).toBe(1);
    await expectNoSidewaysScroll(student);
    await saveScreenshot(student, 'group-class-list-zh-768');

    await groupCard(student).click();
    await student.waitForURL(`**/group/${gid}`);
    await student.getByTestId('group-info').getByRole('heading', { name: GROUP }).waitFor();
    expect(await student.getByTestId('group-auth-tag').innerText()).toBe(zh.auth['3']);
    expect(await tabDisabled(student, 'contest')).toBe(true);
    await student.getByRole('button', { name: zh.shell.apply }).click();
    const apply = dialog(student);
    await popupsSettled(student);
    await apply.getByLabel(zh.apply.code, { exact: true }).fill('zzzzzz');
    await apply.getByLabel(zh.apply.reason, { exact: true }).fill('我是 7B 班的学生');
    await apply.getByRole('button', { name: zh.apply.submit }).click();
    await apply.getByRole('alert').getByText('邀请码错误！').waitFor();
    await saveScreenshot(student, 'group-class-wrong-code-zh-768');
    await apply.getByLabel(zh.apply.code, { exact: true }).fill(CODE);
    await apply.getByRole('button', { name: zh.apply.submit }).click();
    // reference §7.12: a Private group's code makes an application, not a member
    await toast(student, zh.shell.applied).waitFor();
    await student.getByRole('button', { name: zh.shell.applying }).waitFor();
    expect(await tabDisabled(student, 'contest')).toBe(true);
    await expectNoSidewaysScroll(student);
    await saveScreenshot(student, 'group-class-applying-zh-768', { fullPage: true });
  });

  it('the teacher approves the application in the members tab', async () => {
    await tab(teacher, 'member').click();
    const applications = teacher.getByTestId('group-applications');
    await applications.getByText(STUDENT.username).waitFor();
    await applications.getByText('我是 7B 班的学生').waitFor();
    await applications.getByRole('button', { name: `${en.member.approve} ${STUDENT.username}` }).click();
    await toast(teacher, en.member.approved).waitFor();
    await teacher.locator(`[data-member="${STUDENT.username}"]`).waitFor();
    await saveScreenshot(teacher, 'group-class-members-en-1280', { fullPage: true });
  });

  it('the teacher creates the group problem in the problem editor, with a typed test case', async () => {
    await worker;
    await tab(teacher, 'problem').click();
    await teacher.getByRole('button', { name: gp.list.adminMode }).click();
    await teacher.getByRole('button', { name: gp.admin.create }).click();
    await teacher.waitForURL(`**/group/${gid}/problem?admin=1&create=1`);
    // the group's short name stands before the id the teacher types
    await teacher.locator('.ant-input-group-addon', { hasText: SHORT.toUpperCase() }).waitFor();
    await teacher.getByLabel('Problem ID').fill('P1');
    await teacher.getByLabel('Title', { exact: true }).fill(PROBLEM);
    await teacher.getByLabel('Description', { exact: true }).fill('Read $a$ and $b$, print $a + b$.');
    await teacher.getByText('Type them', { exact: true }).click();
    await teacher.getByRole('button', { name: 'Add test case' }).click();
    await teacher.getByLabel('Input 1', { exact: true }).fill('20 22\n');
    await teacher.getByLabel('Output 1', { exact: true }).fill('42\n');
    await saveScreenshot(teacher, 'group-class-problem-editor-en-1280');
    await teacher.getByRole('button', { name: 'Save' }).click();
    await toast(teacher, 'Create Successfully').waitFor();
    await teacher.waitForURL(`**/group/${gid}/problem?admin=1`);
    const row = teacher.getByRole('row', { name: new RegExp(PROBLEM_ID) });
    await expect.poll(() => row.textContent()).toContain(PROBLEM);
  });

  it('the teacher creates a running ACM contest in the contest admin and adds the problem as A', async () => {
    await tab(teacher, 'contest').click();
    await teacher.getByRole('button', { name: ga.contest.admin }).click();
    await teacher.getByTestId('group-contest-admin').waitFor();
    await teacher.getByRole('button', { name: ga.common.create }).click();
    await teacher.getByLabel('Title', { exact: true }).fill(CONTEST);
    await teacher.getByLabel('Description', { exact: true }).fill('One problem, **one hour**.');
    // running now: started ten minutes ago, four hours long
    await pickTime(teacher, 'Start time', pickerTime(-10));
    await pickTime(teacher, 'End time', pickerTime(230));
    await teacher.getByRole('button', { name: 'Save' }).click();
    await toast(teacher, 'Created').waitFor();
    const row = teacher.getByTestId('group-contest-admin').getByRole('row', { name: new RegExp(CONTEST) });
    await row.waitFor();
    expect(await row.textContent()).toContain('ACM');
    expect(await row.textContent()).toContain('Running');

    await row.getByRole('button', { name: `${ga.contest.problems} ${CONTEST}` }).click();
    await teacher.getByTestId('group-contest-problems').waitFor();
    await teacher.getByRole('button', { name: ga.problems.addFromGroup }).click();
    const add = dialog(teacher);
    await popupsSettled(teacher);
    await add.getByLabel(ga.problems.displayId).fill('A');
    await add.getByLabel(ga.problems.problemId).fill(PROBLEM_ID);
    await add.getByRole('button', { name: ga.problems.add }).click();
    await toast(teacher, ga.problems.added).waitFor();
    await teacher.getByRole('cell', { name: 'A', exact: true }).waitFor();
    // its display title in the contest, and its own title beside it
    expect(await teacher.getByRole('cell', { name: PROBLEM, exact: true }).count()).toBe(2);
    await saveScreenshot(teacher, 'group-class-contest-problems-en-1280');
  });

  it(
    'the student, now a member, opens the contest from the group and solves A in C++',
    { timeout: 300_000 },
    async () => {
      // the group is among My Groups now, its tabs open
      await groupsFromMenu(student);
      await groupCard(student).click();
      await student.getByRole('button', { name: zh.shell.exit }).waitFor();
      expect(await tabDisabled(student, 'contest')).toBe(false);
      await tab(student, 'contest').click();
      const card = student.locator('.group-contest-card', { hasText: CONTEST });
      await card.waitFor();
      expect(await card.getAttribute('class')).toContain('group-contest-card--running');
      await expectNoSidewaysScroll(student);
      await saveScreenshot(student, 'group-class-contests-zh-768', { fullPage: true });
      await card.getByRole('link', { name: CONTEST }).click();
      await student.waitForURL(/\/contest\/\d+$/);
      const cid = Number(/\/contest\/(\d+)$/.exec(student.url())![1]);

      await contestTab(student, 'problems').click();
      const problems = student.locator('.contest-problems .ant-table-row');
      await expect.poll(() => problems.count()).toBe(1);
      expect(await problems.first().innerText()).toContain(PROBLEM);
      await problems.first().click();
      await student.waitForURL(`**/contest/${cid}/problem/A`);
      await student.locator('.statement-header').getByText(PROBLEM).waitFor();
      await codeEditor(student).waitFor();
      await chooseLanguage(student, 'C++');
      await typeCode(student, SUM_CPP, 'a + b');
      await student.locator('.editor-footer__actions .ant-btn-primary').click();
      await panelStatus(student, JudgeStatus.ACCEPTED).waitFor({ timeout: 240_000 });
      await expectNoSidewaysScroll(student);
      await saveScreenshot(student, 'group-class-accepted-zh-768', { fullPage: true });
    },
  );

  it("the student sees themselves with 1 AC in the group's rank", async () => {
    await groupsFromMenu(student);
    await groupCard(student).click();
    await tab(student, 'rank').click();
    const rank = student.getByTestId('group-rank');
    const mine = rank.getByRole('row', { name: new RegExp(STUDENT.username) });
    await mine.waitFor();
    // first, with 1 AC (linking to the accepted submissions) of 1 submission; the teacher 0
    await expect.poll(() => mine.getByRole('link', { name: '1', exact: true }).count()).toBe(1);
    expect(await mine.locator('td').last().innerText()).toBe('1');
    expect(await rank.locator('tbody tr.ant-table-row').first().innerText()).toContain(STUDENT.username);
    expect(
      await rank
        .getByRole('row', { name: /teacher/ })
        .getByRole('link')
        .last()
        .innerText(),
    ).toBe('0');
    await expectNoSidewaysScroll(student);
    await saveScreenshot(student, 'group-class-rank-zh-768', { fullPage: true });
  });

  it("the teacher sees the student's accepted A on the contest's scoreboard", async () => {
    // from the contest's problems back to the admin table, then to the members' cards
    await teacher.getByRole('button', { name: ga.common.back, exact: true }).click();
    await teacher.getByRole('button', { name: ga.common.backToList }).click();
    const card = teacher.locator('.group-contest-card', { hasText: CONTEST });
    await card.getByRole('link', { name: CONTEST }).click();
    await teacher.waitForURL(/\/contest\/\d+$/);
    await contestTab(teacher, 'rank').click();
    const row = teacher
      .locator('.rank-table tbody tr[data-uid]')
      .filter({ has: teacher.locator('.rank-user__name', { hasText: STUDENT.username }) });
    await row.waitFor();
    const cell = row.locator('td[data-problem="A"]');
    await expect.poll(() => cell.getAttribute('class')).toMatch(/\b(first-ac|ac)\b/);
    expect(await row.locator('.rank-total__main').innerText()).toBe('1');
    await saveScreenshot(teacher, 'group-class-scoreboard-en-1280', { fullPage: true });
  });
});
