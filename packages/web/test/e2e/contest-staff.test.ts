import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  contest,
  contestPrint,
  contestProblem,
  contestRecord,
  contestRegister,
  judge,
  problem,
  userInfo,
} from '../../../server/src/db/schema/index.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import {
  expectNoSidewaysScroll,
  openSignedInPage,
  popupsSettled,
  saveScreenshot,
  toast,
  useServerAndBrowser,
} from './support.ts';

/**
 * The contest staff pages in a real browser against a real server (issue 11 "Contest staff",
 * spec part 1 §2 "Contest admin helper, print and rejudge"), in both languages at 1280 and 768 px:
 * a participant prints, the creator sees the print and marks it printed, the AC helper shows
 * First Blood and marks a balloon delivered, root rejudges a contest problem after confirming.
 * The contest and its submissions are inserted through the database.
 */

let cid: number;
let endTime: Date;
/** The contest's end as the pages write it (the browser runs in the machine's time zone). */
const dayjsEnd = () => dayjs(endTime).format('YYYY-MM-DD HH:mm:ss');

const env = useServerAndBrowser(async (server) => {
  const db = server.db;
  const uids: Record<string, string> = {};
  for (const [name, role, realname] of [
    ['alice', 'defaultUser', 'Alice Liddell'],
    ['bob', 'defaultUser', 'Bob Stone'],
    ['carol', 'defaultUser', '王小明'],
    ['dave', 'defaultUser', '李雷'],
    ['admin', 'admin', null],
  ] as const) {
    uids[name] = await createUser(db, { username: name, role });
    if (realname) await db.update(userInfo).set({ realname }).where(eq(userInfo.uuid, uids[name]!));
  }
  const now = Date.now();
  const start = new Date(now - 2 * 3600_000);
  const [c] = await db
    .insert(contest)
    .values({
      uid: uids.admin!,
      author: 'admin',
      title: 'Verdict Spring Cup',
      auth: 1,
      pwd: 'secret',
      startTime: start,
      endTime: new Date(now + 3 * 3600_000),
      duration: 5 * 3600,
      openPrint: true,
      // sealed an hour before its end: the scroll board waits for the end (issue 24 item 13)
      sealRank: true,
      sealRankTime: new Date(now + 2 * 3600_000),
    })
    .returning();
  cid = c!.id;
  endTime = c!.endTime;
  const [p1000] = await db.select().from(problem).where(eq(problem.problemId, 'P1000'));
  const [p2] = await db
    .insert(problem)
    .values({ problemId: 'P1001', title: 'Balloons', auth: 3 })
    .returning();
  const [a] = await db
    .insert(contestProblem)
    .values({ cid, pid: p1000!.id, displayId: 'A', displayTitle: 'A + B', color: '#f5222d' })
    .returning();
  const [b] = await db
    .insert(contestProblem)
    .values({ cid, pid: p2!.id, displayId: 'B', displayTitle: 'Balloons', color: '#1677ff' })
    .returning();
  await db.insert(contestRegister).values([
    { cid, uid: uids.alice! },
    { cid, uid: uids.bob! },
    { cid, uid: uids.carol! },
    { cid, uid: uids.dave! },
  ]);
  const subs: [string, typeof a, number, number][] = [
    ['bob', a, 0, 754],
    ['alice', a, 0, 1321],
    ['carol', b, 0, 2410],
    ['alice', b, 0, 3105],
    ['carol', a, -1, 3500],
    ['carol', a, 0, 4020],
  ];
  for (const [name, cp, status, at] of subs) {
    const submitTime = new Date(start.getTime() + at * 1000);
    const [j] = await db
      .insert(judge)
      .values({
        pid: cp!.pid,
        displayPid: cp!.displayId,
        uid: uids[name]!,
        username: name,
        code: '// code',
        language: 'C++',
        cid,
        cpid: cp!.id,
        status,
        submitTime,
      })
      .returning();
    await db.insert(contestRecord).values({
      cid,
      uid: uids[name]!,
      pid: cp!.pid,
      cpid: cp!.id,
      username: name,
      realname: name === 'alice' ? 'Alice Liddell' : name === 'bob' ? 'Bob Stone' : '王小明',
      displayId: cp!.displayId,
      submitId: j!.submitId,
      status: status === 0 ? 1 : -1,
      submitTime,
      time: at,
      checked: name === 'bob',
    });
  }
  await db.insert(contestPrint).values([
    {
      cid,
      username: 'bob',
      realname: 'Bob Stone',
      content: 'x'.repeat(80),
      status: 1,
      gmtCreate: new Date(now - 900_000),
    },
    {
      cid,
      username: 'carol',
      realname: '王小明',
      content: 'y'.repeat(80),
      gmtCreate: new Date(now - 300_000),
    },
  ]);
});

async function as(username: string, password: string, width: number): Promise<Page> {
  const { page } = await openSignedInPage(env, { username, password }, width);
  return page;
}

const LAYOUTS = [
  {
    width: 1280,
    lang: 'en-US',
    printed: 'Printed',
    delivered: 'Delivered',
    notDelivered: 'Not delivered',
    rejudged: 'Rejudge successful',
    forbidden: 'No access to this page',
    boardForbidden: 'No access to this scroll board',
    notRolledYet: 'The board cannot be rolled out yet',
    // one print per user per 30 s across contests: each layout prints as its own participant
    printer: { username: 'alice', realname: 'Alice Liddell' },
  },
  {
    width: 768,
    lang: 'zh-CN',
    printed: '已打印',
    delivered: '已送达',
    notDelivered: '未送达',
    rejudged: '重测成功',
    forbidden: '无权访问该页面',
    boardForbidden: '无权查看该滚榜',
    notRolledYet: '暂时无法滚榜',
    printer: { username: 'dave', realname: '李雷' },
  },
];

describe.each(LAYOUTS)(
  'contest staff pages, $lang at $width px',
  ({ width, lang, printed, delivered, notDelivered, printer, forbidden, boardForbidden, notRolledYet }) => {
    it('issue 24 item 13: a participant who opens the staff pages by their address gets the 403 page', async () => {
      const page = await as('bob', 'password1', width);
      for (const tab of ['ac-info', 'admin-print', 'rejudge', 'scroll-board']) {
        await page.goto(`${env.server.url}/contest/${cid}/${tab}?l=${lang}`);
        const refusal = page.getByTestId('tab-forbidden');
        await refusal.getByText(forbidden, { exact: true }).waitFor();
        // no staff screen behind it, no failed calls' errors, and the user is still signed in
        expect(await page.locator('.contest-staff-card, .scroll-board-config').count()).toBe(0);
        expect(await page.locator('.ant-alert-error').count()).toBe(0);
        if (tab === 'admin-print') await saveScreenshot(page, `staff-403-${lang}-${width}`);
      }
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      await page.goto(`${env.server.url}/scrollBoard?cid=${cid}&l=${lang}`);
      await page.getByTestId('scroll-forbidden').getByText(boardForbidden, { exact: true }).waitFor();
      await expectNoSidewaysScroll(page);
      await page.context().close();
    }, 180_000);

    it('issue 24 item 13: the scroll board of the running contest says why before it opens', async () => {
      const page = await as('admin', 'password1', width);
      await page.goto(`${env.server.url}/contest/${cid}/scroll-board?l=${lang}`);
      const notice = page.getByTestId('scroll-config-blocked');
      await notice.getByText(notRolledYet, { exact: true }).waitFor();
      expect(await notice.textContent()).toContain(dayjsEnd());
      expect(await page.getByTestId('scroll-config-start').isDisabled()).toBe(true);
      await saveScreenshot(page, `scroll-config-running-${lang}-${width}`);
      await expectNoSidewaysScroll(page);
      // opened by its address, the board says the same instead of failing
      await page.goto(`${env.server.url}/scrollBoard?cid=${cid}&l=${lang}`);
      await page.getByTestId('scroll-blocked').getByText(notRolledYet, { exact: true }).waitFor();
      await page.context().close();
    }, 180_000);

    it('spec part 1 §2: a participant prints, and waits 30 s for the next print', async () => {
      const page = await as(printer.username, 'password1', width);
      await page.goto(`${env.server.url}/contest/${cid}/print?l=${lang}`);
      await page.getByTestId('print-content').fill('short');
      await page.getByTestId('print-submit').click();
      await page.getByTestId('print-error').waitFor();
      const text = `#include <cstdio>\nint main() {\n  puts("hello from ${lang} at ${width}");\n  return 0;\n}\n`;
      await page.getByTestId('print-content').fill(text);
      await saveScreenshot(page, `print-${lang}-${width}`, { fullPage: true });
      await page.getByTestId('print-submit').click();
      await page.locator('.ant-modal').waitFor();
      await popupsSettled(page);
      await saveScreenshot(page, `print-tips-${lang}-${width}`);
      await page.locator('.ant-modal .ant-btn-primary').click();
      await page.getByTestId('print-wait').waitFor();
      await expect.poll(() => page.getByTestId('print-submit').isDisabled()).toBe(true);
      await saveScreenshot(page, `print-wait-${lang}-${width}`);
      await expectNoSidewaysScroll(page);
      const stored = await env.server.db.select().from(contestPrint).where(eq(contestPrint.content, text));
      expect(stored).toMatchObject([{ ...printer, status: 0 }]);
      await page.context().close();
    }, 180_000);

    it('spec part 1 §2: the creator marks the print done and a balloon delivered', async () => {
      const page = await as('admin', 'password1', width);
      await page.goto(`${env.server.url}/contest/${cid}/admin-print?l=${lang}`);
      const printerRow = page.locator('.ant-table-row', { hasText: printer.username }).first();
      await printerRow.waitFor();
      await saveScreenshot(page, `admin-print-${lang}-${width}`, { fullPage: true });
      await expectNoSidewaysScroll(page);
      await printerRow.locator('[data-testid^="print-ok-"]').click();
      await page
        .locator('.ant-table-row', { hasText: printed })
        .filter({ hasText: printer.username })
        .first()
        .waitFor();

      await page.goto(`${env.server.url}/contest/${cid}/ac-info?l=${lang}`);
      await expect.poll(() => page.getByTestId('first-blood').count()).toBe(2);
      await saveScreenshot(page, `ac-info-${lang}-${width}`, { fullPage: true });
      await expectNoSidewaysScroll(page);
      // carol's balloon for B (its display id cell; "First Blood" also holds a B): each layout flips it
      const carolB = page
        .locator('.ant-table-row', { hasText: 'carol' })
        .filter({ has: page.getByRole('cell', { name: 'B', exact: true }) });
      const wasDelivered = (await carolB.getByText(delivered, { exact: true }).count()) > 0;
      await carolB.locator('[data-testid^="ac-check-"]').click();
      await carolB.getByText(wasDelivered ? notDelivered : delivered, { exact: true }).waitFor();
      await page.getByTestId('ac-download-open').click();
      await page.locator('.ant-modal').waitFor();
      await popupsSettled(page);
      await saveScreenshot(page, `ac-download-${lang}-${width}`);
      await page.context().close();
    }, 180_000);
  },
);

// Rejudging puts problem B's accepted runs back in the queue, so it runs after every layout's AC helper check.
describe.each(LAYOUTS)('contest rejudge, $lang at $width px', ({ width, lang, rejudged }) => {
  it('spec part 1 §2: root rejudges every submission of a contest problem after confirming', async () => {
    const page = await as('root', ROOT_PASSWORD, width);
    await page.goto(`${env.server.url}/contest/${cid}/rejudge?l=${lang}`);
    await page.getByTestId('rejudge-B').waitFor();
    await saveScreenshot(page, `rejudge-${lang}-${width}`, { fullPage: true });
    await page.getByTestId('rejudge-B').click();
    await page.locator('.ant-popover').waitFor();
    await popupsSettled(page);
    await saveScreenshot(page, `rejudge-confirm-${lang}-${width}`);
    await expectNoSidewaysScroll(page);
    await page.locator('.ant-popover .ant-btn-dangerous').click();
    await toast(page, rejudged).waitFor();
    const rows = await env.server.db
      .select({ status: judge.status })
      .from(judge)
      .where(and(eq(judge.cid, cid), eq(judge.displayPid, 'B')));
    expect(rows.map((r) => r.status)).toEqual([5, 5]);
    await page.context().close();
  }, 180_000);
});
