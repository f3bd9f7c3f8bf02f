import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { userInfo } from '../../../server/src/db/schema/index.ts';
import { adminUserEnUS } from '../../src/i18n/areas/admin-user.en-US.ts';
import { adminUserZhCN } from '../../src/i18n/areas/admin-user.zh-CN.ts';
import {
  expectNoSidewaysScroll,
  openSignedInPage,
  ROOT_ADMIN,
  saveScreenshot,
  toast,
  useServerAndBrowser,
} from './support.ts';

/**
 * The import screen's progress bar (issue 10: importing many users "shows progress in the
 * screen"). The answer of insert-batch-user is held back in the browser after the server has
 * finished, so the bar is seen reporting the server's own figures (import-progress) without any
 * timing; the API test (server/test/admin/user-import-progress.test.ts) shows it advancing.
 */

const env = useServerAndBrowser();

describe.each([
  { width: 1280, lang: 'en-US' as const, text: adminUserEnUS },
  { width: 768, lang: 'zh-CN' as const, text: adminUserZhCN },
])('import progress, $lang at $width px', ({ width, lang, text }) => {
  it('shows "n / total" from the server while the import request runs', async () => {
    const names = [1, 2, 3].map((n) => `prog${lang.slice(0, 2)}${width}x${n}`);
    const { context, page } = await openSignedInPage(env, ROOT_ADMIN, width);
    try {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/admin/user/insert-batch-user', async (route) => {
        const response = await route.fetch(); // the server runs the whole import
        await held;
        await route.fulfill({ response });
      });
      await page.goto(`${env.server.url}/admin/user?l=${lang}`);
      await page
        .getByRole('textbox', { name: text.csvText })
        .fill(names.map((n) => `${n},secret1`).join('\n'));
      await page.getByRole('button', { name: text.import }).click();

      const bar = page.getByTestId('import-progress');
      await bar.waitFor();
      await expect.poll(() => page.getByTestId('import-progress-count').textContent()).toBe('3 / 3');
      await bar.getByText(text.importProgress.done).waitFor();
      await expectNoSidewaysScroll(page);
      await bar.scrollIntoViewIfNeeded();
      await saveScreenshot(page, `admin-user-import-progress-${lang}-${width}`);

      release();
      await toast(page, text.imported).waitFor();
      await bar.waitFor({ state: 'detached' });
      const written = await env.server.db.select().from(userInfo).where(inArray(userInfo.username, names));
      expect(written).toHaveLength(3);
    } finally {
      await context.close();
    }
  }, 180_000);
});
