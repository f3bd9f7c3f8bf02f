import type { DiscussionReportVO, DiscussionVO } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { discussion, discussionReport } from '../../../server/src/db/schema/index.ts';
import { adminDiscussionEnUS } from '../../src/i18n/areas/admin-discussion.en-US.ts';
import { adminDiscussionZhCN } from '../../src/i18n/areas/admin-discussion.zh-CN.ts';
import { call, loginRoot, newUser, postDiscussion, turnQuotasOff, type ApiUser } from './community-api.ts';
import {
  ADMIN_LAYOUTS,
  expectNoSidewaysScroll,
  openAdminAsRoot,
  popupsSettled,
  saveScreenshot,
  toast,
  useServerAndBrowser,
} from './support.ts';

/**
 * Issue 15's admin discussion screen in chromium against the real server (spec part 2 §2.7 and §7
 * "Admin"; reference §3.12 "Discussions"): a user's posts (made through the HTTP API) are found by
 * the search, hidden from the public list and shown again, pinned, two deleted at once behind a
 * confirmation, and a report on one is marked handled. Both languages, 1280 and 768 px.
 * Screenshots go to $E2E_SHOTS_DIR (admin-discussion-*.png).
 */

const env = useServerAndBrowser(turnQuotasOff);
let author: ApiUser;
let reporter: ApiUser;
let root: ApiUser;
beforeAll(async () => {
  root = await loginRoot(env.server);
  author = await newUser(env.server, 'poster');
  reporter = await newUser(env.server, 'watcher');
});

const LAYOUTS = ADMIN_LAYOUTS.map((layout) => ({
  ...layout,
  tag: `${layout.lang}-${layout.width}`,
  t: layout.lang === 'en-US' ? adminDiscussionEnUS : adminDiscussionZhCN,
}));

/** fill "{{name}}" as i18next does */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** The titles of the public discussion list (what an anonymous visitor sees). */
async function publicTitles(): Promise<string[]> {
  const page = await call<{ records: DiscussionVO[] }>(
    env.server,
    null,
    'GET',
    '/api/get-discussion-list?limit=100',
  );
  return page.records.map((d) => d.title ?? '');
}

const row = (page: Page, title: string) => page.getByRole('row', { name: new RegExp(title) });
const confirmButton = (page: Page, name: string) =>
  page.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name, exact: true });

describe('admin discussions (spec part 2 §2.7, §7 "Admin"; reference §3.12 "Discussions")', () => {
  for (const { width, lang, tag, t } of LAYOUTS) {
    it(
      `${tag}: search, hide and show, pin, delete several, mark a report handled`,
      { timeout: 240_000 },
      async () => {
        const titles = ['Hidden', 'Pinned', 'Doomed one', 'Doomed two'].map((w) => `${w} post ${tag}`);
        const ids: number[] = [];
        for (const title of titles) ids.push(await postDiscussion(env.server, author, title));
        await call(env.server, reporter, 'POST', '/api/discussion-report', {
          did: ids[0],
          content: `#spam# copied text ${tag}`,
        });

        const { context, page } = await openAdminAsRoot(env, { width, lang, path: '/admin/discussion' });
        try {
          // search: the keyword narrows the list to this layout's posts
          await page
            .getByRole('heading', { name: lang === 'en-US' ? 'Discussion Admin' : '讨论管理' })
            .waitFor();
          const search = page.locator('.ap-search input');
          await search.fill(tag);
          await search.press('Enter');
          await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(4);
          await expectNoSidewaysScroll(page);
          await saveScreenshot(page, `admin-discussion-${tag}-list`);

          // hide: the switch saves status 1, the post leaves the public list and is tagged hidden here
          const hidden = row(page, titles[0]!).getByRole('switch', {
            name: fill(t.showLabel, { title: titles[0]! }),
          });
          await hidden.click();
          await toast(page, t.updated).waitFor();
          await expect.poll(() => hidden.getAttribute('aria-checked')).toBe('false');
          await row(page, titles[0]!).getByText(t.hiddenTag, { exact: true }).waitFor();
          await expect.poll(publicTitles).not.toContain(titles[0]);
          // and shown again
          await hidden.click();
          await expect.poll(() => hidden.getAttribute('aria-checked')).toBe('true');
          await expect.poll(publicTitles).toContain(titles[0]);

          // pin: the post comes first in the public list
          const pin = row(page, titles[1]!).getByRole('switch', {
            name: fill(t.pinLabel, { title: titles[1]! }),
          });
          await pin.click();
          await expect.poll(() => pin.getAttribute('aria-checked')).toBe('true');
          await expect.poll(async () => (await publicTitles())[0]).toBe(titles[1]);
          const [pinned] = await env.server.db
            .select({ topPriority: discussion.topPriority })
            .from(discussion)
            .where(eq(discussion.id, ids[1]!));
          expect(pinned!.topPriority).toBe(true);
          // unpinned again, so the next layout's pin is first on its own
          await pin.click();
          await expect.poll(() => pin.getAttribute('aria-checked')).toBe('false');

          // delete several: two rows selected, one confirmation, both gone
          await row(page, titles[2]!).getByRole('checkbox').check();
          await row(page, titles[3]!).getByRole('checkbox').check();
          await page.getByRole('button', { name: fill(t.deleteSelected, { count: 2 }) }).click();
          await popupsSettled(page);
          await page.getByText(fill(t.deleteConfirm, { count: 2 })).waitFor();
          await confirmButton(page, t.delete).click();
          await toast(page, t.deleted).waitFor();
          await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(2);
          for (const id of ids.slice(2)) {
            expect(await env.server.db.select().from(discussion).where(eq(discussion.id, id))).toEqual([]);
          }

          // reports: this layout's report shows unhandled; marking it handled is saved
          await page.getByRole('tab', { name: t.tabReports }).click();
          const report = page.getByRole('row', { name: new RegExp(`copied text ${tag}`) });
          await report.getByText(t.report.unhandled, { exact: true }).waitFor();
          expect(await report.getByRole('link', { name: titles[0] }).getAttribute('href')).toBe(
            `/discussion-detail/${ids[0]}`,
          );
          expect(await report.textContent()).toContain('watcher');
          await expectNoSidewaysScroll(page);
          await saveScreenshot(page, `admin-discussion-${tag}-reports`);
          await report.getByRole('button', { name: t.report.markHandled }).click();
          await toast(page, t.updated).waitFor();
          await report.getByText(t.report.handled, { exact: true }).waitFor();
          const reports = await env.server.db
            .select({ status: discussionReport.status })
            .from(discussionReport)
            .where(eq(discussionReport.did, ids[0]!));
          expect(reports.map((r) => r.status)).toEqual([true]);
          const listed = await call<{ records: DiscussionReportVO[] }>(
            env.server,
            root,
            'GET',
            '/api/admin/discussion-report?limit=100',
          );
          expect(listed.records.find((r) => r.did === ids[0])?.status).toBe(true);
        } finally {
          await context.close();
        }
      },
    );
  }
});
