import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { language, problem, problemLanguage } from '../../../server/src/db/schema/index.ts';
import { apiClient, signIn } from '../../../server/test/helpers/api-client.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import { setSwitches } from './problem-support.ts';
import {
  assertBuilt,
  launchChromium,
  networkQuiet,
  openPage,
  popupsSettled,
  saveScreenshot,
  signInToAdminApp,
} from './support.ts';

/**
 * Issue 9 item 4: every built page of the user site and the admin app, signed in as root, under
 * the server's Content-Security-Policy (server/src/http/security-headers.ts), raises no CSP
 * violation: the CodeMirror editor, KaTeX in a statement, the ECharts chart of the statistics tab,
 * the avatar cropper's blob: preview and footer QR images on http(s) links of other sites included.
 * The pages are the route tables of src/router.tsx and src/admin/admin-routes.tsx: a route added
 * there without a URL here fails the test. The user site and the admin app start with full loads;
 * the other pages are opened as the app's own links do, which loads their code and data under the
 * same document policy (and spares parsing the bundle a hundred times).
 */

const PROBLEM = 'P1002';
const SQUARE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';

interface Violation {
  page: string;
  what: string;
}

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let problemDbId: number;
let submitId: number;

/** The route names declared with `route(path, name, …)` in a route table's source. */
function routeNames(file: string): string[] {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../src', file), 'utf8');
  return [...source.matchAll(/route\(\s*'[^']*',\s*'([^']+)'/g)].map((m) => m[1]!);
}

/** One URL per route name; `logout` is visited last, since it signs out. */
function pageUrls(): Record<string, string> {
  const p = PROBLEM;
  const s = submitId;
  return {
    // the user site (src/router.tsx)
    home: '/home',
    problemList: '/problem',
    apiDoc: '/api-doc',
    problemDetails: `/problem/${p}`,
    fullProblemDetails: `/problem/${p}/full-screen`,
    trainingFullProblemDetails: `/training/1/problem/${p}/full-screen`,
    contestFullProblemDetails: `/contest/1/problem/${p}/full-screen`,
    groupFullProblemDetails: `/group/1/problem/${p}/full-screen`,
    groupTrainingFullProblemDetails: `/group/1/training/1/problem/${p}/full-screen`,
    trainingList: '/training',
    trainingDetails: '/training/1',
    trainingProblemList: '/training/1/problems',
    trainingProblemDetails: `/training/1/problem/${p}`,
    trainingRank: '/training/1/rank',
    contestList: '/contest',
    acmScoreBoard: '/contest/acm-scoreboard/1',
    oiScoreBoard: '/contest/oi-scoreboard/1',
    contestDetails: '/contest/1',
    contestSubmissionList: '/contest/1/submissions',
    contestSubmissionDetails: `/contest/1/problem/${p}/submission-detail/${s}`,
    contestProblemList: '/contest/1/problems',
    contestProblemDetails: `/contest/1/problem/${p}`,
    contestAnnouncementList: '/contest/1/announcements',
    contestRank: '/contest/1/rank',
    contestAcInfo: '/contest/1/ac-info',
    contestRejudge: '/contest/1/rejudge',
    contestComment: '/contest/1/comment',
    contestPrint: '/contest/1/print',
    contestAdminPrint: '/contest/1/admin-print',
    contestScrollBoard: '/contest/1/scroll-board',
    submissionList: '/status',
    submissionDetails: `/submission-detail/${s}`,
    acmRank: '/acm-rank',
    oiRank: '/oi-rank',
    resetPassword: '/reset-password',
    userHome: '/user-home?username=root',
    setting: '/setting',
    discussionList: '/discussion',
    problemDiscussion: `/discussion/${p}`,
    discussionDetails: '/discussion-detail/1',
    groupList: '/group',
    groupDetails: '/group/1',
    groupAnnouncementList: '/group/1/announcement',
    groupProblemList: '/group/1/problem',
    groupProblemDetails: `/group/1/problem/${p}`,
    groupTrainingList: '/group/1/training',
    groupTrainingDetails: '/group/1/training/1',
    groupTrainingProblemList: '/group/1/training/1/problems',
    groupTrainingProblemDetails: `/group/1/training/1/problem/${p}`,
    groupTrainingRank: '/group/1/training/1/rank',
    groupContestList: '/group/1/contest',
    groupSubmissionList: '/group/1/status',
    groupSubmissionDetails: `/group/1/submission-detail/${s}`,
    groupDiscussionList: '/group/1/discussion',
    groupProblemDiscussion: `/group/1/discussion/${p}`,
    groupDiscussionDetails: '/group/1/discussion-detail/1',
    groupMemberList: '/group/1/member',
    groupSetting: '/group/1/setting',
    groupRank: '/group/1/rank',
    introduction: '/introduction',
    oiwiki: '/oiwiki',
    message: '/message',
    discussMsg: '/message/discuss',
    replyMsg: '/message/reply',
    likeMsg: '/message/like',
    sysMsg: '/message/sys',
    mineMsg: '/message/mine',
    notFound: '/no/such/page',
    // the admin app (src/admin/admin-routes.tsx)
    adminLogin: '/admin/login',
    adminDashboard: '/admin/dashboard',
    adminUser: '/admin/user',
    adminSession: '/admin/session',
    adminAnnouncement: '/admin/announcement',
    adminNotice: '/admin/notice',
    adminConf: '/admin/conf',
    adminSwitch: '/admin/switch',
    adminProblemList: '/admin/problems',
    adminProblemCreate: '/admin/problem/create',
    adminProblemEdit: `/admin/problem/edit/${problemDbId}`,
    adminProblemTag: '/admin/problem/tag',
    adminGroupProblemApply: '/admin/group-problem/apply',
    adminProblemBatch: '/admin/problem/batch-operation',
    adminTrainingCreate: '/admin/training/create',
    adminTrainingList: '/admin/training',
    adminTrainingEdit: '/admin/training/1/edit',
    adminTrainingProblemList: '/admin/training/1/problems',
    adminTrainingCategory: '/admin/training/category',
    adminContestCreate: '/admin/contest/create',
    adminContestList: '/admin/contest',
    adminContestEdit: '/admin/contest/1/edit',
    adminContestAnnouncement: '/admin/contest/1/announcement',
    adminContestProblemList: '/admin/contest/1/problems',
    adminContestProblemCreate: '/admin/contest/1/problem/create',
    adminContestProblemEdit: `/admin/contest/1/problem/${problemDbId}/edit`,
    adminDiscussion: '/admin/discussion',
    // the bare scroll board window (declared without route(): its title is in `handle`)
    scrollBoard: '/scrollBoard',
    logout: '/logout',
  };
}

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  await setSwitches(server.db, { defaultSubmitInterval: 0 });
  const [created] = await server.db
    .insert(problem)
    .values({
      problemId: PROBLEM,
      title: 'Sum under a policy',
      author: 'root',
      description: 'Print $a+b$.\n\n$$\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}$$',
      input: 'Two integers $a$ and $b$.',
      output: 'Their sum.',
      examples: '<input>1 2</input><output>3</output>',
    })
    .returning({ id: problem.id });
  problemDbId = created!.id;
  const [cpp] = await server.db.select({ id: language.id }).from(language).where(eq(language.name, 'C++'));
  await server.db.insert(problemLanguage).values({ pid: problemDbId, lid: cpp!.id });

  // Two judged submissions (through the API: submit, cancel, then root's manual judge), so that the
  // statistics tab draws its ECharts chart and the details pages have something to show.
  const token = await signIn(server.url, 'root', ROOT_PASSWORD);
  const api = apiClient(server.url, token);
  const ids: number[] = [];
  for (const status of [0, -1]) {
    const { submitId: id } = await api<{ submitId: number }>('POST', '/api/submit-problem-judge', {
      pid: PROBLEM,
      language: 'C++',
      code: '#include <cstdio>\nint main() { int a, b; std::scanf("%d %d", &a, &b); std::printf("%d", a + b); }',
    });
    await api('GET', `/api/admin/judge/cancel-judge?submitId=${id}`);
    await api('GET', `/api/admin/judge/manual-judge?submitId=${id}&status=${status}`);
    ids.push(id);
  }
  submitId = ids[0]!;

  // Footer QR images on other sites' http and https links (the admin may set any).
  const saved = await fetch(`${server.url}/api/admin/config/set-web-config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({
      qrCodes: [
        { title: 'Plain', url: 'http://qr.example.test/plain.svg' },
        { title: 'Secure', url: 'https://qr.example.test/secure.svg' },
      ],
    }),
  });
  expect(await saved.json()).toMatchObject({ status: 200 });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Collects CSP violations of every document the page loads, as events and as console messages. */
async function watchViolations(context: BrowserContext, page: Page): Promise<Violation[]> {
  const violations: Violation[] = [];
  const where = () => new URL(page.url()).pathname;
  await context.exposeFunction('__cspViolation', (what: string) => violations.push({ page: where(), what }));
  await context.addInitScript(() => {
    const report = (window as unknown as { __cspViolation(what: string): void }).__cspViolation;
    document.addEventListener('securitypolicyviolation', (event) =>
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      ),
    );
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy'))
      violations.push({ page: where(), what: message.text() });
  });
  return violations;
}

/**
 * Opens a page as the app's links do (history push, which react-router follows), so that each page
 * loads its lazy parts and data under the policy without loading the whole bundle again.
 */
async function visit(page: Page, quiet: () => boolean, url: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.locator('#root *').first().waitFor();
  await expect.poll(quiet, { interval: 100, timeout: 30_000 }).toBe(true);
}

/** What a few pages must show, so the editor, math, chart, cropper and images were really exercised. */
const checks: Record<string, (page: Page) => Promise<void>> = {
  async home(page) {
    const images = page.locator('.site-footer__qr img');
    await expect
      .poll(() => images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).naturalWidth)))
      .toEqual([8, 8]);
    await saveScreenshot(page, 'csp-home', { fullPage: true });
  },
  async problemDetails(page) {
    await page.locator('.problem-code-editor .cm-content').waitFor();
    const math = page.locator('.katex').first();
    await math.waitFor();
    // KaTeX's stylesheet and fonts (files of the build) apply
    expect(await math.evaluate((e) => getComputedStyle(e).fontFamily)).toContain('KaTeX_Main');
    // Ant Design's run-time styles apply (a default button would be square)
    expect(
      await page
        .locator('.ant-btn')
        .first()
        .evaluate((e) => getComputedStyle(e).borderTopLeftRadius),
    ).not.toBe('0px');
    await saveScreenshot(page, 'csp-problem');
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await page.locator('.problem-statistics canvas').waitFor();
    await saveScreenshot(page, 'csp-problem-statistics');
  },
  async fullProblemDetails(page) {
    await page.locator('.cm-content').first().waitFor();
    await page.locator('.katex').first().waitFor();
  },
  async introduction(page) {
    await page.locator('.compiler-languages .ant-collapse-header').first().click();
    await page.locator('.compiler-language .cm-content').first().waitFor();
  },
  async setting(page) {
    const picture = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 40;
      canvas.height = 30;
      canvas.getContext('2d')!.fillRect(0, 0, 40, 30);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await page.getByLabel('Change avatar').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(picture, 'base64'),
    });
    const cropper = page.getByRole('dialog', { name: 'Crop avatar' });
    await cropper.locator('.avatar-cropper-viewport img').waitFor();
    await popupsSettled(page);
    await cropper.getByRole('button', { name: 'Cancel' }).click();
  },
  async adminProblemEdit(page) {
    await page.locator('.ant-form').first().waitFor();
  },
};

describe('Content-Security-Policy (issue 9 item 4)', () => {
  it('every page of the route tables has a URL here', () => {
    const declared = new Set([...routeNames('router.tsx'), ...routeNames('admin/admin-routes.tsx')]);
    declared.add('scrollBoard');
    expect(Object.keys(pageUrls()).sort()).toEqual([...declared].sort());
  });

  it('loads every page of the user site and the admin app, signed in as root, without a violation', async () => {
    const { context, page } = await openPage(browser);
    const violations = await watchViolations(context, page);
    for (const host of ['http://qr.example.test', 'https://qr.example.test']) {
      await context.route(`${host}/*.svg`, (route) =>
        route.fulfill({ contentType: 'image/svg+xml', body: SQUARE }),
      );
    }
    const quiet = networkQuiet(page);
    // Full loads: the documents carry the policy, and the start of the app (user site and admin
    // app) runs under it.
    const home = await page.goto(`${server.url}/home?l=en-US`);
    expect(home?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signInToAdminApp(page, server.url, 'root', ROOT_PASSWORD);
    const admin = await page.reload();
    expect(admin?.headers()['content-security-policy']).toContain("script-src 'self'");

    for (const [name, url] of Object.entries(pageUrls())) {
      await visit(page, quiet, url);
      await checks[name]?.(page);
    }

    // The watch itself works: an inline script is refused and reported.
    const seen = violations.length;
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
    });
    await expect.poll(() => violations.length).toBeGreaterThan(seen);
    expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
    violations.splice(seen);

    expect(violations.map((v) => `${v.page}: ${v.what}`)).toEqual([]);
    await context.close();
  }, 300_000);
});
