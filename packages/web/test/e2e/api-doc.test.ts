import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiDocEnUS } from '../../src/i18n/areas/api-doc.en-US.ts';
import { apiDocZhCN } from '../../src/i18n/areas/api-doc.zh-CN.ts';
import {
  ADMIN_LAYOUTS,
  expectNoSidewaysScroll,
  openPage,
  popupsSettled,
  saveScreenshot,
  selectOption,
  useServerAndBrowser,
  type Language,
} from './support.ts';

/**
 * The API document page (issue 28) in a real browser against the real server: it reads
 * /api/openapi.json and lists the operations by tag; an operation opens to its access rule,
 * parameters and the fields of its answer; in both languages at 1280 and 768 px. Screenshots go to
 * $E2E_SHOTS_DIR (api-doc-*.png).
 */

const TEXT: Record<Language, typeof apiDocEnUS> = { 'en-US': apiDocEnUS, 'zh-CN': apiDocZhCN };

const env = useServerAndBrowser();

/** Picks a tag in the tag select by typing it (its list is longer than the dropdown shows). */
async function chooseTag(page: Page, selectName: string, tag: string) {
  await page.getByRole('combobox', { name: selectName }).click();
  await page.keyboard.type(tag);
  await popupsSettled(page);
  await selectOption(page, tag).click();
}

describe('the API document page (issue 28)', () => {
  for (const { width, lang } of ADMIN_LAYOUTS) {
    it(`lists operations by tag and shows one's parameters and answer, ${lang} at ${width} px`, async () => {
      const text = TEXT[lang];
      const { context, page } = await openPage(env.browser, width);
      try {
        await page.goto(`${env.server.url}/api-doc?l=${lang}`);
        await page.getByText(text.intro).waitFor();
        const submission = page.getByTestId('api-doc-tag-submission');
        await submission.getByText('/api/get-submission-list', { exact: true }).waitFor();
        await chooseTag(page, text.allTags, 'submission');
        await expect.poll(() => page.locator('.api-doc-tag').count()).toBe(1);
        await submission.getByText('/api/get-submission-list', { exact: true }).click();
        // its query parameters and the fields of the page it answers (shared/src/responses/submission.ts)
        const details = submission.locator('.api-doc-operation');
        await details.getByRole('cell', { name: 'problemID', exact: true }).waitFor();
        await expect.poll(() => details.locator('.api-doc-outline').innerText()).toContain('records');
        // who may call it, in the reader's language
        await details.getByText(text.rule.anon).waitFor();
        const outline = await details.locator('.api-doc-outline').innerText();
        expect(outline).toContain('submitTime');
        expect(outline).toContain('string (date-time)');
        await expectNoSidewaysScroll(page);
        await saveScreenshot(page, `api-doc-${lang}-${width}`, { fullPage: true });
        // a file answer says so instead of listing fields
        await chooseTag(page, text.allTags, 'ops');
        const ops = page.getByTestId('api-doc-tag-ops');
        await ops.getByText('/metrics', { exact: true }).click();
        await ops.getByText(text.file.replace('{{type}}', 'text/plain; version=0.0.4')).waitFor();
      } finally {
        await context.close();
      }
    }, 180_000);
  }
});
