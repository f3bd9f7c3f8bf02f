import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import { readZip } from '../../../server/test/helpers/zip-contents.ts';
import { adminProblemTransferEnUS } from '../../src/i18n/areas/admin-problem-transfer.en-US.ts';
import { adminProblemTransferZhCN } from '../../src/i18n/areas/admin-problem-transfer.zh-CN.ts';
import { call, loginRoot, type ApiUser } from './community-api.ts';
import {
  ADMIN_LAYOUTS,
  chooseInSelect,
  expectNoSidewaysScroll,
  openAdminAsRoot,
  saveScreenshot,
  toast,
  useServerAndBrowser,
  type TestServer,
} from './support.ts';

/**
 * Issue 29's problem import/export screen (/admin/problem/batch-operation, spec part 2 §2.7
 * "export/import problems", reference §3.11, §11.1) in chromium against the real server: root
 * finds two problems by search, ticks them and exports them as one zip (its name and entries
 * checked); root of a second, fresh site (its own server on its own fresh database) imports that
 * zip (the upload's progress, then the importing state while the server's answer is held back),
 * sees both problems imported in the result table, follows an imported problem's edit link and
 * then opens its problem page, where its title and statement show; the same zip imported again
 * gives two repeats with the server's reason; a file that is not a zip shows the server's refusal.
 * en-US at 1280 px and zh-CN at 768 px (both import into the same fresh site, each its own
 * problems). Screenshots go to $E2E_SHOTS_DIR (admin-problem-transfer-*.png).
 */

const env = useServerAndBrowser();
/** The fresh site the exported zip is imported into. */
let fresh: TestServer;
let root: ApiUser;
beforeAll(async () => {
  root = await loginRoot(env.server);
  fresh = await startTestServer();
  // migrations and the seed's scrypt hash: minutes on a loaded two-core machine
}, 240_000);
afterAll(async () => {
  await fresh?.close();
});

const SERVER_TEXT = {
  'en-US': {
    repeat: 'This Problem ID already exists, please choose another one!',
    notZip: 'The problems must be uploaded as a zip file!',
  },
  'zh-CN': { repeat: '该题目的Problem ID已存在，请更换！', notZip: '请上传zip格式的题目文件压缩包！' },
};

const LAYOUTS = ADMIN_LAYOUTS.map((layout) => ({
  ...layout,
  tag: `${layout.lang}-${layout.width}`,
  t: layout.lang === 'en-US' ? adminProblemTransferEnUS : adminProblemTransferZhCN,
  server: SERVER_TEXT[layout.lang],
}));

/** fill "{{name}}" as i18next does */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** A public problem with one typed case, made through the admin API as root. */
async function makeProblem(problemId: string, title: string, statement: string): Promise<number> {
  // (problemId upper case: the server stores problem ids upper-cased, reference §4.2)
  const languages = await call<{ id: number; oj: string }[]>(env.server, root, 'GET', '/api/languages');
  const { pid } = await call<{ pid: number }>(env.server, root, 'POST', '/api/admin/problem', {
    problem: {
      problemId,
      title,
      type: 0,
      timeLimit: 1000,
      memoryLimit: 256,
      stackLimit: 128,
      description: statement,
      input: 'a b',
      output: 'a+b',
      examples: '<input>1 2</input><output>3</output>',
      difficulty: 1,
      auth: 1,
      codeShare: true,
      isRemoveEndBlank: true,
      openCaseResult: true,
      isFileIO: false,
      judgeCaseMode: 'default',
    },
    samples: [{ input: '1 2\n', output: '3\n', score: null, groupNum: null }],
    isUploadTestCase: false,
    judgeMode: 'default',
    languages: languages.filter((l) => l.oj === 'ME').map((l) => ({ id: l.id })),
    tags: [],
    codeTemplates: [],
  });
  return pid;
}

/** Finds a problem by its id in the export list and ticks it. */
async function searchAndTick(page: Page, searchLabel: string, problemId: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: searchLabel });
  await search.fill(problemId);
  await search.press('Enter');
  const box = page.getByRole('checkbox', { name: problemId, exact: true });
  await box.waitFor();
  await expect
    .poll(() => page.locator('.ap-transfer-card').first().locator('tbody tr.ant-table-row').count())
    .toBe(1);
  await box.check();
}

/**
 * Holds the answers of the calls matching `urlPattern` in the browser once the server has sent
 * them, until the returned function is called. CDP's Fetch at the response stage: the browser sends
 * the upload itself, so its upload progress is real (playwright's page.route would send it from
 * the test's side instead, and the page would see no upload at all).
 */
async function holdAnswers(page: Page, urlPattern: string): Promise<() => void> {
  const cdp = await page.context().newCDPSession(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  cdp.on('Fetch.requestPaused', (event: { requestId: string }) => {
    // a call paused just as the hold ends may be answered after Fetch.disable, which lets every
    // paused call go on by itself; its continue then finds Fetch off, and that is fine
    void held.then(() =>
      cdp.send('Fetch.continueRequest', { requestId: event.requestId }).catch(() => undefined),
    );
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern, requestStage: 'Response' }] });
  return () => {
    release();
    void held.then(() => cdp.send('Fetch.disable').catch(() => undefined));
  };
}

/** The percentages the upload's progress bar showed, read in the page every few ms. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progressSeen: string[] }).__progressSeen = seen;
    const timer = setInterval(() => {
      const text = document.querySelector('[data-testid="import-progress"] .ant-progress-text')?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
      if (document.querySelector('[data-testid="import-importing"]') && !seen.includes('importing'))
        seen.push('importing');
      if (document.querySelector('[data-testid="import-result"]')) clearInterval(timer);
    }, 5);
  });
}

describe('problem import/export (issue 29; spec part 2 §2.7, reference §3.11, §11.1)', () => {
  for (const { width, lang, tag, t, server } of LAYOUTS) {
    it(
      `${tag}: exports two searched problems as a zip, imports it into a fresh site and opens one; again: two repeats; a non-zip refused`,
      { timeout: 240_000 },
      async () => {
        const suffix = tag.replace(/[^a-zA-Z0-9]/g, '').toUpperCase();
        const ids = [`TX-A-${suffix}`, `TX-B-${suffix}`];
        const titles = [`Transfer A ${tag}`, `Transfer B ${tag}`];
        const statements = [`Add the two numbers of ${tag}.`, `Add them again for ${tag}.`];
        const pids = [
          await makeProblem(ids[0]!, titles[0]!, statements[0]!),
          await makeProblem(ids[1]!, titles[1]!, statements[1]!),
        ];

        let { context, page } = await openAdminAsRoot(env, {
          width,
          lang,
          path: '/admin/problem/batch-operation',
        });
        try {
          await page.getByText(t.exportTitle, { exact: true }).waitFor();
          // pick by search: each search shows one problem, the ticks of earlier searches stay
          await searchAndTick(page, t.searchLabel, ids[0]!);
          await searchAndTick(page, t.searchLabel, ids[1]!);
          const picked = page.getByRole('region', { name: fill(t.selected, { count: 2 }) });
          await picked.getByText(ids[0]!, { exact: true }).waitFor();
          await picked.getByText(ids[1]!, { exact: true }).waitFor();
          await expectNoSidewaysScroll(page);
          await saveScreenshot(page, `admin-problem-transfer-export-${tag}`, { fullPage: true });

          const downloading = page.waitForEvent('download');
          await page.getByRole('button', { name: `${t.export} (2)` }).click();
          const download = await downloading;
          const fileName = download.suggestedFilename();
          expect(fileName).toMatch(/^problem_export_\d+\.zip$/);
          const zip = await readFile((await download.path())!);
          const names = [...(await readZip(zip)).keys()];
          expect(names).toEqual(expect.arrayContaining(pids.map((pid) => `problem_${pid}.json`)));

          await context.close();
          // root of the fresh site imports the zip there
          const opened = await openAdminAsRoot(
            { server: fresh, browser: env.browser },
            { width, lang, path: '/admin/problem/batch-operation' },
          );
          context = opened.context;
          page = opened.page;
          await page.getByText(t.importTitle, { exact: true }).waitFor();
          const upload = async () => {
            await page.locator('.ap-transfer-form input[type="file"]').setInputFiles({
              name: fileName,
              mimeType: 'application/zip',
              buffer: zip,
            });
            await page.getByText(fill(t.detected, { format: t.formats.hoj }), { exact: true }).waitFor();
          };

          const release = await holdAnswers(page, '*/api/file/import-problem*');
          await upload();
          await recordProgress(page);
          await page.getByRole('button', { name: t.import }).click();
          await page.getByTestId('import-importing').waitFor();
          await expect(page.getByText(t.importing, { exact: true }).isVisible()).resolves.toBe(true);
          await expectNoSidewaysScroll(page);
          await saveScreenshot(page, `admin-problem-transfer-importing-${tag}`);
          release();

          const result = page.getByTestId('import-result');
          await result.waitFor();
          const seen = await page.evaluate(
            () => (window as unknown as { __progressSeen: string[] }).__progressSeen,
          );
          // the upload's bar, then the importing state once the whole file was sent
          expect(seen).toContain('importing');
          await result.getByText(fill(t.resultSuccess, { imported: 2 }), { exact: false }).waitFor();
          for (const [i, problemId] of ids.entries()) {
            const row = result.getByRole('row', { name: new RegExp(problemId) });
            await row.getByText(t.outcomes.imported, { exact: true }).waitFor();
            await row.getByRole('link', { name: fill(t.edit, { problemId }) }).waitFor();
            await row.getByText(titles[i]!, { exact: true }).waitFor();
          }
          await expectNoSidewaysScroll(page);
          await result.scrollIntoViewIfNeeded();
          await saveScreenshot(page, `admin-problem-transfer-result-${tag}`, { fullPage: true });

          // both are on the fresh site under their own problem ids
          const freshRoot = await loginRoot(fresh);
          const list = await call<{ records: { id: number; problemId: string; title: string }[] }>(
            fresh,
            freshRoot,
            'GET',
            `/api/admin/problem/get-problem-list?currentPage=1&limit=10&keyword=${suffix}`,
          );
          expect(list.records.map((r) => r.problemId).sort()).toEqual([...ids].sort());
          const importedPid = list.records.find((r) => r.problemId === ids[0])!.id;

          // the result's edit link opens the imported problem in the editor
          await result
            .getByRole('row', { name: new RegExp(ids[0]!) })
            .getByRole('link', { name: fill(t.edit, { problemId: ids[0]! }) })
            .click();
          await page.waitForURL(`**/admin/problem/edit/${importedPid}**`);
          await expect
            .poll(() =>
              page.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)),
            )
            .toContain(titles[0]);
          // and its problem page shows its title and statement
          await page.goto(`${fresh.url}/problem/${ids[0]}?l=${lang}`);
          await page.getByRole('heading', { name: new RegExp(titles[0]!) }).waitFor();
          await page.getByText(statements[0]!, { exact: true }).waitFor();
          await saveScreenshot(page, `admin-problem-transfer-imported-${tag}`);

          // the same zip again: both are repeats, with the server's reason
          await page.goto(`${fresh.url}/admin/problem/batch-operation?l=${lang}`);
          await page.getByText(t.importTitle, { exact: true }).waitFor();
          await upload();
          await page.getByRole('button', { name: t.import }).click();
          await result.getByText(t.resultFailure, { exact: false }).waitFor();
          for (const problemId of ids) {
            const row = result.getByRole('row', { name: new RegExp(problemId) });
            await row.getByText(t.outcomes.repeat, { exact: true }).waitFor();
            await row.getByText(server.repeat, { exact: true }).waitFor();
          }
          // HOJ's result message, with the repeats' ids
          await expect.poll(() => page.getByTestId('import-message').textContent()).toContain(ids[1]!);
          await expectNoSidewaysScroll(page);
          await saveScreenshot(page, `admin-problem-transfer-repeat-${tag}`, { fullPage: true });

          // a file that is not a zip, sent as HOJ: the server's refusal is shown
          await chooseInSelect(page, t.format, t.formats.hoj);
          await page.locator('.ap-transfer-form input[type="file"]').setInputFiles({
            name: 'notes.txt',
            mimeType: 'text/plain',
            buffer: Buffer.from('not a zip'),
          });
          await page.getByRole('button', { name: t.import }).click();
          await toast(page, server.notZip).waitFor();
          await result.getByText(t.resultFailure, { exact: false }).waitFor();
          await expect.poll(() => page.getByTestId('import-message').textContent()).toBe(server.notZip);
          await expect(result.locator('table').count()).resolves.toBe(0);
          await expectNoSidewaysScroll(page);
          await saveScreenshot(page, `admin-problem-transfer-not-zip-${tag}`, { fullPage: true });
        } finally {
          await context.close();
        }
      },
    );
  }
});
