import { mkdir } from 'node:fs/promises';
import { JudgeStatus } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  judge,
  language,
  problem,
  problemLanguage,
  problemTag,
  tag,
  tagClassification,
  userInfo,
} from '../../../server/src/db/schema/index.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import {
  assertBuilt,
  dialog,
  dialogPanel,
  launchChromium,
  openPage,
  chooseInSelect,
  popupsSettled,
  signInThroughDialog,
  toast,
} from './support.ts';

/**
 * The problem list in a real browser against a real server (spec part 1 §2 "Problem list"): the
 * keyword, level and tag filters kept in the query string, reset, the show-tags switch, the random
 * pick, the auth filter of super admins, the result distribution on hover, the latest problems, and
 * the login warning for a visitor who opens a problem. Screenshots of the list and of a problem page
 * at 1280 and 768 px go to /tmp/verdict-shots/.
 */

const SHOTS = '/tmp/verdict-shots';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

/** Public problems of the list besides the seeded P1000 "A + B Problem" (Very Easy, no tags). */
const ROUTE = { problemId: 'PL-1001', title: 'Shortest Route' };
const COINS = { problemId: 'PL-1002', title: 'Coin Change' };
const SECRET = { problemId: 'PL-1003', title: 'Secret Plans' };

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  const db = server.db;
  const [graphs] = await db
    .insert(tagClassification)
    .values({ name: 'Graphs', oj: 'ME', rank: 1 })
    .returning({ id: tagClassification.id });
  const [dijkstra, greedy] = await db
    .insert(tag)
    .values([
      { name: 'dijkstra', oj: 'ME', color: '#1677ff', tcid: graphs!.id },
      { name: 'greedy', oj: 'ME', color: '#52c41a' },
    ])
    .returning({ id: tag.id });
  const created = await db
    .insert(problem)
    .values([
      { ...ROUTE, author: 'root', difficulty: 2, description: 'Find the shortest route.' },
      { ...COINS, author: 'root', difficulty: 1, type: 1, description: 'Pay with few coins.' },
      { ...SECRET, author: 'root', difficulty: 3, auth: 2, description: 'Hidden.' },
    ])
    .returning({ id: problem.id });
  const [route, coins] = created;
  const [cpp] = await db.select({ id: language.id }).from(language).where(eq(language.name, 'C++'));
  await db.insert(problemLanguage).values(created.map(({ id }) => ({ pid: id, lid: cpp!.id })));
  await db.insert(problemTag).values([
    { pid: route!.id, tid: dijkstra!.id },
    { pid: coins!.id, tid: greedy!.id },
  ]);
  // three accepted and one wrong answer on Shortest Route, for the distribution
  const uid = await createUser(db, { username: 'reader', password: 'reader-pass1' });
  const [reader] = await db.select().from(userInfo).where(eq(userInfo.uuid, uid));
  const verdicts = [
    JudgeStatus.ACCEPTED,
    JudgeStatus.ACCEPTED,
    JudgeStatus.ACCEPTED,
    JudgeStatus.WRONG_ANSWER,
  ];
  await db.insert(judge).values(
    verdicts.map((status) => ({
      pid: route!.id,
      displayPid: ROUTE.problemId,
      uid,
      username: reader!.username,
      status,
      code: '// judged long ago',
      language: 'C++',
    })),
  );
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const rows = (page: Page) => page.locator('.problem-list-table .ant-table-row');
const titles = (page: Page) => page.locator('.problem-list-table .problem-list__title').allInnerTexts();

/** Waits until the list shows exactly these titles (in any order). */
async function expectTitles(page: Page, expected: string[]) {
  await expect.poll(async () => (await titles(page)).sort()).toEqual([...expected].sort());
}

const ALL_PUBLIC = ['A + B Problem', ROUTE.title, COINS.title];

describe('the problem list in the browser (spec part 1 §2)', () => {
  let context: BrowserContext;
  let page: Page;

  it('warns a visitor who opens a problem to log in, and opens the login dialog', async () => {
    ({ context, page } = await openPage(browser));
    await page.goto(`${server.url}/problem?l=en-US`);
    await expectTitles(page, ALL_PUBLIC);
    await page.locator('.problem-list-table').getByRole('link', { name: ROUTE.title }).click();
    await toast(page, 'Please login first').waitFor();
    await dialogPanel(page).getByLabel('Username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/problem');
    // the latest problems of the sidebar ask the same
    await popupsSettled(page); // a click during the opening zoom misses the button
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await page
      .locator('.latest-problems')
      .getByRole('link', { name: new RegExp(COINS.title) })
      .click();
    await toast(page, 'Please login first').waitFor();
    await dialog(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/problem');
    await popupsSettled(page); // a click during the opening zoom misses the button
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await dialog(page).waitFor({ state: 'hidden' });
  });

  it('filters by keyword and resets every filter', async () => {
    await signInThroughDialog(page, 'reader', 'reader-pass1');
    const search = page.getByLabel('Search by problem ID or title', { exact: true });
    await search.fill('coin');
    await search.press('Enter');
    await expectTitles(page, [COINS.title]);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('coin');
    // the problem id matches too
    await search.fill('pl-1001');
    await search.press('Enter');
    await expectTitles(page, [ROUTE.title]);

    await chooseInSelect(page, 'Level', 'Easy');
    await expectTitles(page, []);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expectTitles(page, ALL_PUBLIC);
    expect(await search.inputValue()).toBe('');
    expect(new URL(page.url()).search).toBe('');
  });

  it('filters by level', async () => {
    await chooseInSelect(page, 'Level', 'Normal');
    await expectTitles(page, [ROUTE.title]);
    expect(new URL(page.url()).searchParams.get('difficulty')).toBe('2');
    await chooseInSelect(page, 'Level', 'Very Easy');
    await expectTitles(page, ['A + B Problem']);
    await chooseInSelect(page, 'Level', 'All levels');
    await expectTitles(page, ALL_PUBLIC);
  });

  it('filters by tags grouped by classification, from the sidebar and from a row', async () => {
    const sidebar = page.locator('.tag-filter');
    // grouped: "Graphs (1)" holds dijkstra, the unclassified greedy sits under "Other (1)"
    await sidebar.getByText('Graphs (1)').waitFor();
    await sidebar.getByText('Other (1)').waitFor();
    await sidebar.locator('.tag-filter__tag', { hasText: 'dijkstra' }).click();
    await expectTitles(page, [ROUTE.title]);
    expect(JSON.parse(new URL(page.url()).searchParams.get('tagId') ?? '[]')).toHaveLength(1);
    await sidebar.getByLabel('Selected tags').getByText('dijkstra').waitFor();
    await sidebar.getByRole('button', { name: 'Clear' }).click();
    await expectTitles(page, ALL_PUBLIC);

    // the tag search narrows the sidebar
    const tagSearch = sidebar.getByLabel('Search tags', { exact: true });
    await tagSearch.fill('gree');
    await expect.poll(() => sidebar.locator('.tag-filter__tag').allInnerTexts()).toEqual(['greedy']);
    await tagSearch.fill('');

    // a tag under a title filters as well
    await page.locator('.problem-list__tags').getByText('greedy').click();
    await expectTitles(page, [COINS.title]);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expectTitles(page, ALL_PUBLIC);
  });

  it('shows or hides the tags under the titles, remembered in the browser', async () => {
    const rowTags = page.locator('.problem-list__tags');
    await expect.poll(() => rowTags.count()).toBe(2);
    const toggle = page.getByRole('switch', { name: 'Show tags' });
    await toggle.click();
    await expect.poll(() => rowTags.count()).toBe(0);
    await page.reload();
    await expectTitles(page, ALL_PUBLIC);
    expect(await rowTags.count()).toBe(0);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => rowTags.count()).toBe(2);
  });

  it('shows the result distribution of a row on hover: 8 statuses, 9 for OI', async () => {
    const routeRow = rows(page).filter({ hasText: ROUTE.title });
    expect(await routeRow.innerText()).toContain('75.00%');
    await routeRow.getByTestId('ac-rate').hover();
    const popover = page.locator('.ant-popover:not(.ant-popover-hidden)');
    await popover.getByText(`${ROUTE.problemId} ${ROUTE.title}`).waitFor();
    expect(await popover.locator('.status-distribution__head').innerText()).toBe('AC 3 / Total 4 (75.00%)');
    const bars = popover.locator('.status-distribution__row');
    expect(await bars.count()).toBe(8);
    const countOf = (short: string) =>
      bars
        .filter({ has: page.locator('.status-distribution__name', { hasText: new RegExp(`^${short}$`) }) })
        .locator('.status-distribution__count')
        .innerText();
    expect(await countOf('AC')).toBe('3');
    expect(await countOf('WA')).toBe('1');
    expect(await countOf('TLE')).toBe('0');

    await page.mouse.move(0, 0);
    await popover.waitFor({ state: 'hidden' });
    await rows(page).filter({ hasText: COINS.title }).getByTestId('ac-rate').hover();
    const oiPopover = page.locator('.ant-popover:not(.ant-popover-hidden)', { hasText: COINS.problemId });
    await oiPopover.waitFor();
    expect(await oiPopover.locator('.status-distribution__row').count()).toBe(9);
    await page.mouse.move(0, 0);
  });

  it('lists the latest public problems beside, newest first, and opens one', async () => {
    const latest = page.locator('.latest-problems .latest-problems__list li');
    await expect.poll(() => latest.count()).toBe(3);
    const ids = await page.locator('.latest-problems .latest-problems__id').allInnerTexts();
    expect(ids).not.toContain(SECRET.problemId);
    expect(ids.slice(0, 2).sort()).toEqual([ROUTE.problemId, COINS.problemId]);
    expect(ids[2]).toBe('P1000');
    await page
      .locator('.latest-problems')
      .getByRole('link', { name: new RegExp(COINS.title) })
      .click();
    await page.waitForURL(`**/problem/${COINS.problemId}`);
    await page.getByRole('heading', { name: new RegExp(COINS.title) }).waitFor();
  });

  it('picks a random problem with "Good luck to you" and opens it', async () => {
    await page.goto(`${server.url}/problem`);
    await expectTitles(page, ALL_PUBLIC);
    await page.getByRole('button', { name: 'Pick one' }).click();
    await toast(page, 'Good luck to you').waitFor();
    await page.waitForURL(/\/problem\/[^/]+$/);
    const opened = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    expect(['P1000', ROUTE.problemId, COINS.problemId]).toContain(opened);
    await page.locator('.statement-header').waitFor();
  });

  it('takes screenshots of the list and a problem page at 1280 and 768 px', async () => {
    await mkdir(SHOTS, { recursive: true });
    for (const width of [1280, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/problem`);
      await expectTitles(page, ALL_PUBLIC);
      await page.locator('.latest-problems__list').waitFor();
      // transitions finished, so that controls that have just become enabled do not look disabled
      const shot = { fullPage: true, animations: 'disabled' } as const;
      await page.screenshot({ path: `${SHOTS}/problem-list-${width}.png`, ...shot });
      await page.goto(`${server.url}/problem/${ROUTE.problemId}`);
      await page.locator('.problem-code-editor .cm-content').waitFor();
      await page.locator('.editor-footer button:not([disabled])', { hasText: 'Submit' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/problem-page-${width}.png`, ...shot });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('has no auth filter for a user; a super admin filters hidden problems with it', async () => {
    await page.goto(`${server.url}/problem`);
    await expectTitles(page, ALL_PUBLIC);
    expect(await page.getByRole('combobox', { name: 'Auth' }).count()).toBe(0);
    await context.close();

    ({ context, page } = await openPage(browser));
    await page.goto(`${server.url}/problem?l=en-US`);
    await signInThroughDialog(page, 'root', ROOT_PASSWORD);
    await expectTitles(page, ALL_PUBLIC);
    await chooseInSelect(page, 'Auth', 'Hidden');
    await expectTitles(page, [SECRET.title]);
    expect(new URL(page.url()).searchParams.get('auth')).toBe('2');
    await rows(page).filter({ hasText: SECRET.title }).getByText('Hidden').waitFor();
    await chooseInSelect(page, 'Auth', 'Public');
    await expectTitles(page, ALL_PUBLIC);
    await context.close();
  });
});
