import { JudgeStatus } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { rankEnUS } from '../../src/i18n/areas/rank.en-US.ts';
import { rankZhCN } from '../../src/i18n/areas/rank.zh-CN.ts';
import { insertProblems, insertSubmissions, insertUser, times } from './home-support.ts';
import {
  ADMIN_LAYOUTS,
  expectNoSidewaysScroll,
  openPage,
  saveScreenshot,
  useServerAndBrowser,
  type Language,
} from './support.ts';

/**
 * The site rank lists in a real browser against the real server (spec part 1 §2 "Rank lists",
 * reference §3.7, §7.11): the top-10 chart, the table in rank order with ties (ACM: AC desc, then
 * fewer submissions; OI: score desc, then AC), the name colour, the search, and the AC count opening
 * that user's accepted submissions; in both languages at 1280 and 768 px. Screenshots go to
 * $E2E_SHOTS_DIR (rank-*.png).
 */

const TEXT: Record<Language, typeof rankEnUS> = { 'en-US': rankEnUS, 'zh-CN': rankZhCN };

const env = useServerAndBrowser(async (server) => {
  const db = server.db;
  const problems = await insertProblems(db);
  const user = async (username: string, extra: Parameters<typeof insertUser>[1] = { username }) => ({
    uid: await insertUser(db, { ...extra, username }),
    username,
  });
  const alice = await user('alice', {
    username: 'alice',
    nickname: 'Wonderland',
    titleName: 'Champion',
    titleColor: '#722ed1',
  });
  const bob = await user('bob');
  const carol = await user('carol', { username: 'carol', signature: 'OI all the way' });
  const dave = await user('dave');
  const eve = await user('eve', { username: 'eve', banned: true });
  // alice: 4 AC of 5 submissions; carol: 2 of 2 (one OI, 18 points); bob: 2 of 4; dave: 0 of 1
  await insertSubmissions(db, alice, problems, [
    ...['HM-1001', 'HM-1002', 'HM-1003', 'HM-1004'].map((problemId) => ({
      problemId,
      status: JudgeStatus.ACCEPTED,
      daysAgo: 3,
    })),
    { problemId: 'HM-1003', status: JudgeStatus.WRONG_ANSWER, daysAgo: 4 },
  ]);
  await insertSubmissions(db, carol, problems, [
    { problemId: 'HM-1001', status: JudgeStatus.ACCEPTED, daysAgo: 2 },
    { problemId: 'HM-1005', status: JudgeStatus.ACCEPTED, daysAgo: 1, score: 100, oiRankScore: 18 },
  ]);
  await insertSubmissions(db, bob, problems, [
    { problemId: 'HM-1001', status: JudgeStatus.ACCEPTED, daysAgo: 2 },
    { problemId: 'HM-1002', status: JudgeStatus.ACCEPTED, daysAgo: 2 },
    ...times(2, { problemId: 'HM-1003', status: JudgeStatus.WRONG_ANSWER, daysAgo: 1 }),
  ]);
  await insertSubmissions(db, dave, problems, [
    { problemId: 'HM-1001', status: JudgeStatus.WRONG_ANSWER, daysAgo: 1 },
  ]);
  // a banned user never shows, however much they solved
  await insertSubmissions(
    db,
    eve,
    problems,
    ['HM-1001', 'HM-1002', 'HM-1003', 'HM-1004', 'HM-1005'].map((problemId) => ({
      problemId,
      status: JudgeStatus.ACCEPTED,
      daysAgo: 1,
    })),
  );
});

const rowNames = (page: import('playwright-core').Page) =>
  page.locator('.rank-table-card tbody tr.ant-table-row .rank-user__name').allInnerTexts();

describe('rank lists (spec part 1 §2 "Rank lists")', () => {
  for (const { width, lang } of ADMIN_LAYOUTS) {
    it(`ACM and OI lists with chart, order, search and AC link, ${lang} at ${width} px`, async () => {
      const text = TEXT[lang];
      const { context, page } = await openPage(env.browser, width);
      try {
        await page.goto(`${env.server.url}/acm-rank?l=${lang}`);
        await page.getByRole('heading', { name: text.title.acm }).waitFor();
        // reference §7.11: ACM by AC desc, then fewer submissions (carol 2/2 before bob 2/4)
        await expect
          .poll(() => rowNames(page), { timeout: 30_000 })
          .toEqual(['alice', 'carol', 'bob', 'dave']);
        const chart = page.getByRole('img', { name: text.chartLabel.acm });
        await chart.locator('canvas').first().waitFor();
        expect((await chart.boundingBox())!.height).toBeGreaterThan(200);
        // the title tag and the name's colour (spec §9: under 100 AC is gray)
        const alice = page.locator('.rank-table-card tbody tr', { hasText: 'alice' });
        await expect.poll(() => alice.locator('.rank-user__title').innerText()).toBe('Champion');
        expect(await alice.locator('.rank-user__name').evaluate((el) => getComputedStyle(el).color)).toBe(
          'rgb(140, 140, 140)',
        );
        await expectNoSidewaysScroll(page);
        await saveScreenshot(page, `rank-acm-${lang}-${width}`, { fullPage: true });

        // search by nickname (reference §3.7: username, nickname or real name)
        const search = page.locator('.rank-search input');
        await search.fill('Wonder');
        await search.press('Enter');
        await expect.poll(() => rowNames(page)).toEqual(['alice']);
        expect(new URL(page.url()).searchParams.get('searchUser')).toBe('Wonder');
        // the chart keeps the unfiltered top 10 while the table is searched
        await chart.locator('canvas').first().waitFor();

        // the AC count opens alice's accepted submissions
        await page.getByRole('link', { name: text.acLink.replace('{{username}}', 'alice') }).click();
        await page.waitForURL('**/status?**');
        const target = new URL(page.url());
        expect(target.searchParams.get('username')).toBe('alice');
        expect(target.searchParams.get('status')).toBe('0');

        // OI: score desc, then AC (carol's 18 points first, then alice's 4 AC, bob's 2, dave's 0)
        await page.goto(`${env.server.url}/oi-rank?l=${lang}`);
        await page.getByRole('heading', { name: text.title.oi }).waitFor();
        await expect
          .poll(() => rowNames(page), { timeout: 30_000 })
          .toEqual(['carol', 'alice', 'bob', 'dave']);
        const carol = page.locator('.rank-table-card tbody tr', { hasText: 'carol' });
        expect(await carol.innerText()).toContain('18');
        await page.getByRole('img', { name: text.chartLabel.oi }).locator('canvas').first().waitFor();
        const oiSearch = page.locator('.rank-search input');
        await oiSearch.fill('bo');
        await oiSearch.press('Enter');
        await expect.poll(() => rowNames(page)).toEqual(['bob']);
        await expectNoSidewaysScroll(page);
        await saveScreenshot(page, `rank-oi-${lang}-${width}`, { fullPage: true });
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
