import { mkdir } from 'node:fs/promises';
import { JudgeStatus } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  judge,
  judgeCase,
  judgeServer,
  language,
  problem,
  problemLanguage,
} from '../../../server/src/db/schema/index.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import {
  assertBuilt,
  dialog,
  dialogPanel,
  expectNoSidewaysScroll,
  launchChromium,
  openPage,
  popupsSettled,
  selectOption,
  chooseInSelect,
  signInThroughDialog,
  submitLoginDialog,
  toast,
} from './support.ts';

/**
 * The submission screens in a real browser against a real server, with submissions written straight
 * into the database (no judge worker runs, so a pending row stays pending until the test finishes
 * it): the submission list with only-mine, its filters, own-row highlight and polling, the super
 * admin's rejudge, manual judge and cancel judge (spec part 1 §2, §4); the details page with its
 * numbers, case table, compile error, copy and the share switch (§2, §5); and the compiler and
 * explanation page in both languages (part 2 §2.5). Screenshots at 1280 and 768 px go to
 * /tmp/verdict-shots/sub-*.png.
 */

const SHOTS = '/tmp/verdict-shots';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

const ALICE = { username: 'alice', password: 'alice-pass1' };
const BOB = { username: 'bob', password: 'bob-pass1' };
const OI_PROBLEM = { problemId: 'SB-OI', title: 'Knapsack Scores' };

const ACCEPTED_CODE = `#include <iostream>
int main() {
    long long a, b;
    std::cin >> a >> b;
    std::cout << a + b << std::endl;
    return 0;
}
`;
const COMPILE_MESSAGE = "main.cpp:4:5: error: expected ';' before 'return'";

/** The seeded submissions' ids, by what the tests do with them. */
const ids = {
  aliceAccepted: 0,
  aliceCompileError: 0,
  alicePending: 0,
  bobWrong: 0,
  bobSlow: 0,
  bobPending: 0,
};

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  const db = server.db;
  const aliceUid = await createUser(db, ALICE);
  const bobUid = await createUser(db, BOB);
  const [aPlusB] = await db.select().from(problem).where(eq(problem.problemId, 'P1000'));
  const [oi] = await db
    .insert(problem)
    .values({ ...OI_PROBLEM, author: 'root', type: 1, description: 'Score what you can.' })
    .returning({ id: problem.id });
  const [cpp] = await db.select({ id: language.id }).from(language).where(eq(language.name, 'C++'));
  await db.insert(problemLanguage).values({ pid: oi!.id, lid: cpp!.id });

  // one a minute, oldest first, so the list (newest first) has a fixed order
  const start = Date.now() - 60 * 60_000;
  let minute = 0;
  const submit = async (values: Partial<typeof judge.$inferInsert>) => {
    const [row] = await db
      .insert(judge)
      .values({
        pid: aPlusB!.id,
        displayPid: 'P1000',
        uid: aliceUid,
        username: ALICE.username,
        code: '// judged long ago\n',
        language: 'C++',
        submitTime: new Date(start + minute++ * 60_000),
        ...values,
      })
      .returning({ submitId: judge.submitId });
    return row!.submitId;
  };
  ids.aliceAccepted = await submit({
    status: JudgeStatus.ACCEPTED,
    code: ACCEPTED_CODE,
    length: ACCEPTED_CODE.length,
    time: 12,
    memory: 3456,
    judger: 'judge-1',
  });
  await db.insert(judgeCase).values(
    [
      { seq: 1, time: 5, memory: 3400 },
      { seq: 2, time: 12, memory: 3456 },
    ].map((c) => ({
      ...c,
      submitId: ids.aliceAccepted,
      uid: aliceUid,
      pid: aPlusB!.id,
      status: JudgeStatus.ACCEPTED,
    })),
  );
  ids.aliceCompileError = await submit({ status: JudgeStatus.COMPILE_ERROR, errorMessage: COMPILE_MESSAGE });
  const bob = { uid: bobUid, username: BOB.username, pid: oi!.id, displayPid: OI_PROBLEM.problemId };
  ids.bobWrong = await submit({
    ...bob,
    status: JudgeStatus.WRONG_ANSWER,
    score: 20,
    time: 30,
    memory: 2048,
  });
  ids.bobSlow = await submit({ ...bob, status: JudgeStatus.TIME_LIMIT_EXCEEDED, score: 40, time: 1000 });
  ids.bobPending = await submit({ uid: bobUid, username: BOB.username, status: JudgeStatus.PENDING });
  ids.alicePending = await submit({ status: JudgeStatus.PENDING });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const rows = (page: Page) => page.locator('.submission-list .ant-table-row');
const rowOf = (page: Page, submitId: number) =>
  page.locator(`.submission-list .ant-table-row[data-row-key="${submitId}"]`);
const shownIds = async (page: Page) =>
  (await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-key')))).map(Number);

/** Waits until the list shows exactly these submissions, newest first. */
async function expectRows(page: Page, expected: number[]) {
  await expect.poll(() => shownIds(page)).toEqual(expected);
}

/** The status tag of a row, once it shows this status. */
const rowStatus = (page: Page, submitId: number, status: number) =>
  rowOf(page, submitId).locator(`.judge-status-tag[data-status="${status}"]`);

/** The open confirmation bubble that asks `question`, answered with OK. */
async function confirm(page: Page, question: string) {
  const bubble = page.locator('.ant-popconfirm:not(.ant-popover-hidden)', { hasText: question });
  await bubble.waitFor();
  await popupsSettled(page);
  await bubble.getByRole('button', { name: 'OK' }).click();
}

/** The label → value pairs of the details page's information block. */
async function detailFacts(page: Page): Promise<Record<string, string>> {
  const info = page.locator('.submission-detail__info');
  await info.waitFor();
  const labels = await info.locator('.ant-descriptions-item-label').allInnerTexts();
  const values = await info.locator('.ant-descriptions-item-content').allInnerTexts();
  return Object.fromEntries(labels.map((label, i) => [label.trim(), values[i]!.trim()]));
}

const code = (page: Page) => page.locator('.submission-detail__code .cm-content');
const shareSwitch = (page: Page) => page.getByRole('switch', { name: 'Share code' });

async function openDetails(page: Page, submitId: number) {
  await page.goto(`${server.url}/submission-detail/${submitId}`);
  await page.locator('.submission-detail__verdict').waitFor();
}

const ALL = () => [
  ids.alicePending,
  ids.bobPending,
  ids.bobSlow,
  ids.bobWrong,
  ids.aliceCompileError,
  ids.aliceAccepted,
];

describe('the submission list in the browser (spec part 1 §2, §4)', () => {
  let context: BrowserContext;
  let page: Page;

  it('spec part 1 §2: a visitor turning on "Mine" is asked to log in and the switch turns back off', async () => {
    ({ context, page } = await openPage(browser));
    await page.goto(`${server.url}/status?l=en-US`);
    await expectRows(page, ALL());
    const mine = page.getByRole('switch', { name: 'Mine' });
    await mine.click();
    await toast(page, 'Please login first').waitFor();
    await dialogPanel(page).getByLabel('Username').waitFor();
    expect(await mine.getAttribute('aria-checked')).toBe('false');
    expect(new URL(page.url()).searchParams.get('onlyMine')).toBeNull();
    await expectRows(page, ALL());
    // a visitor has no rows of their own and no admin column
    expect(await page.locator('tr.submission-row--mine').count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Option' }).count()).toBe(0);
  });

  it('highlights the signed-in user’s own rows', async () => {
    await submitLoginDialog(page, ALICE.username, ALICE.password);
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await dialog(page).waitFor({ state: 'hidden' });
    const mine = page.locator('tr.submission-row--mine');
    await expect.poll(() => mine.count()).toBe(3);
    const mineIds = await mine.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row-key'))));
    expect(mineIds).toEqual([ids.alicePending, ids.aliceCompileError, ids.aliceAccepted]);
    await page.mouse.move(0, 0);
    const background = (row: Locator) =>
      row
        .locator('td')
        .first()
        .evaluate((td) => getComputedStyle(td).backgroundColor);
    const own = await background(rowOf(page, ids.aliceAccepted));
    const others = await background(rowOf(page, ids.bobWrong));
    expect(own).not.toBe(others);
  });

  it('spec part 1 §2: "Mine" shows only the user’s rows and clears and disables the author filter', async () => {
    const author = page.getByLabel('Author', { exact: true });
    await author.fill('bob');
    await author.press('Enter');
    await expectRows(page, [ids.bobPending, ids.bobSlow, ids.bobWrong]);
    expect(new URL(page.url()).searchParams.get('username')).toBe('bob');

    const mine = page.getByRole('switch', { name: 'Mine' });
    await mine.click();
    await expectRows(page, [ids.alicePending, ids.aliceCompileError, ids.aliceAccepted]);
    expect(await mine.getAttribute('aria-checked')).toBe('true');
    expect(await author.inputValue()).toBe('');
    expect(await author.isDisabled()).toBe(true);
    const query = new URL(page.url()).searchParams;
    expect(query.get('onlyMine')).toBe('true');
    expect(query.get('username')).toBeNull();

    await mine.click();
    await expectRows(page, ALL());
    expect(await author.isDisabled()).toBe(false);
  });

  it('narrows the list by status and by problem ID', async () => {
    await chooseInSelect(page, 'Status', 'Compile Error');
    await expectRows(page, [ids.aliceCompileError]);
    expect(new URL(page.url()).searchParams.get('status')).toBe(String(JudgeStatus.COMPILE_ERROR));
    await chooseInSelect(page, 'Status', 'All statuses');
    await expectRows(page, ALL());

    const problemId = page.getByLabel('Problem ID', { exact: true });
    await problemId.fill('sb-oi');
    await problemId.press('Enter');
    await expectRows(page, [ids.bobSlow, ids.bobWrong]);
    expect(await rowOf(page, ids.bobSlow).innerText()).toContain(OI_PROBLEM.title);
    await problemId.fill('');
    await problemId.press('Enter');
    await expectRows(page, ALL());
  });

  it('spec part 1 §4: a pending row changes to its final status without a reload', async () => {
    await rowStatus(page, ids.alicePending, JudgeStatus.PENDING).waitFor();
    // a reload would lose this mark
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await server.db
      .update(judge)
      .set({ status: JudgeStatus.WRONG_ANSWER, time: 21, memory: 1500 })
      .where(eq(judge.submitId, ids.alicePending));
    await rowStatus(page, ids.alicePending, JudgeStatus.WRONG_ANSWER).waitFor({ timeout: 15_000 });
    expect(await rowOf(page, ids.alicePending).innerText()).toContain('21 ms');
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  it('shows a plain user neither the rejudge column nor manual judge', async () => {
    expect(await page.getByRole('columnheader', { name: 'Option' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Rejudge' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Manual judge' }).count()).toBe(0);
    await context.close();
  });
});

describe('rejudge, manual judge and cancel judge for the super admin (spec part 1 §4, §6)', () => {
  let page: Page;
  let context: BrowserContext;

  it('shows the rejudge column; a rejudge asks first, then reports success and polls the row again', async () => {
    ({ context, page } = await openPage(browser));
    await page.goto(`${server.url}/status?l=en-US`);
    await signInThroughDialog(page, 'root', ROOT_PASSWORD);
    await page.getByRole('columnheader', { name: 'Option' }).waitFor();
    await expectRows(page, ALL());
    expect(await page.getByRole('button', { name: 'Rejudge' }).count()).toBe(ALL().length);

    await rowOf(page, ids.bobSlow).getByRole('button', { name: 'Rejudge' }).click();
    await confirm(page, `Rejudge submission #${ids.bobSlow}?`);
    await toast(page, 'Rejudge successfully').waitFor();
    // spec part 1 §4: the score is cleared and the row waits for its new verdict
    await rowStatus(page, ids.bobSlow, JudgeStatus.PENDING).waitFor();
    const [row] = await server.db.select().from(judge).where(eq(judge.submitId, ids.bobSlow));
    expect(row!.status).toBe(JudgeStatus.PENDING);
    expect(row!.score).toBeNull();
  });

  it('spec part 1 §4: manual judge offers only the allowed statuses and sets status, score and the manual mark', async () => {
    const row = rowOf(page, ids.bobWrong);
    // not offered over a compile error
    expect(
      await rowOf(page, ids.aliceCompileError).getByRole('button', { name: 'Manual judge' }).isDisabled(),
    ).toBe(true);
    await row.getByRole('button', { name: 'Manual judge' }).click();
    const modal = dialog(page);
    await modal.getByText(`Manual judge #${ids.bobWrong}`).waitFor();
    await popupsSettled(page);
    await modal.getByLabel('Change to').click();
    await popupsSettled(page);
    const offered = await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .evaluateAll((options) => options.map((o) => o.getAttribute('title')));
    expect(offered.sort()).toEqual(
      [
        'Presentation Error',
        'Wrong Answer',
        'Accepted',
        'Time Limit Exceeded',
        'Memory Limit Exceeded',
        'Runtime Error',
        'System Error',
        'Partial Accepted',
        'Submitted Failed',
      ].sort(),
    );
    await selectOption(page, 'Partial Accepted').click();
    await modal.getByLabel('Score', { exact: true }).fill('60');
    await modal.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Update successfully').waitFor();
    await modal.waitFor({ state: 'hidden' });

    await rowStatus(page, ids.bobWrong, JudgeStatus.PARTIAL_ACCEPTED).waitFor();
    await row.getByRole('img', { name: 'Manually judged' }).waitFor();
    expect(await row.locator('td').nth(3).innerText()).toBe('60');
    const [saved] = await server.db.select().from(judge).where(eq(judge.submitId, ids.bobWrong));
    expect(saved).toMatchObject({ status: JudgeStatus.PARTIAL_ACCEPTED, score: 60, isManual: true });
  });

  it('spec part 1 §4: cancel judge sets Cancelled, also on a submission no judge picked up', async () => {
    const row = rowOf(page, ids.bobPending);
    await row.getByRole('button', { name: 'Manual judge' }).click();
    const modal = dialog(page);
    await modal.getByText(`Manual judge #${ids.bobPending}`).waitFor();
    await popupsSettled(page);
    // a pending submission gets no verdict by hand, but may be cancelled
    expect(await modal.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
    await modal.getByRole('button', { name: 'Cancel judge' }).click();
    await confirm(page, 'Cancel the judging of this submission?');
    await toast(page, 'Cancel successfully').waitFor();
    await modal.waitFor({ state: 'hidden' });
    await rowStatus(page, ids.bobPending, JudgeStatus.CANCELLED).waitFor();
    await row.getByRole('img', { name: 'Manually judged' }).waitFor();
    const [saved] = await server.db.select().from(judge).where(eq(judge.submitId, ids.bobPending));
    expect(saved).toMatchObject({ status: JudgeStatus.CANCELLED, isManual: true, judger: 'root' });
    await context.close();
  });
});

describe('submission details in the browser (spec part 1 §2, §5)', () => {
  let alice: Page;
  let bob: Page;

  it('shows status, time, memory, length, language, author and the per-case table', async () => {
    const opened = await openPage(browser);
    alice = opened.page;
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await alice.goto(`${server.url}/status?l=en-US`);
    await signInThroughDialog(alice, ALICE.username, ALICE.password);
    await openDetails(alice, ids.aliceAccepted);
    expect(await alice.locator('.submission-detail__verdict').innerText()).toBe('Accepted');
    const facts = await detailFacts(alice);
    expect(facts).toMatchObject({
      'Run ID': String(ids.aliceAccepted),
      Problem: 'P1000',
      Status: 'Accepted',
      Time: '12 ms',
      Memory: '3.38 MB',
      Length: `${ACCEPTED_CODE.length} B`,
      Language: 'C++',
      Author: ALICE.username,
    });
    const cases = alice.locator('.case-table .ant-table-row');
    await expect.poll(() => cases.count()).toBe(2);
    expect(await cases.nth(0).innerText()).toMatch(/#1\s+Accepted\s+5 ms\s+3.32 MB/);
    expect(await cases.nth(1).innerText()).toMatch(/#2\s+Accepted\s+12 ms\s+3.38 MB/);
    expect(await code(alice).innerText()).toContain('std::cout << a + b');
  });

  it('copies the code with the copy button', async () => {
    await alice.getByRole('button', { name: 'Copy' }).click();
    await toast(alice, 'Copied successfully').waitFor();
    expect(await alice.evaluate(() => navigator.clipboard.readText())).toBe(ACCEPTED_CODE);
  });

  it('spec part 1 §5: another user sees the code only while its owner shares it', async () => {
    ({ page: bob } = await openPage(browser));
    await bob.goto(`${server.url}/status?l=en-US`);
    await signInThroughDialog(bob, BOB.username, BOB.password);
    await openDetails(bob, ids.aliceAccepted);
    await bob.getByText('You are not allowed to see this code.').waitFor();
    expect(await code(bob).count()).toBe(0);
    // only the owner toggles sharing
    expect(await shareSwitch(bob).count()).toBe(0);

    expect(await shareSwitch(alice).getAttribute('aria-checked')).toBe('false');
    await shareSwitch(alice).click();
    await toast(alice, 'Shared successfully').waitFor();
    expect(await shareSwitch(alice).getAttribute('aria-checked')).toBe('true');
    await openDetails(bob, ids.aliceAccepted);
    await code(bob).waitFor();
    expect(await code(bob).innerText()).toContain('std::cout << a + b');
    await shareSwitch(alice).click();
    await toast(alice, 'Sharing cancelled').waitFor();
    expect(await shareSwitch(alice).getAttribute('aria-checked')).toBe('false');
    await openDetails(bob, ids.aliceAccepted);
    await bob.getByText('You are not allowed to see this code.').waitFor();
    expect(await code(bob).count()).toBe(0);
    await bob.context().close();
  });

  it('shows the compiler’s message of a compile error', async () => {
    await openDetails(alice, ids.aliceCompileError);
    expect(await alice.locator('.submission-detail__verdict').innerText()).toBe('Compile Error');
    const section = alice.locator('.submission-detail__section', { hasText: 'Compile information' });
    expect(await section.locator('.submission-detail__error').innerText()).toBe(COMPILE_MESSAGE);
  });

  it('takes screenshots of the list and a details page at 1280 and 768 px', async () => {
    await mkdir(SHOTS, { recursive: true });
    const shot = { fullPage: true, animations: 'disabled' } as const;
    for (const width of [1280, 768]) {
      await alice.setViewportSize({ width, height: 900 });
      await alice.goto(`${server.url}/status`);
      await expectRows(alice, ALL());
      await alice.screenshot({ path: `${SHOTS}/sub-list-${width}.png`, ...shot });
      // every column shown fits: the author is not hidden behind the table's sideways scroll
      const hiddenSideways = await alice
        .locator('.submission-list .ant-table-content')
        .evaluate((table) => table.scrollWidth - table.clientWidth);
      expect(hiddenSideways).toBeLessThanOrEqual(0);
      await expectNoSidewaysScroll(alice);
      await openDetails(alice, ids.aliceAccepted);
      await alice.locator('.case-table .ant-table-row').first().waitFor();
      await code(alice).waitFor();
      await alice.screenshot({ path: `${SHOTS}/sub-detail-${width}.png`, ...shot });
    }
    await alice.context().close();
  });
});

describe('the compiler and explanation page (spec part 2 §2.5)', () => {
  const EXPLAINED = {
    'en-US': [
      'Pending',
      'Submitted Failed',
      'Compiling',
      'Judging',
      'Compile Error',
      'Presentation Error',
      'Partial Accepted',
      'Accepted',
      'Wrong Answer',
      'Runtime Error',
      'Time Limit Exceeded',
      'Memory Limit Exceeded',
      'System Error',
      'Cancelled',
    ],
    'zh-CN': [
      '等待评测',
      '提交失败',
      '编译中',
      '评测中',
      '编译错误',
      '格式错误',
      '部分通过',
      '通过',
      '答案错误',
      '运行错误',
      '时间超限',
      '内存超限',
      '系统错误',
      '已取消',
    ],
  };
  const WORDS = {
    'en-US': {
      title: 'Compilers and judging',
      results: 'What the results mean',
      tips: 'Compile tips',
      online: 'Judge online',
      offline: 'No judge online',
      interpreted: 'Interpreted, not compiled',
    },
    'zh-CN': {
      title: '编译器与评测说明',
      results: '评测结果说明',
      tips: '编译提示',
      online: '评测机在线',
      offline: '暂无评测机',
      interpreted: '解释执行，无需编译',
    },
  };

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`lists the languages with their compile commands, 14 results and 4 tips (${locale})`, async () => {
      // a judge worker heard from just now, offering two of the languages
      await server.db
        .insert(judgeServer)
        .values({ name: `sub-e2e-${locale}`, languages: ['C++', 'Python3'], lastHeartbeat: new Date() });
      const installed = await server.db
        .select({ name: language.name, compileCommand: language.compileCommand })
        .from(language)
        .where(eq(language.oj, 'ME'));
      const words = WORDS[locale];
      const { context, page } = await openPage(browser);
      await page.goto(`${server.url}/introduction?l=${locale}`);
      await page.getByText(words.title, { exact: true }).waitFor();

      const headers = page.locator('.compiler-languages .ant-collapse-header');
      await expect.poll(() => headers.count()).toBe(installed.length);
      const names = await page.locator('.compiler-languages__label strong').allInnerTexts();
      expect(names.sort()).toEqual(installed.map((l) => l.name).sort());
      const item = (name: string) =>
        page.locator('.compiler-languages .ant-collapse-item').filter({
          has: page.locator('.compiler-languages__label strong', {
            hasText: new RegExp(`^${literal(name)}$`),
          }),
        });
      const header = (name: string) => item(name).locator('.ant-collapse-header');
      expect(await header('C++').innerText()).toContain(words.online);
      expect(await header('PHP').innerText()).toContain(words.offline);
      await mkdir(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/sub-compiler-${locale}.png`, fullPage: true });

      // each language opens to its compile command, with the file names made readable
      for (const { name, compileCommand } of installed) {
        await header(name).click();
        const panel = item(name).locator('.compiler-language');
        await panel.waitFor();
        const command = await panel.locator('dd').nth(1).innerText();
        expect(command).toBe(
          compileCommand
            ? compileCommand.replaceAll('{src_path}', 'Main.src').replaceAll('{exe_path}', 'Main')
            : words.interpreted,
        );
      }

      const results = page
        .locator('.ant-card', { hasText: words.results })
        .locator('.result-explanations__row');
      expect(await results.count()).toBe(14);
      const shown = await results.evaluateAll((rows) =>
        rows.map((row) => row.querySelector('.judge-status-tag')!.textContent!.trim()),
      );
      expect(shown).toEqual(EXPLAINED[locale]);
      for (const text of await results.locator('dd').allInnerTexts()) expect(text.length).toBeGreaterThan(5);

      const tips = page.locator('.ant-card', { hasText: words.tips }).locator('.compiler-tips li');
      expect(await tips.count()).toBe(4);
      const tipTexts = await tips.allInnerTexts();
      expect(new Set(tipTexts).size).toBe(4);
      expect(tipTexts[0]).toContain('int main()');
      await context.close();
    });
  }
});

/** A string matched literally in a regular expression (language names hold + and #). */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
