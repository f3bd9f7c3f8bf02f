import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSysNotice, userSysNotice } from '../../../server/src/db/schema/index.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { adminContentEnUS } from '../../src/i18n/areas/admin-content.en-US.ts';
import { adminContentZhCN } from '../../src/i18n/areas/admin-content.zh-CN.ts';
import {
  ADMIN_LAYOUTS,
  chooseInSelect,
  expectNoSidewaysScroll,
  openAdminAsRoot,
  popupsSettled,
  saveScreenshot,
  toast,
  useServerAndBrowser,
} from './support.ts';

/**
 * The admin content screens in a real browser against a real server (spec part 2 §2.7), each in
 * both languages at 1280 and 768 px: root creates an announcement with the markdown field, hides
 * it with the row's switch (it leaves GET /api/get-common-announcement, reference §3.2) and deletes
 * it after the confirmation (reference §3.12 "Announcements"); a system notice to one user is
 * refused without its recipient, then sent to the user named by username, who receives it, and
 * deleted (reference §3.12 "System notices"); public judging is switched on /admin/switch and a
 * submit follows the switch (reference §7.14).
 */

let readerUid = '';
const env = useServerAndBrowser(async (server) => {
  readerUid = await createUser(server.db, { username: 'reader', password: 'reader-pass' });
});

const LAYOUTS = ADMIN_LAYOUTS.map((layout) => ({
  ...layout,
  tag: `${layout.lang === 'en-US' ? 'en' : 'zh'}-${layout.width}`,
  text: layout.lang === 'en-US' ? adminContentEnUS : adminContentZhCN,
  page:
    layout.lang === 'en-US'
      ? { announcements: 'Announcement Admin', notices: 'System Notice', preview: 'Preview' }
      : { announcements: '公告管理', notices: '系统通知', preview: '预览' },
}));

/** The titles the home page's list would show (reference §3.2: shown announcements only). */
async function publicTitles(): Promise<string[]> {
  const response = await fetch(`${env.server.url}/api/get-common-announcement?limit=50`);
  const envelope = (await response.json()) as { data: { records: { title: string }[] } };
  return envelope.data.records.map((row) => row.title);
}

/** Deletes the row named `name` through its confirmation and waits for the toast and the row to go. */
async function deleteRow(page: Page, name: string, texts: { delete: string; deleted: string }) {
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: `${texts.delete} ${name}` }).click();
  await popupsSettled(page);
  await page.locator('.ant-popover').getByRole('button', { name: texts.delete }).click();
  await toast(page, texts.deleted).waitFor();
  await row.waitFor({ state: 'detached' });
}

describe.each(LAYOUTS)(
  'admin content screens, $lang at $width px',
  ({ width, lang, tag, text, page: names }) => {
    const a = text.announcement;
    // one sign-in per layout: each test opens its screen in the same signed-in page
    let opened: Awaited<ReturnType<typeof openAdminAsRoot>> | undefined;
    beforeAll(async () => {
      opened = await openAdminAsRoot(env, { width, lang, path: '/admin/dashboard' });
    });
    afterAll(() => opened?.context.close());
    const open = async (path: string) => {
      await opened!.page.goto(`${env.server.url}${path}?l=${lang}`);
      return opened!.page;
    };

    it('creates, hides and deletes an announcement', async () => {
      const name = `Spring contest ${tag}`;
      const page = await open('/admin/announcement');
      await page.getByRole('heading', { name: names.announcements }).waitFor();
      await page.getByRole('button', { name: a.create }).click();
      await popupsSettled(page);
      const form = page.getByRole('dialog');
      // an empty title is refused in the dialog, as the server would
      await form.getByRole('button', { name: a.save }).click();
      await form.getByText(a.titleRequired).waitFor();
      await form.getByLabel(a.title).fill(name);
      await form.getByLabel(a.content).fill('**Contest** on *Friday*');
      await form.getByText(names.preview, { exact: true }).click();
      await form.locator('strong', { hasText: 'Contest' }).waitFor();
      await saveScreenshot(page, `admin-announcement-${tag}-dialog`);
      await form.getByRole('button', { name: a.save }).click();
      await toast(page, a.created_).waitFor();
      await form.waitFor({ state: 'hidden' });
      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.waitFor();
      await expect.poll(publicTitles).toContain(name);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `admin-announcement-${tag}-table`);

      // hide it: the switch saves status 1 and the public list no longer has it
      const shown = row.getByRole('switch', { name: `${a.status} ${name}` });
      await expect.poll(() => shown.getAttribute('aria-checked')).toBe('true');
      await shown.click();
      await toast(page, a.updated).waitFor();
      await expect.poll(() => shown.getAttribute('aria-checked')).toBe('false');
      await expect.poll(publicTitles).not.toContain(name);

      await deleteRow(page, name, a);
    });

    it('sends a notice to one user named by username, who receives it, and deletes it', async () => {
      const n = text.notice;
      const name = `Downtime ${tag}`;
      const page = await open('/admin/notice');
      await page.getByRole('heading', { name: names.notices }).waitFor();
      await page.getByRole('button', { name: n.create }).click();
      await popupsSettled(page);
      const form = page.getByRole('dialog');
      await form.getByLabel(n.title).fill(name);
      await form.getByLabel(n.content).fill('Maintenance tonight');
      // a Single notice needs its recipient (sysNoticeBody), refused in the dialog
      await chooseInSelect(page, n.type, n.typeSingle);
      await form.getByRole('button', { name: a.save }).click();
      await form.getByText(n.recipientRequired).waitFor();
      await form.getByLabel(n.recipient).fill('reader');
      await saveScreenshot(page, `admin-notice-${tag}-dialog`);
      await form.getByRole('button', { name: a.save }).click();
      await toast(page, a.created_).waitFor();
      await form.waitFor({ state: 'hidden' });
      const row = page.getByRole('row', { name: new RegExp(name) });
      await expect.poll(() => row.textContent()).toContain(n.typeSingle);
      expect(await row.textContent()).toContain('reader');
      // delivered to that user's "Mine" notices (reference §7.15)
      const [notice] = await env.server.db
        .select({ id: adminSysNotice.id })
        .from(adminSysNotice)
        .where(eq(adminSysNotice.title, name));
      const delivered = await env.server.db
        .select()
        .from(userSysNotice)
        .where(and(eq(userSysNotice.sysNoticeId, notice!.id), eq(userSysNotice.recipientId, readerUid)));
      expect(delivered.map((r) => r.type)).toEqual(['Mine']);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `admin-notice-${tag}-table`);

      await deleteRow(page, name, a);
    });

    it('switches public judging, and a submit follows the switch', async () => {
      const s = text.switch;
      const page = await open('/admin/switch');
      const judging = page.getByLabel(s.openPublicJudge);
      await page.getByLabel(s.defaultSubmitInterval).waitFor();
      await page.getByText(s.quota, { exact: true }).waitFor();
      const wasOpen = (await judging.getAttribute('aria-checked')) === 'true';
      await judging.click();
      await page.getByRole('button', { name: s.save }).click();
      await toast(page, s.saved).waitFor();
      if (wasOpen) await expect.poll(submitMessage).toBe(JUDGE_CLOSED);
      else await expect.poll(submitMessage).not.toBe(JUDGE_CLOSED);
      await expectNoSidewaysScroll(page);
      await saveScreenshot(page, `admin-switch-${tag}`, { fullPage: true });
    });
  },
);

/** Root's submit of a problem that does not exist: the judging switch is checked first (§6.1). */
async function submitMessage(): Promise<string> {
  const login = await fetch(`${env.server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
  });
  const token = login.headers.get('authorization') ?? '';
  const response = await fetch(`${env.server.url}/api/submit-problem-judge`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify({ pid: 'no-such-problem', language: 'C++', code: 'int main() { return 0; }' }),
  });
  return ((await response.json()) as { msg: string }).msg;
}

const JUDGE_CLOSED = 'Judging is closed on this site at the moment: submitting and testing are disabled!';
