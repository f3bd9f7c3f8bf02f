import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Db } from '../../../server/src/db/client.ts';
import { systemConfig } from '../../../server/src/db/schema/index.ts';
import { popupsSettled, selectOption } from './support.ts';

/** Shared by the browser tests of the problem screens: the editor, its selects and the submit panel. */

export const codeEditor = (page: Page) => page.locator('.problem-code-editor .cm-content');

/**
 * Replaces the editor's text: focus it, select all, insert (no auto-indent or bracket closing),
 * then waits until the editor shows `expected` (a piece of the code).
 */
export async function typeCode(page: Page, code: string, expected: string): Promise<void> {
  const editor = codeEditor(page);
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
  await expect.poll(() => editor.innerText()).toContain(expected);
}

/** The select of the editor toolbar named `label` (its aria-label: Editor theme, Font size…). */
export const toolbarSelect = (page: Page, label: string) =>
  page.locator('.editor-toolbar .ant-select', { has: page.getByRole('combobox', { name: label }) });

/**
 * Opens a select and picks the option titled `option` once the dropdown has settled (a click during
 * its slide-in misses), then waits until the select shows it.
 */
export async function chooseFrom(page: Page, select: ReturnType<Page['locator']>, option: string) {
  await select.click();
  await popupsSettled(page);
  await selectOption(page, option).click();
  await expect.poll(() => select.innerText()).toBe(option);
}

export const chooseLanguage = (page: Page, name: string) =>
  chooseFrom(page, page.getByTestId('language-select'), name);

/** The status tag of the submit panel, once it shows this status. */
export const panelStatus = (page: Page, status: number) =>
  page.locator(`.submit-status .judge-status-tag[data-status="${status}"]`);

/** Merges `values` into the site's 'switch' config (reference §7.14), as the admin's switch page does. */
export async function setSwitches(db: Db, values: Record<string, unknown>): Promise<void> {
  const [row] = await db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
  await db
    .update(systemConfig)
    .set({ value: { ...(row!.value as object), ...values } })
    .where(eq(systemConfig.name, 'switch'));
}
