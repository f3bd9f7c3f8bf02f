import { createServer, get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JudgeStatus } from '@verdict/shared';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  category,
  contest,
  contestProblem,
  discussion,
  mappingTrainingCategory,
  problem,
  remoteJudgeAccount,
  training,
  trainingCategory,
  trainingProblem,
} from '../../../../server/src/db/schema/index.ts';
import { replaceAccounts } from '../../../../server/src/modules/remote-judge/accounts.ts';
import { ROOT_PASSWORD } from '../../../../server/test/helpers/app.ts';
import { startTestServer } from '../../../../server/test/helpers/server.ts';
import { createUser } from '../../../../server/test/helpers/users.ts';
import type { World } from '../../../../server/test/problem/fixtures.ts';
import { problemDto } from '../../../../server/test/problem/fixtures.ts';
import { call, loginRoot, newUser, QUOTAS_OFF } from '../community-api.ts';
import { startJudgeWorker, type TestJudgeWorker } from '../judge-worker.ts';
import { setSwitches } from '../problem-support.ts';
import { launchChromium, saveScreenshot, type TestServer } from '../support.ts';
import { hojClientMissing, serveHojClient, type ApiExchange, type HojClientServer } from './serve.ts';

/**
 * Issue 24 "How it is checked": HOJ's own built web client (../shared/hoj-client, unchanged), served
 * as its README says, drives a real Verdict server and a real judge worker. Each flow checks what
 * the client sends (ids as strings after a reload) and what Verdict answers; every /api answer with
 * HTTP or envelope status 500 and up, every "expected number" refusal and every script error of
 * the page fails the flow it happened in. English, 1280 px. Screenshots go to $E2E_SHOTS_DIR
 * (hoj-client-*.png).
 */

const missing = hojClientMissing();
if (missing) console.warn(missing);

const A_PLUS_B = `#include <stdio.h>
int main(void) {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\\n", a + b);
    return 0;
}
`;
const TRAINING_PASSWORD = 'path-secret-7';
const COMMENT = 'Still there after a reload: a comment from HOJ’s own client.';
const REPLY = 'And a reply to it, also after a reload.';
const users = {
  solver: { username: 'hojsolver', password: 'solver-pass1' },
  trainee: { username: 'hojtrainee', password: 'trainee-pass1' },
  talker: { username: 'hojtalker', password: 'talker-pass1' },
} as const;

interface Envelope {
  status: number;
  msg: string;
  data: unknown;
}

const envelopeOf = (exchange: ApiExchange): Envelope | undefined => {
  try {
    return JSON.parse(exchange.responseBody) as Envelope;
  } catch {
    return undefined;
  }
};

/** What no HOJ call may meet: a server error, or a number it sent as a string refused. */
function isBroken(exchange: ApiExchange): boolean {
  const envelope = envelopeOf(exchange);
  if (exchange.status >= 500 || (envelope?.status ?? 0) >= 500) return true;
  return envelope?.status === 400 && /expected number/i.test(envelope.msg);
}

/** a public ACM group contest that started an hour ago and runs four more, as HOJ's form sends it */
const runningContest = (gid: number, title: string, description: string) => {
  const start = Date.now() - 3600_000;
  return {
    gid,
    title,
    description,
    type: 0,
    auth: 0,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 5 * 3600_000).toISOString(),
    duration: 5 * 3600,
    sealRank: false,
    autoRealRank: true,
    visible: true,
    openPrint: false,
    openAccountLimit: false,
    rankShowName: 'username',
    starAccount: [],
    openRank: false,
    oiRankScoreType: 'Recent',
    awardType: 0,
    awardConfigList: [],
    allowEndSubmit: false,
  };
};

/** a flow waits for pages, the judge and the dashboard's 5 s refresh on a loaded machine */
const timeout = 180_000;

describe.skipIf(missing !== undefined)("issue 24: HOJ's own web client against Verdict", () => {
  let server: TestServer;
  let client: HojClientServer;
  let browser: Browser;
  let worker: TestJudgeWorker | undefined;
  const ids = { contest: 0, training: 0, discussion: 0 };
  /** every /api call of the current flow, in the order their answers ended */
  let exchanges: ApiExchange[] = [];
  let pageErrors: string[] = [];
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.db;
    await setSwitches(db, { ...QUOTAS_OFF, defaultSubmitInterval: 0 });
    for (const user of Object.values(users)) await createUser(db, user);

    const [aPlusB] = await db.select({ id: problem.id }).from(problem).where(eq(problem.problemId, 'P1000'));
    const now = Date.now();
    const [cup] = await db
      .insert(contest)
      .values({
        title: 'Reload Cup',
        description: 'A public ACM contest, running.',
        uid: '1',
        author: 'root',
        auth: 0,
        type: 0,
        startTime: new Date(now - 3600_000),
        endTime: new Date(now + 4 * 3600_000),
        duration: 5 * 3600,
        status: 0,
      })
      .returning({ id: contest.id });
    ids.contest = cup!.id;
    await db.insert(contestProblem).values({
      cid: cup!.id,
      pid: aPlusB!.id,
      displayId: 'A',
      displayTitle: 'Sum of Two',
      color: '#f5222d',
    });

    const [path] = await db
      .insert(training)
      .values({
        title: 'Locked Path',
        description: 'A private training: ask the teacher for the password.',
        author: 'root',
        auth: 'Private',
        privatePwd: TRAINING_PASSWORD,
      })
      .returning({ id: training.id });
    ids.training = path!.id;
    const [basics] = await db
      .insert(trainingCategory)
      .values({ name: 'Basics', color: '#409eff' })
      .returning({ id: trainingCategory.id });
    await db.insert(mappingTrainingCategory).values({ tid: path!.id, cid: basics!.id });
    await db.insert(trainingProblem).values({ tid: path!.id, pid: aPlusB!.id, displayId: 'P1000' });

    const [firstCategory] = await db.select({ id: category.id }).from(category).orderBy(category.id).limit(1);
    const [topic] = await db
      .insert(discussion)
      .values({
        categoryId: firstCategory!.id,
        title: 'Reload, then reply',
        description: 'Comments after a reload',
        content: 'Reload this page, then **comment**.',
        uid: '1',
        author: 'root',
        role: 'root',
      })
      .returning({ id: discussion.id });
    ids.discussion = topic!.id;

    worker = await startJudgeWorker(server.url, 'hoj-client', ['C']);
    client = await serveHojClient(server.url, (exchange) => {
      exchanges.push(exchange);
      if (process.env.E2E_DEBUG) {
        const envelope = envelopeOf(exchange);
        console.log(
          'HOJ',
          exchange.method,
          exchange.url,
          exchange.requestBody.slice(0, 200),
          '→',
          exchange.status,
          envelope?.status,
          envelope?.msg,
        );
      }
    });
    browser = await launchChromium();
    // migrations, the seed's scrypt hash, the judge worker and chromium: minutes on a loaded machine
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await client?.close();
    await worker?.stop();
    await server?.close();
  });

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    const broken = exchanges
      .filter(isBroken)
      .map((e) => `${e.method} ${e.url} ${e.requestBody}\n→ ${e.status} ${e.responseBody}`);
    const errors = pageErrors;
    exchanges = [];
    pageErrors = [];
    expect(broken, 'API calls Verdict answered wrongly').toEqual([]);
    expect(errors, 'script errors of the page').toEqual([]);
  });

  async function openClient(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.stack ?? error.message}`));
    return page;
  }

  /** The calls to `route` (path without query) so far in this flow. */
  const callsTo = (route: string) => exchanges.filter((e) => e.url.split('?')[0] === route);
  /** The request's JSON body, or undefined when it sent none or another form. */
  const bodyOf = (exchange: ApiExchange): unknown => {
    try {
      return JSON.parse(exchange.requestBody) as unknown;
    } catch {
      return undefined;
    }
  };

  /** Waits for the first call to `route` (whose JSON body has the fields of `sent`, if given). */
  async function sentCall(route: string, sent?: Record<string, unknown>): Promise<ApiExchange> {
    const matches = (e: ApiExchange) => !sent || expect.objectContaining(sent).asymmetricMatch(bodyOf(e));
    await expect
      .poll(() => callsTo(route).some(matches), {
        message: `a call to ${route} with ${JSON.stringify(sent ?? {})}`,
      })
      .toBe(true);
    return callsTo(route).find(matches)!;
  }

  /** HOJ's login dialog, opened from the top bar of its home page. */
  async function signIn(page: Page, user: { username: string; password: string }): Promise<void> {
    await page.goto(`${client.url}/home`);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^Login/ });
    await dialog.getByPlaceholder('Username').fill(user.username);
    await dialog.getByPlaceholder('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    const [login] = callsTo('/api/login');
    expect(envelopeOf(login!)?.status).toBe(200);
    // the token comes back in the Authorization header and goes out in every later call
    expect(login!.responseHeaders.authorization).toBeTruthy();
  }

  it(
    'signs in through the dialog, reloads a contest problem and submits C: Accepted',
    { timeout },
    async () => {
      const page = await openClient();
      await signIn(page, users.solver);
      const problemUrl = `${client.url}/contest/${ids.contest}/problem/A`;
      await page.goto(problemUrl);
      await page.getByText('Sum of Two', { exact: true }).first().waitFor();
      await page.reload();
      await page.getByText('Sum of Two', { exact: true }).first().waitFor();
      // after the reload the route's ids are strings
      await sentCall('/api/get-user-problem-status', { cid: String(ids.contest) });

      await page.locator('.CodeMirror').waitFor();
      await expect.poll(() => page.locator('.el-select input').first().inputValue()).toBe('C');
      await page.evaluate((code) => {
        const editor = document.querySelector('.CodeMirror') as unknown as {
          CodeMirror: { setValue(v: string): void };
        };
        editor.CodeMirror.setValue(code);
      }, A_PLUS_B);
      await page.getByRole('button', { name: /^\W*Submit$/ }).click();

      const submitted = await sentCall('/api/submit-problem-judge', {
        cid: String(ids.contest),
        pid: 'A',
        language: 'C',
      });
      expect(envelopeOf(submitted)).toMatchObject({ status: 200, data: { submitId: expect.any(Number) } });
      expect(submitted.requestHeaders.authorization).toBeTruthy();
      expect(submitted.requestHeaders['url-type']).toBe('general');
      await page
        .getByText('Accepted', { exact: true })
        .filter({ visible: true })
        .first()
        .waitFor({ timeout: 120_000 });
      // what the client polled: the submission's detail, judged Accepted
      const { submitId } = envelopeOf(submitted)!.data as { submitId: number };
      const polled = callsTo('/api/get-submission-detail').filter((e) =>
        e.url.endsWith(`submitId=${submitId}`),
      );
      expect(envelopeOf(polled.at(-1)!)).toMatchObject({
        status: 200,
        data: { submission: { status: JudgeStatus.ACCEPTED } },
      });
      await saveScreenshot(page, 'hoj-client-contest-submit');

      // the board, asked with the route's id (a string), lists the solver. Opened by its tab: loaded
      // directly, HOJ's client mounts the OI board before the contest's type is known and its late
      // answer then throws in the unmounted board ("reading 'hideLoading'"), whatever the server.
      await page.getByRole('tab', { name: /Rank/ }).click();
      await sentCall('/api/get-contest-rank', { cid: String(ids.contest) });
      await page.locator('.vxe-table').getByText(users.solver.username).first().waitFor();
      await saveScreenshot(page, 'hoj-client-contest-rank');
    },
  );

  it(
    'opens a private training as an unregistered user, enters its password and sees its problems',
    { timeout },
    async () => {
      const page = await openClient();
      await signIn(page, users.trainee);
      await page.goto(`${client.url}/training`);
      await page.getByText('Locked Path', { exact: true }).click();
      await page.waitForURL(`**/training/${ids.training}`);
      await page.getByText('Password Required').waitFor();
      await saveScreenshot(page, 'hoj-client-training-password');

      const [detail] = callsTo('/api/get-training-detail');
      expect(envelopeOf(detail!)).toMatchObject({
        status: 200,
        data: { title: 'Locked Path', auth: 'Private' },
      });
      expect(detail!.responseBody).not.toContain(TRAINING_PASSWORD);

      await page.getByPlaceholder(/training password/i).fill(TRAINING_PASSWORD);
      await page.getByRole('button', { name: 'OK', exact: true }).click();
      const registered = await sentCall('/api/register-training', { tid: String(ids.training) });
      expect(envelopeOf(registered)?.status).toBe(200);
      await page.getByText('Problem List').click();
      const row = page.locator('.vxe-body--row, .el-table__row').filter({ hasText: 'P1000' });
      await row.filter({ hasText: 'A + B Problem' }).first().waitFor();
      await saveScreenshot(page, 'hoj-client-training-problems');
    },
  );

  it(
    'admin: the dashboard shows the session and a healthy judge, the conf page the data source',
    { timeout },
    async () => {
      const page = await openClient();
      await page.goto(`${client.url}/admin/login`);
      await page.getByPlaceholder('Please enter username').fill('root');
      await page.getByPlaceholder('Please enter password').fill(ROOT_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/admin/dashboard');

      const sessions = await sentCall('/api/admin/dashboard/get-sessions');
      expect(sessions.requestHeaders['url-type']).toBe('admin');
      expect(envelopeOf(sessions)).toMatchObject({ status: 200, data: { ip: expect.any(String) } });
      await page.getByText('Last Login').waitFor();
      await expect.poll(() => page.getByText('127.0.0.1').count()).toBeGreaterThan(0);

      // the judge worker: its name, the gateway's port and Healthy
      const port = new URL(server.url).port;
      const judge = page.locator('.vxe-body--row').filter({ hasText: 'hoj-client' });
      await judge.first().waitFor();
      await expect
        .poll(() => judge.first().innerText())
        .toMatch(new RegExp(`\\b${port}\\b[\\s\\S]*\\bHealthy\\b`));
      const backend = page.locator('.vxe-body--row').filter({ hasText: 'verdict-server' });
      await expect.poll(() => backend.first().innerText()).toMatch(/\bHealthy\b/);
      await saveScreenshot(page, 'hoj-client-admin-dashboard', { fullPage: true });

      await page.goto(`${client.url}/admin/conf`);
      const card = page.locator('.el-card').filter({ hasText: 'DataSource Config' });
      await card.waitFor();
      const config = await sentCall('/api/admin/config/get-db-and-redis-config');
      expect(envelopeOf(config)).toMatchObject({ status: 200, data: { dbPassword: '' } });
      await expect.poll(() => card.getByPlaceholder('MySQL Host').inputValue()).not.toBe('');
      expect(await card.getByPlaceholder('MySQL Password').inputValue()).toBe('');
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'hoj-client-admin-conf');
    },
  );

  it(
    "admin: the switch page's remote-judge accounts show usernames, never passwords; a save without touching them keeps them (issue 30)",
    { timeout },
    async () => {
      await replaceAccounts(server.db, { CF: { usernames: ['hoj-cf'], passwords: ['pw-cf-secret'] } });
      const page = await openClient();
      await page.goto(`${client.url}/admin/login`);
      await page.getByPlaceholder('Please enter username').fill('root');
      await page.getByPlaceholder('Please enter password').fill(ROOT_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL('**/admin/dashboard');
      await page.goto(`${client.url}/admin/switch`);
      const cf = page.locator('.el-card').filter({ hasText: 'Codeforces Account Config' }).last();
      await cf.waitFor();
      const info = await sentCall('/api/admin/switch/info');
      expect(envelopeOf(info)).toMatchObject({
        status: 200,
        data: { cfUsernameList: ['hoj-cf'], cfPasswordList: [''], hduUsernameList: [] },
      });
      await expect.poll(() => cf.locator('input').first().inputValue()).toBe('hoj-cf');
      expect(await cf.locator('input').nth(1).inputValue()).toBe('');

      // HOJ's card: Add Account, then its Save sends the whole page back
      const hdu = page.locator('.el-card').filter({ hasText: 'HDU Account Config' }).last();
      await hdu.getByRole('button', { name: 'Add Account' }).click();
      await hdu.locator('input').nth(0).fill('hoj-hdu');
      await hdu.locator('input').nth(1).fill('pw-hdu-secret');
      await hdu.getByRole('button', { name: 'Save' }).click();
      const saved = await sentCall('/api/admin/switch/update', { hduUsernameList: ['hoj-hdu'] });
      expect(bodyOf(saved)).toMatchObject({ cfUsernameList: ['hoj-cf'], cfPasswordList: [''] });
      expect(envelopeOf(saved)).toMatchObject({ status: 200 });
      const accounts = await server.db
        .select({
          oj: remoteJudgeAccount.oj,
          username: remoteJudgeAccount.username,
          password: remoteJudgeAccount.password,
        })
        .from(remoteJudgeAccount)
        .orderBy(remoteJudgeAccount.oj);
      expect(accounts).toEqual([
        { oj: 'CF', username: 'hoj-cf', password: 'pw-cf-secret' },
        { oj: 'HDU', username: 'hoj-hdu', password: 'pw-hdu-secret' },
      ]);
      for (const e of exchanges) expect(e.responseBody).not.toContain('-secret');
      await cf.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'hoj-client-admin-switch-accounts', { fullPage: true });
      await replaceAccounts(server.db, {
        CF: { usernames: [], passwords: [] },
        HDU: { usernames: [], passwords: [] },
      });
    },
  );

  it('comments on a discussion and replies after a reload, and both are listed', { timeout }, async () => {
    const page = await openClient();
    await signIn(page, users.talker);
    await page.goto(`${client.url}/discussion-detail/${ids.discussion}`);
    await page.getByText('Reload, then reply', { exact: true }).first().waitFor();
    await page.reload();
    await page.getByText('Reload, then reply', { exact: true }).first().waitFor();

    await page.getByPlaceholder('Come and write down your comments~😘').fill(COMMENT);
    await page.getByRole('button', { name: /^\W*Submit$/ }).click();
    const commented = await sentCall('/api/comment', { did: String(ids.discussion), content: COMMENT });
    expect(envelopeOf(commented)?.status).toBe(200);
    await page.getByText(COMMENT).waitFor();

    await page.reload();
    await page.getByText(COMMENT).waitFor();
    await page.getByText('Reply', { exact: true }).filter({ visible: true }).first().click();
    const replyBox = page.locator('.reply').filter({ has: page.locator('#reply-textarea') });
    await replyBox.locator('#reply-textarea').fill(REPLY);
    await replyBox.getByRole('button', { name: 'OK', exact: true }).click();
    const replied = await sentCall('/api/reply', { did: String(ids.discussion) });
    expect(envelopeOf(replied)?.status).toBe(200);
    await page.getByText(REPLY).waitFor();
    await saveScreenshot(page, 'hoj-client-discussion', { fullPage: true });
  });

  it(
    "issue 27: a member opens a group and each of its tabs after a reload, with the group's problems, trainings, contests, rank, members and posts",
    { timeout },
    async () => {
      // a Public group made by root, joined by a new user, with one problem, training and contest
      const root = await loginRoot(server);
      const gid = await call<number>(server, root, 'POST', '/api/group', {
        name: 'Reload Club',
        shortName: 'rclub',
        brief: 'Weekly practice',
        description: 'We solve **one** problem a week.',
        auth: 1,
      });
      await newUser(server, 'hojclubber');
      const languages = { t: { db: server.db } } as unknown as World; // problemDto reads language ids only
      await call(
        server,
        root,
        'POST',
        '/api/group/problem',
        await problemDto(languages, { gid, problemId: 'A1', title: 'Club sum' }),
      );
      await call(server, root, 'POST', '/api/group/training', {
        training: { title: 'Club path', description: 'Step by step', auth: 'Public', gid },
        trainingCategory: { name: 'Club' },
      });
      await call(
        server,
        root,
        'POST',
        '/api/group/contest',
        runningContest(gid, 'Club cup', 'Our weekly contest.'),
      );

      const [topic] = await call<{ id: number }[]>(server, null, 'GET', '/api/discussion-category');
      await call(server, root, 'POST', '/api/group/discussion', {
        title: 'Club chat',
        description: 'Say hello',
        content: 'Hello, club!',
        categoryId: topic!.id,
        gid,
      });

      const page = await openClient();
      await signIn(page, { username: 'hojclubber', password: 'hojclubber-pass1' });
      // the list shows the group; it is opened by its address, not its card: the list's name
      // marquee measures itself a second after it is drawn and, if the list is gone by then, throws
      // in HOJ's client (a timer its beforeDestroy does not clear), whatever the server answers
      await page.goto(`${client.url}/group`);
      await page.getByText('Reload Club').first().waitFor();
      await sentCall('/api/get-group-list');
      await page.goto(`${client.url}/group/${gid}`);
      await sentCall('/api/get-group-detail');
      await page.getByText('We solve').first().waitFor();
      // a Public group is joined at once through the client's own button
      await page.getByRole('button', { name: 'Apply to Join' }).click();
      const joined = await sentCall('/api/group/member');
      expect(joined.url).toContain(`gid=${gid}`);
      expect(envelopeOf(joined)?.status).toBe(200);
      // the home tab measures its layout once its calls are answered: leave it after that
      await page.waitForLoadState('networkidle');
      await saveScreenshot(page, 'hoj-client-group-home');

      // each tab after a reload: the route's gid is a string, and the group's own items show
      const tabs = [
        ['problem', '/api/group/get-problem-list', 'Club sum'],
        ['training', '/api/group/get-training-list', 'Club path'],
        ['contest', '/api/group/get-contest-list', 'Club cup'],
        ['rank', '/api/get-group-rank-list', 'hojclubber'],
        ['member', '/api/group/get-member-list', 'hojclubber'],
        ['discussion', '/api/group/get-discussion-list', 'Club chat'],
      ] as const;
      for (const [tab, route, shown] of tabs) {
        await page.goto(`${client.url}/group/${gid}/${tab}`);
        await page.reload();
        await expect
          .poll(() => callsTo(route).filter((e) => e.url.includes(`gid=${gid}`)).length, { message: route })
          .toBeGreaterThan(0);
        const answered = callsTo(route).filter((e) => e.url.includes(`gid=${gid}`));
        expect(envelopeOf(answered.at(-1)!)?.status, route).toBe(200);
        await page.getByText(shown).filter({ visible: true }).first().waitFor();
        await saveScreenshot(page, `hoj-client-group-${tab}`);
      }
    },
  );

  it(
    'reference §3.10 / spec part 2 §7 "Groups": a user finds a Protected group in the list, applies through its dialog, is approved, and opens its problem and enters its running contest',
    { timeout },
    async () => {
      // a Protected group made by root, with a group problem and a running group contest with a problem
      const root = await loginRoot(server);
      const gid = await call<number>(server, root, 'POST', '/api/group', {
        name: 'Study Circle',
        shortName: 'circle',
        brief: 'Apply with a reason',
        description: 'Members **only**: apply and wait.',
        auth: 2,
        code: 'circl2',
      });
      const applicant = await newUser(server, 'hojcircler');
      const languages = { t: { db: server.db } } as unknown as World; // problemDto reads language ids only
      const made = await call<{ pid: number; problemId: string }>(
        server,
        root,
        'POST',
        '/api/group/problem',
        await problemDto(languages, { gid, problemId: 'S1', title: 'Circle sum' }),
      );
      const { cid } = await call<{ cid: number }>(
        server,
        root,
        'POST',
        '/api/group/contest',
        runningContest(gid, 'Circle cup', 'For the circle only.'),
      );
      // the contest's own problem: a group problem put in a contest is the contest's (auth 3) and
      // leaves the group's list, in HOJ as here
      await call(server, root, 'POST', '/api/group/contest-problem', {
        ...(await problemDto(languages, { problemId: 'C1', title: 'Circle race' })),
        cid: String(cid),
        displayId: 'A',
      });

      const page = await openClient();
      await signIn(page, { username: applicant.username, password: `${applicant.username}-pass1` });
      await page.goto(`${client.url}/group`);
      const listed = await sentCall('/api/get-group-list');
      expect(envelopeOf(listed)?.status).toBe(200);
      const card = page.locator('.Protected').filter({ hasText: 'Study Circle' });
      await card.getByText('Apply with a reason').waitFor();
      await saveScreenshot(page, 'hoj-client-groups-list');
      // each name's marquee sets a 1 s timer when it is drawn (its text is set then) and throws if
      // the list is gone when it fires (HOJ's client): a timer of the page's own, set after they
      // were, fires after them
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
      await card.locator('a.group-name').click();
      await page.waitForURL(`**/group/${gid}`);
      await page.getByText('Members only').first().waitFor();

      // Protected: the client asks for a reason in its own dialog, and the user is then applying
      await page.getByRole('button', { name: 'Apply to Join' }).click();
      const apply = page.getByRole('dialog', { name: 'Apply to Join' });
      await apply.getByPlaceholder('Apply Reason').fill('I study every evening.');
      await apply.getByRole('button', { name: 'OK', exact: true }).click();
      const applied = await sentCall('/api/group/member');
      expect(applied.method).toBe('POST');
      expect(new URL(applied.url, client.url).searchParams.get('gid')).toBe(String(gid));
      expect(new URL(applied.url, client.url).searchParams.get('reason')).toBe('I study every evening.');
      expect(envelopeOf(applied)?.status).toBe(200);
      await apply.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Applying' }).waitFor();
      await expect.poll(() => callsTo('/api/get-group-auth').map((e) => envelopeOf(e)?.data)).toContain(1);
      // an applicant is no member yet: the client keeps the group's tabs disabled
      await expect
        .poll(() => page.locator('#tab-GroupProblemList').getAttribute('class'))
        .toContain('is-disabled');
      await saveScreenshot(page, 'hoj-client-group-applying');

      // the group's admin (its owner, root) approves him through the API; after a reload he is a member
      await call(server, root, 'PUT', '/api/group/member', { gid, uid: applicant.uid, auth: 3 });
      const detailsBefore = callsTo('/api/get-group-detail').length;
      await page.reload();
      await page.getByRole('button', { name: 'Exit Group' }).waitFor();
      await expect.poll(() => callsTo('/api/get-group-detail').length).toBeGreaterThan(detailsBefore);
      const detail = callsTo('/api/get-group-detail').at(-1)!;
      expect(detail.url).toContain(`gid=${gid}`);
      expect(envelopeOf(detail)).toMatchObject({
        status: 200,
        data: { id: gid, name: 'Study Circle', auth: 2 },
      });
      await expect.poll(() => callsTo('/api/get-group-auth').map((e) => envelopeOf(e)?.data)).toContain(3);
      // the home tab measures its layout once its calls are answered: leave it after that
      await page.waitForLoadState('networkidle');

      // the problem tab lists the group problem; its row opens the problem
      await page.locator('#tab-GroupProblemList').click();
      await page.waitForURL(`**/group/${gid}/problem`);
      const problems = await sentCall('/api/group/get-problem-list');
      expect(problems.url).toContain(`gid=${gid}`);
      expect(envelopeOf(problems)).toMatchObject({
        status: 200,
        data: { records: [expect.objectContaining({ problemId: made.problemId, title: 'Circle sum' })] },
      });
      // the list asks for the user's statuses with the route's gid, a string after the reload
      await sentCall('/api/get-user-problem-status', { gid: String(gid) });
      const row = page.locator('.vxe-body--row').filter({ hasText: 'Circle sum' });
      await row.filter({ hasText: made.problemId }).first().waitFor();
      await saveScreenshot(page, 'hoj-client-group-problems');
      await row.first().getByText('Circle sum').click();
      await page.waitForURL(`**/group/${gid}/problem/${made.problemId}/full-screen`);
      const opened = await sentCall('/api/get-problem-detail');
      expect(new URL(opened.url, client.url).searchParams.get('gid')).toBe(String(gid));
      expect(envelopeOf(opened)).toMatchObject({
        status: 200,
        data: { problem: { problemId: made.problemId, title: 'Circle sum' } },
      });
      await page.getByText('Circle sum').filter({ visible: true }).first().waitFor();
      await saveScreenshot(page, 'hoj-client-group-problem');

      // back in the group, the contest tab lists the running contest; entering it shows its problems
      await page.goBack();
      await page.waitForURL(`**/group/${gid}/problem`);
      await page.locator('#tab-GroupContestList').click();
      await page.waitForURL(`**/group/${gid}/contest`);
      const contests = await sentCall('/api/group/get-contest-list');
      expect(contests.url).toContain(`gid=${gid}`);
      expect(envelopeOf(contests)).toMatchObject({
        status: 200,
        data: { records: [expect.objectContaining({ id: cid, title: 'Circle cup' })] },
      });
      await saveScreenshot(page, 'hoj-client-group-contests');
      await page.locator('#contest-list a.entry').filter({ hasText: 'Circle cup' }).click();
      await page.waitForURL(new RegExp(`/contest/${cid}/?$`));
      const info = await sentCall('/api/get-contest-info');
      expect(envelopeOf(info)).toMatchObject({ status: 200, data: { id: cid, gid, title: 'Circle cup' } });
      await page.locator('#tab-ContestProblemList').click();
      await page.waitForURL(new RegExp(`/contest/${cid}/problems$`));
      const contestProblems = await sentCall('/api/get-contest-problem');
      expect(contestProblems.url).toContain(`cid=${cid}`);
      expect(envelopeOf(contestProblems)).toMatchObject({
        status: 200,
        data: [expect.objectContaining({ displayId: 'A', displayTitle: 'Circle race' })],
      });
      await page.locator('.vxe-body--row').filter({ hasText: 'Circle race' }).first().waitFor();
      await saveScreenshot(page, 'hoj-client-group-contest-problems');
    },
  );

  it('the client server: files, index.html for client routes, /api forwarded unchanged both ways', async () => {
    // a stand-in for Verdict that shows what reached it and answers with HOJ's token headers
    let reached: { method?: string; url?: string; headers: IncomingHttpHeaders; body: string } | undefined;
    const upstream = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        reached = {
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: Buffer.concat(chunks).toString(),
        };
        response.writeHead(200, {
          'content-type': 'application/json',
          authorization: 'token-back',
          'refresh-token': 'true',
          'access-control-expose-headers': 'Refresh-Token, Authorization',
        });
        response.end('{"status":200,"msg":"success","data":null}');
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const seen: ApiExchange[] = [];
    const proxy = await serveHojClient(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, (e) =>
      seen.push(e),
    );
    try {
      const res = await fetch(`${proxy.url}/api/admin/dashboard/get-sessions?x=1`, {
        method: 'POST',
        headers: {
          authorization: 'token-out',
          'refresh-token': 'r1',
          'url-type': 'admin',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: '1',
      });
      expect(reached).toMatchObject({
        method: 'POST',
        url: '/api/admin/dashboard/get-sessions?x=1',
        body: '1',
        headers: {
          authorization: 'token-out',
          'refresh-token': 'r1',
          'url-type': 'admin',
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
      expect(res.headers.get('authorization')).toBe('token-back');
      expect(res.headers.get('refresh-token')).toBe('true');
      expect(await res.json()).toEqual({ status: 200, msg: 'success', data: null });
      expect(seen).toMatchObject([
        { method: 'POST', requestBody: '1', status: 200, responseBody: /success/ },
      ]);

      const route = await fetch(`${proxy.url}/contest/1000/problem/A`);
      expect(route.headers.get('content-type')).toMatch(/text\/html/);
      expect(await route.text()).toContain('<div id="app">');
      const missingAsset = await fetch(`${proxy.url}/assets/js/not-there.js`);
      expect(missingAsset.status).toBe(404);
      // a path that climbs out of dist/ (sent raw: fetch would resolve the dots) finds nothing there
      const outside = await new Promise<string>((resolve, reject) => {
        get({ host: '127.0.0.1', port: new URL(proxy.url).port, path: '/../README.md' }, (answer) => {
          let text = '';
          answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
          answer.on('end', () => resolve(text));
        }).on('error', reject);
      });
      expect(outside).not.toContain('hoj-vue');
    } finally {
      await proxy.close();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });
});
