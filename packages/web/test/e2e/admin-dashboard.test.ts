import { count, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeServer, userInfo } from '../../../server/src/db/schema/index.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import {
  assertBuilt,
  expectNoSidewaysScroll,
  launchChromium,
  openPage,
  saveScreenshot,
  signInToAdminApp,
} from './support.ts';

/**
 * The admin dashboard in a real browser against a real server (spec part 2 §2.7, issue 10
 * "Dashboard"): the counts, root's previous login, the server process and the judge workers with
 * their state — one worker that has just reported (online) and one silent for an hour (gone), both
 * registered in the real database — in both languages, at 1280 and 768 px.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  const now = Date.now();
  await server.db.insert(judgeServer).values([
    {
      name: 'dash-live',
      host: '10.0.0.7',
      languages: ['C++', 'Python3'],
      maxTaskNumber: 4,
      lastHeartbeat: new Date(now),
    },
    { name: 'dash-silent', host: '10.0.0.8', languages: ['Java'], lastHeartbeat: new Date(now - 3600_000) },
  ]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const workerRow = (page: Page, name: string) =>
  page.locator('[data-testid="dashboard-workers"] tr', { hasText: name });

async function switchLanguage(page: Page, lang: 'zh-CN' | 'en-US') {
  await page.goto(`${server.url}/admin/dashboard?l=${lang}`);
}

describe.each([
  { width: 1280, lang: 'en-US' as const, users: 'Total users', online: 'Online', gone: 'Gone' },
  { width: 768, lang: 'zh-CN' as const, users: '用户总数', online: '在线', gone: '离线' },
])('admin dashboard, $lang at $width px', ({ width, lang, users, online, gone }) => {
  it('shows the counts, the previous login, the server and the workers with their state', async () => {
    const [{ n }] = (await server.db.select({ n: count() }).from(userInfo)) as [{ n: number }];
    // the live worker beats as a real one does every 10 s (shown late once silent for two beats),
    // for as long as the page takes on a loaded machine (CI: 50 s)
    const beat = async () => {
      await server.db
        .update(judgeServer)
        .set({ lastHeartbeat: new Date() })
        .where(eq(judgeServer.name, 'dash-live'));
    };
    await beat();
    const beating = setInterval(() => void beat(), 5_000);
    const { context, page } = await openPage(browser, width);
    try {
      await signInToAdminApp(page, server.url, 'root', ROOT_PASSWORD);
      await switchLanguage(page, lang);
      const usersCard = page.getByTestId('dashboard-userNum');
      await expect.poll(() => usersCard.textContent()).toContain(users);
      await expect.poll(() => usersCard.textContent()).toContain(String(n));
      await expect.poll(() => page.getByTestId('dashboard-todayJudgeNum').textContent()).toMatch(/\d/);
      // root has signed in: its login is shown with the address it came from
      await expect.poll(() => page.getByTestId('dashboard-login').textContent()).toContain('127.0.0.1');
      await expect.poll(() => page.getByTestId('dashboard-server').textContent()).toContain(process.version);
      // issue 28 "Watching it": the dashboard links liveness, readiness and the API document, and names the metrics
      const monitoring = page.getByTestId('dashboard-monitoring');
      expect(
        await monitoring.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual(['/api/health', '/api/ready', '/api-doc']);
      expect(await monitoring.textContent()).toContain('/metrics');
      expect(await monitoring.textContent()).toContain('METRICS_TOKEN');

      const live = workerRow(page, 'dash-live');
      await expect.poll(() => live.locator('[data-state]').getAttribute('data-state')).toBe('online');
      expect(await live.textContent()).toContain(online);
      expect(await live.textContent()).toContain('10.0.0.7');
      expect(await live.textContent()).toContain('Python3');
      expect(await live.textContent()).toContain('0 / 4');
      const silent = workerRow(page, 'dash-silent');
      expect(await silent.locator('[data-state]').getAttribute('data-state')).toBe('gone');
      expect(await silent.textContent()).toContain(gone);
      expect(await silent.textContent()).toContain(lang === 'en-US' ? '1 h ago' : '1 小时前');

      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `admin-dashboard-${lang}-${width}`, { fullPage: true });
    } finally {
      clearInterval(beating);
      await context.close();
    }
  });
});
