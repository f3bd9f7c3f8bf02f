import { JudgeStatus } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { enUS } from '../../src/i18n/en-US.ts';
import { zhCN } from '../../src/i18n/zh-CN.ts';
import { insertProblems, insertSubmissions, insertUser, times } from './home-support.ts';
import {
  ADMIN_LAYOUTS,
  expectNoSidewaysScroll,
  openPage,
  popupsSettled,
  saveScreenshot,
  signInThroughDialog,
  useServerAndBrowser,
  type Language,
} from './support.ts';

/**
 * The user home in a real browser against the real server (spec part 2 §2.6, reference §3.1,
 * §7.11): the profile (avatar, last login, gender, title, nickname, school, GitHub, blog), the
 * counts, the one-year calendar heatmap, and the tabs: profile markdown, solved problems by
 * difficulty, tried but unsolved. A banned or unknown user is "not found"; the user menu's Home
 * opens one's own page. Both languages at 1280 and 768 px; screenshots in $E2E_SHOTS_DIR
 * (user-home-*.png).
 */

const TEXT: Record<Language, typeof enUS> = { 'en-US': enUS, 'zh-CN': zhCN };
const ALICE = { username: 'alice', password: 'alice-pass1' };

const env = useServerAndBrowser(async (server) => {
  const db = server.db;
  const problems = await insertProblems(db);
  const alice = {
    uid: await insertUser(db, {
      ...ALICE,
      nickname: 'Wonderland',
      titleName: 'Explorer',
      titleColor: '#fa8c16',
      school: 'Rabbit Hole University',
      github: 'alice-codes',
      blog: 'https://alice.example.org',
      gender: 'female',
      signature: '## About me\n\nI like **graphs**.',
    }),
    username: 'alice',
  };
  await insertUser(db, { username: 'eve', banned: true });
  // 3 solved (difficulties 0, 1, 3), 1 tried and unsolved; 9 submissions in the last year, 2 older
  await insertSubmissions(db, alice, problems, [
    { problemId: 'HM-1001', status: JudgeStatus.ACCEPTED, daysAgo: 200 },
    ...times(2, { problemId: 'HM-1002', status: JudgeStatus.WRONG_ANSWER, daysAgo: 30 }),
    { problemId: 'HM-1002', status: JudgeStatus.ACCEPTED, daysAgo: 30 },
    { problemId: 'HM-1004', status: JudgeStatus.ACCEPTED, daysAgo: 2 },
    ...times(4, { problemId: 'HM-1003', status: JudgeStatus.WRONG_ANSWER, daysAgo: 1 }),
    ...times(2, { problemId: 'HM-1003', status: JudgeStatus.TIME_LIMIT_EXCEEDED, daysAgo: 400 }),
  ]);
});

describe('user home (spec part 2 §2.6)', () => {
  for (const [index, { width, lang }] of ADMIN_LAYOUTS.entries()) {
    it(`profile, counts, heatmap and both problem tabs, ${lang} at ${width} px`, async () => {
      const text = TEXT[lang];
      const { context, page } = await openPage(env.browser, width);
      try {
        if (index === 0) {
          // the user menu's Home opens one's own page (signed in through the English dialog)
          await page.goto(`${env.server.url}/home?l=en-US`);
          await signInThroughDialog(page, ALICE.username, ALICE.password);
          await page.getByRole('button', { name: 'User menu' }).click();
          await popupsSettled(page);
          await page.locator('.ant-dropdown-menu-item', { hasText: enUS.nav.userHome }).click();
          await page.waitForURL('**/user-home?username=alice');
        } else {
          await page.goto(`${env.server.url}/user-home?username=alice&l=${lang}`);
        }
        const home = page.locator('.user-home');
        await home.locator('.user-home-card__username', { hasText: 'alice' }).waitFor({ timeout: 30_000 });
        const card = await home.locator('.user-home-card').innerText();
        for (const shown of [
          'Wonderland',
          'Explorer',
          'Rabbit Hole University',
          text.userHome.github,
          text.userHome.blog,
        ]) {
          expect(card).toContain(shown);
        }
        expect(await home.locator('.user-home-gender--female').count()).toBe(1);
        expect(await home.getByRole('link', { name: text.userHome.github }).getAttribute('href')).toBe(
          'https://github.com/alice-codes',
        );
        // signed in once (the first layout), so the last login is known from then on
        if (index > 0) expect(card).not.toContain(text.userHome.neverLoggedIn);

        // counts (reference §7.11): 11 public submissions, 3 solved, no OI score, no rating
        const counts = home.locator('.user-home-counts .ant-statistic');
        const count = async (title: string) =>
          (await counts.filter({ hasText: title }).locator('.ant-statistic-content').innerText()).trim();
        await expect.poll(() => count(text.userHome.counts.submissions)).toBe('11');
        expect(await count(text.userHome.counts.solved)).toBe('3');
        expect(await count(text.userHome.counts.score)).toBe('0');
        expect(await counts.filter({ hasText: text.userHome.counts.rating }).count()).toBe(0);

        // the heatmap: a year of days; the two submissions 400 days ago are outside it
        const heatmap = page.locator('.user-home-heatmap');
        await heatmap
          .getByRole('img', { name: text.userHome.heatmap.label })
          .locator('canvas')
          .first()
          .waitFor();
        await heatmap.getByText(text.userHome.heatmap.summary.replace('{{count}}', '9')).waitFor();

        // profile tab: the markdown
        const tabs = page.locator('.user-home-tabs');
        await tabs.locator('.markdown-body h2', { hasText: 'About me' }).waitFor();
        await saveScreenshot(page, `user-home-${lang}-${width}`, { fullPage: true });

        // solved, grouped by difficulty, easiest first
        await tabs.getByRole('tab', { name: new RegExp(text.userHome.tabs.solved) }).click();
        const groups = tabs.locator('.user-home-solved__group');
        await expect
          .poll(() => groups.evaluateAll((els) => els.map((el) => el.getAttribute('data-difficulty'))))
          .toEqual(['0', '1', '3']);
        expect(await groups.first().innerText()).toContain(text.problem.level.veryEasy);
        expect(await groups.first().innerText()).toContain('HM-1001');
        expect(await groups.nth(2).innerText()).toContain('HM-1004');
        await saveScreenshot(page, `user-home-solved-${lang}-${width}`);

        // tried but unsolved: HM-1003 only
        await tabs.getByRole('tab', { name: new RegExp(text.userHome.tabs.overcoming) }).click();
        const tried = tabs.locator('.user-home-overcoming .user-home-problem');
        await expect.poll(() => tried.allInnerTexts()).toEqual(['HM-1003']);
        await expectNoSidewaysScroll(page);

        // a banned user and an unknown one are "not found"
        for (const who of ['eve', 'nobody-here']) {
          await page.goto(`${env.server.url}/user-home?username=${who}&l=${lang}`);
          await page.getByText(text.userHome.notFound, { exact: true }).waitFor();
          await page.getByRole('button', { name: text.notFound.goHome }).waitFor();
        }
        await saveScreenshot(page, `user-home-not-found-${lang}-${width}`);
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
