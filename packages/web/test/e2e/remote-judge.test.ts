import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, remoteJudgeAccount } from '../../../server/src/db/schema/index.ts';
import { replaceAccounts } from '../../../server/src/modules/remote-judge/accounts.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { FakeCodeforces } from '../../../judge/test/remote-fakes/codeforces.ts';
import { adminContentEnUS } from '../../src/i18n/areas/admin-content.en-US.ts';
import { adminContentZhCN } from '../../src/i18n/areas/admin-content.zh-CN.ts';
import { startRemoteJudgeWorker, type TestJudgeWorker } from './judge-worker.ts';
import { chooseLanguage, panelStatus, setSwitches, typeCode } from './problem-support.ts';
import {
  ADMIN_LAYOUTS,
  assertBuilt,
  expectNoSidewaysScroll,
  launchChromium,
  openAdminAsRoot,
  openSignedInPage,
  popupsSettled,
  saveScreenshot,
  selectOption,
  toast,
} from './support.ts';

/**
 * Issue 30's browser test: an admin imports CF-1000A from the fake Codeforces through the "Import
 * remote problem" dialog (reference §10.3); a student opens it, sees only the site's languages and
 * the link to the problem on the site, and submits; a real remote-judge worker process submits it
 * on the fake site, and the panel, the status page and the detail show Accepted with the site's
 * time, memory, run id and per-test rows (reference §10.2).
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let cf: FakeCodeforces;
let worker: TestJudgeWorker;
const env = {
  get server() {
    return server;
  },
  get browser() {
    return browser;
  },
};

beforeAll(async () => {
  assertBuilt();
  cf = await new FakeCodeforces().start();
  cf.accounts.set('club-1', 'secret-1');
  // the server's importer reads the site's address from here (remote-import/sites)
  process.env.VERDICT_REMOTE_CF_URL = cf.url;
  server = await startTestServer();
  await setSwitches(server.db, { defaultSubmitInterval: 0 });
  await createUser(server.db, { username: 'student', password: 'student-pass1' });
  await replaceAccounts(server.db, { CF: { usernames: ['club-1'], passwords: ['secret-1'] } });
  worker = await startRemoteJudgeWorker(server.url, 'remote-e2e', ['CF'], { VERDICT_REMOTE_CF_URL: cf.url });
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await server?.close();
  await cf?.close();
  delete process.env.VERDICT_REMOTE_CF_URL;
});

/** The label → value pairs of the submission detail's information block. */
async function detailFacts(page: Page): Promise<Record<string, string>> {
  const info = page.locator('.submission-detail__info');
  await info.waitFor();
  const labels = await info.locator('.ant-descriptions-item-label').allInnerTexts();
  const values = await info.locator('.ant-descriptions-item-content').allInnerTexts();
  return Object.fromEntries(labels.map((label, i) => [label.trim(), values[i]!.trim()]));
}

const STUDENT_TEXT = {
  'en-US': {
    siteLink: 'Open on the remote judge',
    submit: 'Submit',
    time: 'Time',
    memory: 'Memory',
    remoteRunId: 'Remote run ID',
    tooShort: 'The code must be at least 50 characters long',
  },
  'zh-CN': {
    siteLink: '在原 OJ 查看',
    submit: '提交',
    time: '运行时间',
    memory: '运行内存',
    remoteRunId: '远程提交 ID',
    tooShort: '代码字符长度请不要低于50',
  },
} as const;

const TEXT = {
  'en-US': {
    button: 'Import remote problem',
    site: 'Remote judge',
    id: 'Problem ID on that site',
    ok: 'Import',
  },
  'zh-CN': { button: '导入远程题目', site: '远程 OJ', id: '该平台的题目 ID', ok: '导入' },
} as const;

describe('remote judge screens (issue 30, reference §10)', () => {
  it.each(ADMIN_LAYOUTS)(
    'an admin imports a Codeforces problem through the dialog ($width px, $lang)',
    async ({ width, lang }) => {
      const remoteId = lang === 'en-US' ? '1000A' : '1001A';
      const text = TEXT[lang];
      const { context, page } = await openAdminAsRoot(env, { width, lang, path: '/admin/problems' });
      try {
        await page.getByRole('button', { name: text.button }).click();
        await popupsSettled(page);
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('combobox', { name: text.site }).click();
        await popupsSettled(page);
        await selectOption(page, 'CF').click();
        await dialog.getByRole('textbox', { name: text.id }).fill(remoteId);
        await saveScreenshot(page, `remote-import-dialog-${width}-${lang}`);
        await expectNoSidewaysScroll(page);
        await dialog.getByRole('button', { name: text.ok }).click();
        await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
        await page.getByRole('cell', { name: new RegExp(`^CF-${remoteId}`) }).waitFor();
        await saveScreenshot(page, `remote-import-list-${width}-${lang}`);
      } finally {
        await context.close();
      }
    },
  );

  it.each(ADMIN_LAYOUTS)(
    'a student submits in the browser; the remote worker judges it through the site: Accepted with time, memory, the run id and the tests ($width px, $lang)',
    async ({ width, lang }) => {
      const remoteId = lang === 'en-US' ? '1000A' : '1001A';
      const text = STUDENT_TEXT[lang];
      const { context, page } = await openSignedInPage(
        env,
        { username: 'student', password: 'student-pass1' },
        width,
      );
      try {
        await page.goto(`${server.url}/problem/CF-${remoteId}?l=${lang}`);
        await page.getByRole('heading', { name: /Stones on the Table/ }).waitFor();
        // the page links to the problem on the site (reference §10.3)
        const siteLink = page.getByRole('link', { name: text.siteLink });
        expect(await siteLink.getAttribute('href')).toBe(
          `${cf.url}/problemset/problem/${remoteId.slice(0, -1)}/${remoteId.slice(-1)}`,
        );
        // only the site's languages: no local language such as "C++"
        await page.getByTestId('language-select').click();
        await popupsSettled(page);
        const options = await page
          .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
          .evaluateAll((items) => items.map((i) => i.getAttribute('title')));
        expect(options).toContain('GNU G++17 7.3.0');
        expect(options).not.toContain('C++');
        await page.keyboard.press('Escape');
        await chooseLanguage(page, 'GNU G++17 7.3.0');
        const submit = page.getByRole('button', { name: new RegExp(`(^|\\s)${text.submit}$`) });
        // reference §6.1 step 3: under 50 characters is refused with its reason, as for a local problem
        // (why an earlier version of this test saw "no submission": its program was 24 characters)
        await typeCode(page, 'int main() { return 0; }', 'int main');
        await submit.click();
        await toast(page, text.tooShort).waitFor();
        const code = `int main() { return 0; } // ${lang}: submitted from the browser`;
        await typeCode(page, code, 'submitted from the browser');

        // spec part 1 §"Submit payload": the site's language and isRemote; the worker submits it on the site
        await submit.click();
        await panelStatus(page, JudgeStatus.ACCEPTED).waitFor({ timeout: 90_000 });
        await saveScreenshot(page, `remote-submit-${width}-${lang}`);
        await expectNoSidewaysScroll(page);
        const rows = await server.db
          .select()
          .from(judge)
          .where(and(eq(judge.displayPid, `CF-${remoteId}`), eq(judge.username, 'student')));
        expect(rows, 'one submission: the short program made none').toHaveLength(1);
        const row = rows[0];
        const run = cf.runs.find((r) => r.id === row!.vjudgeSubmitId);
        // what the site received: the student's code (and the anti-duplicate tail) in GNU G++17 (54)
        expect(run).toMatchObject({ user: 'club-1', programTypeId: '54', index: 'A' });
        expect(run!.source).toContain(code);

        // the status page: Accepted with the site's time and memory
        await page.goto(`${server.url}/status?l=${lang}`);
        const listed = page.locator(`.submission-list .ant-table-row[data-row-key="${row!.submitId}"]`);
        await listed.locator(`.judge-status-tag[data-status="${JudgeStatus.ACCEPTED}"]`).waitFor();
        expect(await listed.innerText()).toMatch(/45 ms[\s\S]*300 KB/);
        await saveScreenshot(page, `remote-status-${width}-${lang}`);
        await expectNoSidewaysScroll(page);

        // the detail: Accepted, time, memory, the site's run id, and the site's per-test rows
        await page.goto(`${server.url}/submission-detail/${row!.submitId}?l=${lang}`);
        await page.locator('.submission-detail__verdict').waitFor();
        expect(await detailFacts(page)).toMatchObject({
          [text.time]: '45 ms',
          [text.memory]: '300 KB',
          [text.remoteRunId]: String(run!.id),
        });
        await page
          .locator(`.submission-detail__info .judge-status-tag[data-status="${JudgeStatus.ACCEPTED}"]`)
          .waitFor();
        const tests = page.locator('.case-table .ant-table-row');
        await expect.poll(() => tests.count()).toBe(3);
        expect(
          await tests
            .locator('.judge-status-tag')
            .evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-status'))),
        ).toEqual(Array(3).fill(String(JudgeStatus.ACCEPTED)));
        await saveScreenshot(page, `remote-detail-${width}-${lang}`, { fullPage: true });
        await expectNoSidewaysScroll(page);
      } finally {
        await context.close();
      }
    },
    300_000,
  );
});

const NEEDS_PASSWORD = {
  'en-US': (name: string) => `The HDU remote judge account ${name} is new: it needs a password!`,
  'zh-CN': (name: string) => `HDU 远程判题账号 ${name} 是新账号，请填写密码！`,
} as const;

/** An i18n text of the switch page for account 1 of `site`. */
const fill = (template: string, site: string) => template.replace('{{site}}', site).replace('{{n}}', '1');

/** The pool's rows of one site with their passwords (only the remote worker's task carries them). */
const pool = async (oj: string) =>
  (
    await server.db
      .select({ username: remoteJudgeAccount.username, password: remoteJudgeAccount.password })
      .from(remoteJudgeAccount)
      .where(eq(remoteJudgeAccount.oj, oj))
      .orderBy(remoteJudgeAccount.id)
  ).map((r) => `${r.username}:${r.password}`);

describe('remote judge accounts on /admin/switch (issue 30, reference §7.14)', () => {
  it.each(ADMIN_LAYOUTS)(
    'root sees the usernames, never a password, adds and removes an account; untouched passwords are kept ($width px, $lang)',
    async ({ width, lang }) => {
      const text = (lang === 'en-US' ? adminContentEnUS : adminContentZhCN).switch;
      const { context, page } = await openAdminAsRoot(env, { width, lang, path: '/admin/switch' });
      const bodies: string[] = [];
      page.on('response', (res) => {
        if (res.url().includes('/api/'))
          void res.text().then(
            (b) => bodies.push(b),
            () => undefined,
          );
      });
      try {
        // the page was opened before the listener: load it again so that its calls are seen
        await page.reload();
        const cfAccount = page.getByRole('textbox', { name: fill(text.accountOf, 'Codeforces') });
        await expect.poll(() => cfAccount.inputValue()).toBe('club-1');
        const cfPassword = page.getByLabel(fill(text.passwordOf, 'Codeforces'));
        expect(await cfPassword.inputValue()).toBe('');
        expect(await cfPassword.getAttribute('placeholder')).toBe(text.passwordUnchanged);

        const hduName = `hdu-${lang}`;
        await page.getByRole('button', { name: fill(text.addAccountOf, 'HDU') }).click();
        await page.getByRole('textbox', { name: fill(text.accountOf, 'HDU') }).fill(hduName);
        // a new account without its password is refused with the reason, and nothing is saved
        await page.getByRole('button', { name: text.save, exact: true }).click();
        await page.locator('.ant-alert', { hasText: NEEDS_PASSWORD[lang](hduName) }).waitFor();
        expect(await pool('HDU')).toEqual([]);
        await page.getByLabel(fill(text.passwordOf, 'HDU')).fill(`pw-hdu-${lang}`);
        await saveScreenshot(page, `remote-accounts-${width}-${lang}`, { fullPage: true });
        await expectNoSidewaysScroll(page);
        await page.getByRole('button', { name: text.save, exact: true }).click();
        await toast(page, text.saved).waitFor();
        await expect.poll(() => pool('HDU')).toEqual([`${hduName}:pw-hdu-${lang}`]);
        // the Codeforces account was not touched: its password stays
        expect(await pool('CF')).toEqual(['club-1:secret-1']);
        // after the save the page shows the new account as saved: empty, "unchanged"
        const hduPassword = page.getByLabel(fill(text.passwordOf, 'HDU'));
        await expect.poll(() => hduPassword.getAttribute('placeholder')).toBe(text.passwordUnchanged);
        expect(await hduPassword.inputValue()).toBe('');

        await page.getByRole('button', { name: fill(text.removeAccount, 'HDU') }).click();
        await page.getByRole('button', { name: text.save, exact: true }).click();
        await toast(page, text.saved).waitFor();
        await expect.poll(() => pool('HDU')).toEqual([]);
        expect(await pool('CF')).toEqual(['club-1:secret-1']);
        expect(bodies.length).toBeGreaterThan(0);
        for (const b of bodies) expect(b).not.toMatch(/secret-1|pw-hdu-/);
      } finally {
        await context.close();
      }
    },
    300_000,
  );
});
