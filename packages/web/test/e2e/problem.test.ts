import { mkdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captcha, language, problem, problemLanguage } from '../../../server/src/db/schema/index.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import {
  chooseFrom,
  chooseLanguage,
  codeEditor,
  panelStatus,
  setSwitches,
  toolbarSelect,
  typeCode,
} from './problem-support.ts';
import { startJudgeWorker, type TestJudgeWorker } from './judge-worker.ts';
import {
  assertBuilt,
  dragBy,
  launchChromium,
  openPage,
  popupsSettled,
  saveScreenshot,
  signInThroughDialog,
  toast,
} from './support.ts';

/**
 * The problem screens in a real browser against a real server and a real judge worker (C++ only,
 * to start fast): open P1000 from the problem list, write a solution in the CodeMirror editor, run
 * it in the Online Test drawer, submit it and watch it be Accepted with the confetti; a wrong one
 * is Wrong Answer; the submission list highlights the user's rows; the details page shows the
 * per-case table (spec part 1 §2, §4); the editor keeps its settings per problem (§2, §9); a fast
 * submitter answers a captcha beside Submit (§3, §8).
 */

const ACCEPTED = `#include <iostream>
using namespace std;
int main() {
    long long a, b;
    cin >> a >> b;
    cout << a + b << endl;
    return 0;
}
`;
const WRONG = `#include <iostream>
using namespace std;
int main() {
    long long a, b;
    cin >> a >> b;
    cout << a - b << endl;
    return 0;
}
`;

const HELLO = `#include <iostream>
int main() {
    std::cout << "hello" << std::endl;
    return 0;
}
`;

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let worker: TestJudgeWorker;

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  // The site's 8 s between one user's submissions (reference §6.1) would only slow the test down.
  await setSwitches(server.db, { defaultSubmitInterval: 0 });
  await createUser(server.db, { username: 'solver', password: 'solver-pass1' });
  // a second problem, to show that the editor settings are kept per problem
  const [echo] = await server.db
    .insert(problem)
    .values({ problemId: 'P1001', title: 'Echo', author: 'root', description: 'Print the input.' })
    .returning({ id: problem.id });
  const [cpp] = await server.db.select({ id: language.id }).from(language).where(eq(language.name, 'C++'));
  await server.db.insert(problemLanguage).values({ pid: echo!.id, lid: cpp!.id });
  worker = await startJudgeWorker(server.url, 'web-e2e', ['C++']);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await server?.close();
});

/** How the editor looks: what its theme, font size and tab size settings change. */
const editorLook = (page: Page) =>
  page.locator('.problem-code-editor .cm-editor').evaluate((editor) => ({
    background: getComputedStyle(editor).backgroundColor,
    fontSize: getComputedStyle(editor).fontSize,
    tabSize: getComputedStyle(editor.querySelector('.cm-content')!).tabSize,
  }));

/** The three setting selects, as they read. */
const settingsShown = (page: Page) =>
  Promise.all(['Editor theme', 'Font size', 'Tab size'].map((name) => toolbarSelect(page, name).innerText()));

/** Chooses the interface language in the top bar, as a user does (no page load). */
async function switchLanguage(page: Page, name: 'English' | '简体中文') {
  await page.locator('.top-bar .language-switch').click();
  await page.getByRole('menuitem', { name }).click();
  await popupsSettled(page);
}

async function openProblem(page: Page, problemId: string) {
  await page.goto(`${server.url}/problem/${problemId}`);
  await codeEditor(page).waitFor();
}

/** The answer the server keeps for the captcha the page has just fetched. */
async function answerOf(captchaResponse: Promise<Response>) {
  const { data } = (await (await captchaResponse).json()) as { data: { captchaKey: string } };
  const [row] = await server.db
    .select({ answer: captcha.answer })
    .from(captcha)
    .where(eq(captcha.key, data.captchaKey));
  return { captchaKey: data.captchaKey, answer: row!.answer };
}

const SHOTS = '/tmp/verdict-shots';
/** How long the Accepted celebration lasts (Celebration.tsx; spec part 1 §4: about 3 s). */
const CELEBRATION_MS = 3_000;

let page: Page;

describe('problem page, judging and submissions in the browser', () => {
  it('opens P1000 from the problem list, passes a sample online, and is Accepted with confetti', async () => {
    ({ page } = await openPage(browser));
    // The page's timers run on Playwright's clock (in step with real time until the test moves it on).
    await page.context().clock.install();
    await page.goto(`${server.url}/problem?l=en-US`);
    await signInThroughDialog(page, 'solver', 'solver-pass1');
    await page.locator('.problem-list-table').getByRole('link', { name: 'A + B Problem' }).click();
    await page.waitForURL('**/problem/P1000');
    await page.getByRole('heading', { name: /A \+ B Problem/ }).waitFor();
    await page.locator('.problem-code-editor .cm-content').waitFor();

    await chooseLanguage(page, 'C++');
    await typeCode(page, ACCEPTED, 'cout << a');

    // Online Test: the first sample is filled in; the run passes it (spec part 1 §4 test-run flow).
    await page.getByRole('button', { name: 'Online Test' }).click();
    await popupsSettled(page);
    const drawer = page.locator('.online-test');
    await expect.poll(() => drawer.getByLabel('Input').inputValue()).toBe('1 2');
    await drawer.getByRole('button', { name: 'Run' }).click();
    await drawer.getByText('Pass Test Case 1').waitFor({ timeout: 90_000 });
    await drawer.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Submit' }).click();
    await panelStatus(page, 0).waitFor({ timeout: 90_000 });
    expect(await page.locator('.submit-status').innerText()).toContain('Accepted');
    // spec part 1 §4: a congratulation image and confetti for about 3 s
    await page.locator('.celebration__image').waitFor();
    expect(await page.locator('canvas.celebration__confetti').getAttribute('data-fired')).toBe('true');
    // its 3 s are page time: moved on at once, however busy the machine (issue 9 item 7)
    await page.context().clock.fastForward(CELEBRATION_MS);
    await page.locator('.celebration').waitFor({ state: 'detached' });
    // …then the problem data is reloaded: the user's status shows solved
    await page.locator('.statement-header [data-my-status="0"]').waitFor();
  });

  it('shows Wrong Answer for a wrong program, without confetti', async () => {
    await typeCode(page, WRONG, 'cout << a');
    await page.getByRole('button', { name: 'Submit' }).click();
    await panelStatus(page, -1).waitFor({ timeout: 90_000 });
    expect(await page.locator('.submit-status').innerText()).toContain('Wrong Answer');
    expect(await page.locator('.celebration').count()).toBe(0);
  });

  it('issue 24 item 9: a sample without input runs online; a run too soon keeps the result and counts down (en-US at 1280 px, zh-CN at 768 px)', async () => {
    const [hello] = await server.db
      .insert(problem)
      .values({
        problemId: 'P1002',
        title: 'Hello',
        author: 'root',
        description: 'Print hello.',
        examples: '<input></input><output>hello</output>',
      })
      .returning({ id: problem.id });
    const [cpp] = await server.db.select({ id: language.id }).from(language).where(eq(language.name, 'C++'));
    await server.db.insert(problemLanguage).values({ pid: hello!.id, lid: cpp!.id });
    await openProblem(page, 'P1002');
    await chooseLanguage(page, 'C++');
    await typeCode(page, HELLO, 'hello');
    await page.getByRole('button', { name: 'Online Test' }).click();
    await popupsSettled(page);
    const drawer = page.locator('.online-test');
    const runButton = drawer.locator('.ant-drawer-extra button');
    await expect.poll(() => drawer.getByLabel('Input').inputValue()).toBe('');
    await runButton.click();
    await drawer.getByText('Pass Test Case 1').waitFor({ timeout: 90_000 });

    // the site's interval, from now on: the next run comes too soon
    await setSwitches(server.db, { defaultSubmitInterval: 60 });
    try {
      await runButton.click();
      await expect.poll(() => runButton.innerText()).toMatch(/^Run again in \d+ s$/);
      expect(await runButton.isDisabled()).toBe(true);
      expect(await drawer.getByText('Pass Test Case 1').isVisible()).toBe(true);
      expect((await drawer.locator('.online-test__result pre').first().innerText()).trim()).toBe('hello');
      await saveScreenshot(page, 'online-test-wait');
      await page.context().clock.fastForward(61_000);
      await expect.poll(() => runButton.innerText()).toBe('Run');
      expect(await runButton.isDisabled()).toBe(false);

      // zh-CN at 768 px, without a page load: the drawer keeps its result, and the server (on real
      // time, not the page's clock) still finds the next run too soon
      await drawer.locator('.ant-drawer-close').click();
      await page.setViewportSize({ width: 768, height: 900 });
      await switchLanguage(page, '简体中文');
      await page.getByRole('button', { name: '在线自测' }).click();
      await popupsSettled(page);
      await runButton.click();
      await expect.poll(() => runButton.innerText()).toMatch(/^\d+ 秒后可再运行$/);
      expect(await runButton.isDisabled()).toBe(true);
      expect(await drawer.getByText('通过样例 1').isVisible()).toBe(true);
      expect((await drawer.locator('.online-test__result pre').first().innerText()).trim()).toBe('hello');
      await saveScreenshot(page, 'online-test-wait-zh-768');
      await page.context().clock.fastForward(61_000);
      await expect.poll(() => runButton.innerText()).toBe('运行');
      expect(await runButton.isDisabled()).toBe(false);
    } finally {
      await setSwitches(server.db, { defaultSubmitInterval: 0 });
    }
    await drawer.locator('.ant-drawer-close').click();
    await switchLanguage(page, 'English');
    await page.setViewportSize({ width: 1280, height: 900 });
    // the tests below go on with P1000
    await openProblem(page, 'P1000');
  });

  it('keeps the code, language and editor settings of the problem in the browser', async () => {
    await page.reload();
    await page.locator('.problem-code-editor .cm-content').waitFor();
    await expect.poll(() => page.getByTestId('language-select').innerText()).toBe('C++');
    expect(await page.locator('.problem-code-editor .cm-content').innerText()).toContain('a - b');
  });

  it('spec part 1 §2, §9: keeps the theme, font size and tab size of each problem across reloads', async () => {
    const before = await editorLook(page);
    await chooseFrom(page, toolbarSelect(page, 'Editor theme'), 'dracula');
    await chooseFrom(page, toolbarSelect(page, 'Font size'), '18px');
    await chooseFrom(page, toolbarSelect(page, 'Tab size'), 'Tab 2');
    const chosen = await editorLook(page);
    expect(chosen.fontSize).toBe('18px');
    expect(chosen.tabSize).toBe('2');
    expect(chosen.background).not.toBe(before.background);

    await page.reload();
    await codeEditor(page).waitFor();
    expect(await settingsShown(page)).toEqual(['dracula', '18px', 'Tab 2']);
    expect(await editorLook(page)).toEqual(chosen);

    // another problem gets settings of its own…
    await openProblem(page, 'P1001');
    await chooseFrom(page, toolbarSelect(page, 'Editor theme'), 'eclipse');
    await chooseFrom(page, toolbarSelect(page, 'Font size'), '12px');
    await chooseFrom(page, toolbarSelect(page, 'Tab size'), 'Tab 8');
    const other = await editorLook(page);
    // …and P1000 keeps its own, as does P1001 after a reload
    await openProblem(page, 'P1000');
    expect(await settingsShown(page)).toEqual(['dracula', '18px', 'Tab 2']);
    expect(await editorLook(page)).toEqual(chosen);
    await openProblem(page, 'P1001');
    await page.reload();
    await codeEditor(page).waitFor();
    expect(await settingsShown(page)).toEqual(['eclipse', '12px', 'Tab 8']);
    expect(await editorLook(page)).toEqual(other);
    await openProblem(page, 'P1000');
  });

  it('resizes with the splitter, collapses the editor, enters focus mode and stacks under 992 px', async () => {
    const left = page.locator('.problem-page__left');
    const right = page.locator('.problem-page__right');
    const width = async (locator: typeof left) => (await locator.boundingBox())!.width;
    const before = await width(left);
    await dragBy(page, page.getByRole('separator'), -150);
    expect(await width(left)).toBeLessThan(before - 100);
    // spec part 1 §2: the editor keeps at least 580 px however far the splitter goes
    await dragBy(page, page.getByRole('separator'), 1000);
    expect(await width(right)).toBeGreaterThanOrEqual(579);

    await page.getByRole('button', { name: 'Collapse the editor' }).click();
    await right.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Expand the editor' }).click();
    await right.waitFor();

    await page.getByRole('button', { name: 'Focus mode' }).click();
    await page.waitForURL('**/problem/P1000/full-screen');
    await page.locator('.problem-page--focus .problem-code-editor .cm-content').waitFor();
    await page.getByRole('button', { name: 'Exit focus mode' }).click();
    await page.waitForURL(/\/problem\/P1000$/);

    await page.setViewportSize({ width: 900, height: 900 });
    await page.locator('.problem-page--stacked').waitFor();
    expect(await page.getByRole('separator').count()).toBe(0);
    // the editor sits below the statement (measured once both panels have settled in the new layout)
    const gapBelowStatement = async () => {
      const statement = await left.boundingBox();
      const editor = await right.boundingBox();
      return statement && editor ? editor.y - (statement.y + statement.height) : Number.NaN;
    };
    await expect.poll(gapBelowStatement).toBeGreaterThan(-1);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('highlights the user’s own rows in the submission list', async () => {
    await page.goto(`${server.url}/status`);
    const mine = page.locator('tr.submission-row--mine');
    await mine.first().waitFor();
    expect(await mine.count()).toBe(2);
    expect(await mine.nth(0).innerText()).toContain('Wrong Answer');
    expect(await mine.nth(1).innerText()).toContain('Accepted');
    expect(await mine.nth(0).innerText()).toContain('solver');
  });

  it('shows the per-case table on the details page', async () => {
    const accepted = page.locator('tr.submission-row--mine').nth(1);
    const runId = (await accepted.locator('td').first().innerText()).trim();
    await accepted.locator('td').first().getByRole('link').click();
    await page.waitForURL(`**/submission-detail/${runId}`);
    await page.locator('.submission-detail__verdict').getByText('Accepted').waitFor();
    const cases = page.locator('.case-table .ant-table-row');
    await cases.first().waitFor();
    expect(await cases.count()).toBe(2);
    for (const row of await cases.all()) expect(await row.innerText()).toContain('Accepted');
    expect(await page.locator('.submission-detail__code .cm-content').innerText()).toContain('cout << a + b');
  });

  it('spec part 1 §3, §8: a fast submitter answers the captcha beside Submit; a wrong answer gets a new one', async () => {
    // one submission an hour without a captcha (the defaults are 10 a minute)
    await setSwitches(server.db, { submitCaptchaThreshold: 1, submitCaptchaWindow: 3600 });
    await openProblem(page, 'P1000');
    await typeCode(page, ACCEPTED, 'cout << a');
    const submit = page.getByRole('button', { name: 'Submit' });
    const answerBox = page.getByRole('textbox', { name: 'Captcha' });
    const captchaImage = () => page.waitForResponse((r) => r.url().includes('/api/captcha'));

    let shown = captchaImage();
    await submit.click();
    await toast(page, 'Speed too fast, may be machine operation! Please verify again!').waitFor();
    const first = await answerOf(shown);
    await answerBox.waitFor();
    await mkdir(SHOTS, { recursive: true });
    await page
      .locator('.editor-footer')
      .screenshot({ path: `${SHOTS}/problem-captcha-1280.png`, animations: 'disabled' });
    expect(await page.locator('.submit-captcha img').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // no status panel: nothing was submitted
    expect(await page.locator('.submit-status').count()).toBe(0);

    shown = captchaImage();
    await answerBox.fill(String(Number(first.answer) + 1));
    await submit.click();
    await toast(page, 'The captcha is incorrect').waitFor();
    const second = await answerOf(shown);
    expect(second.captchaKey).not.toBe(first.captchaKey);
    await expect.poll(() => answerBox.inputValue()).toBe('');

    await page.setViewportSize({ width: 768, height: 900 });
    await answerBox.scrollIntoViewIfNeeded();
    await page
      .locator('.editor-footer')
      .screenshot({ path: `${SHOTS}/problem-captcha-768.png`, animations: 'disabled' });
    await page.setViewportSize({ width: 1280, height: 900 });

    // the right answer, sent with Enter, lets the submission through and the captcha goes away
    await answerBox.fill(second.answer);
    await answerBox.press('Enter');
    await panelStatus(page, 0).waitFor({ timeout: 90_000 });
    expect(await answerBox.count()).toBe(0);
    await setSwitches(server.db, { submitCaptchaThreshold: 10, submitCaptchaWindow: 60 });
  });
});
