import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contest, contestProblem, judge, problem, userInfo } from '../../../server/src/db/schema/index.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import {
  assertBuilt,
  expectNoSidewaysScroll,
  launchChromium,
  openSignedInPage,
  saveScreenshot,
} from './support.ts';

/**
 * The scroll board in a real browser against the real server (spec part 1 §2 "Scroll-board
 * config", spec part 2 §2.8, reference §9.7): the creator of a small sealed ACM contest opens the
 * config tab, starts rolling in a new window, steps with the keyboard, a click and auto play, and
 * rolls to the end; the final order is the unsealed ACM board of reference §9.3, written out by
 * hand below. en-US at 1280 px and zh-CN at 768 px. Screenshots go to $E2E_SHOTS_DIR.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let cid: number;

const S = JudgeStatus;
/** [user, problem, minute after the start, status]; the seal is at minute 180 of 240 */
const SUBMISSIONS: [string, string, number, number][] = [
  ['star', 'A', 5, S.ACCEPTED],
  ['cat', 'A', 10, S.WRONG_ANSWER],
  ['amy', 'A', 20, S.ACCEPTED],
  ['amy', 'B', 30, S.WRONG_ANSWER],
  ['amy', 'B', 40, S.ACCEPTED],
  ['bob', 'A', 50, S.ACCEPTED],
  ['cat', 'A', 60, S.ACCEPTED],
  ['dan', 'A', 70, S.ACCEPTED],
  ['fay', 'A', 80, S.ACCEPTED],
  ['eve', 'A', 100, S.TIME_LIMIT_EXCEEDED],
  // after the seal: unknown until revealed
  ['eve', 'C', 185, S.ACCEPTED],
  ['cat', 'C', 190, S.WRONG_ANSWER],
  ['dan', 'B', 190, S.ACCEPTED],
  ['star', 'B', 195, S.ACCEPTED],
  ['bob', 'B', 200, S.ACCEPTED],
  ['amy', 'C', 205, S.COMPILE_ERROR],
  ['bob', 'C', 210, S.ACCEPTED],
];

/**
 * reference §9.3 by hand, unsealed: bob 3 solved 50+200+210 = 460; amy 2, 20+40+20 (one WA) = 80;
 * star 2, 5+195 = 200, ranked "*"; dan 2, 70+190 = 260; cat 1, 60+20 = 80 and fay 1, 80 share
 * rank 4; eve 1, 185. Medals 1/1/2: bob gold, amy silver, dan and cat bronze (stars take none).
 */
const FINAL = [
  ['bob', '1', '3', '460', 'gold'],
  ['amy', '2', '2', '80', 'silver'],
  ['star', '*', '2', '200', ''],
  ['dan', '3', '2', '260', 'bronze'],
  ['cat', '4', '1', '80', 'bronze'],
  ['fay', '4', '1', '80', ''],
  ['eve', '6', '1', '185', ''],
];

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  const db = server.db;
  const uids: Record<string, string> = {};
  for (const name of ['amy', 'bob', 'cat', 'dan', 'eve', 'fay', 'star'])
    uids[name] = await createUser(db, { username: name });
  uids.admin = await createUser(db, { username: 'rolladmin', role: 'admin' });
  await db.update(userInfo).set({ school: 'North School' }).where(eq(userInfo.uuid, uids.amy!));
  const now = Date.now();
  const start = new Date(now - 5 * 3600_000);
  const [c] = await db
    .insert(contest)
    .values({
      uid: uids.admin!,
      author: 'rolladmin',
      title: 'Roll Cup',
      type: 0,
      auth: 0,
      startTime: start,
      endTime: new Date(start.getTime() + 240 * 60_000),
      duration: 240 * 60,
      sealRank: true,
      sealRankTime: new Date(start.getTime() + 180 * 60_000),
      autoRealRank: false,
      starAccount: { star_account: ['star'] },
    })
    .returning();
  cid = c!.id;
  const [p1000] = await db.select().from(problem).where(eq(problem.problemId, 'P1000'));
  const others = await db
    .insert(problem)
    .values([
      { problemId: 'R1001', title: 'Rolling', auth: 3 },
      { problemId: 'R1002', title: 'Ceremony', auth: 3 },
    ])
    .returning();
  const cps = await db
    .insert(contestProblem)
    .values([
      { cid, pid: p1000!.id, displayId: 'A', displayTitle: 'A + B', color: '#f5222d' },
      { cid, pid: others[0]!.id, displayId: 'B', displayTitle: 'Rolling', color: '#1677ff' },
      { cid, pid: others[1]!.id, displayId: 'C', displayTitle: 'Ceremony', color: '#52c41a' },
    ])
    .returning();
  for (const [name, displayId, minute, status] of SUBMISSIONS) {
    const cp = cps.find((p) => p.displayId === displayId)!;
    await db.insert(judge).values({
      pid: cp.pid,
      displayPid: displayId,
      uid: uids[name]!,
      username: name,
      code: '// code',
      language: 'C++',
      cid,
      cpid: cp.id,
      status,
      submitTime: new Date(start.getTime() + minute * 60_000),
    });
  }
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The board's rows in their shown order: [username, rank, solved, penalty, medal]. */
async function rows(page: Page): Promise<string[][]> {
  const all = await page.getByTestId('scroll-row').evaluateAll((elements) =>
    elements.map((e) => {
      const d = (e as HTMLElement).dataset;
      return [Number(d.index), [d.username, d.rank, d.solved, d.penalty, d.medal] as string[]] as const;
    }),
  );
  return all.sort((a, b) => a[0] - b[0]).map(([, row]) => row);
}

const LAYOUTS = [
  { width: 1280, lang: 'en-US', rank: 'Rank', start: 'Start Rolling', finished: 'The roll-out is over!' },
  { width: 768, lang: 'zh-CN', rank: '排名', start: '开始滚榜', finished: '滚榜结束！' },
];

describe.each(LAYOUTS)('scroll board, $lang at $width px', ({ width, lang, rank, start, finished }) => {
  it('reference §9.7: from the sealed board to the end, the final order is the unsealed ACM board (§9.3)', async () => {
    const rolladmin = { username: 'rolladmin', password: 'password1' };
    const { context, page } = await openSignedInPage({ server, browser }, rolladmin, width);
    await page.goto(`${server.url}/contest/${cid}/scroll-board?l=${lang}`);
    // spec part 2 §4: defaults of 10 / 20 / 30 % of the 6 ranked users (the star left out)
    await expect.poll(() => page.getByTestId('scroll-config-silver').inputValue()).toBe('1');
    expect(await page.getByTestId('scroll-config-gold').inputValue()).toBe('0');
    expect(await page.getByTestId('scroll-config-cid').inputValue()).toBe(String(cid));
    await page.getByTestId('scroll-config-gold').fill('1');
    await page.getByTestId('scroll-config-bronze').fill('2');
    await saveScreenshot(page, `scroll-config-${lang}-${width}`);
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: start }).click();
    const board = await opened;
    await board.waitForLoadState();
    expect(board.url()).toContain(
      `/scrollBoard?cid=${cid}&removeStar=false&medals%5B%5D=1&medals%5B%5D=1&medals%5B%5D=2`,
    );
    await board.getByTestId('scroll-board').waitFor();
    await board.getByText(rank, { exact: true }).first().waitFor();

    // the sealed board: only what was judged before the seal; 7 unknown cells
    expect((await rows(board))[0]).toEqual(['amy', '1', '2', '80', '']);
    expect(await board.locator('.sb-cell-unknown').count()).toBe(7);
    await saveScreenshot(board, `scroll-sealed-${lang}-${width}`);

    // one step with the keyboard, one with a click on the board, then auto play for a step
    const progress = () => board.getByTestId('scroll-progress').textContent();
    await board.keyboard.press('Enter');
    await expect.poll(() => board.locator('.sb-cell-unknown').count()).toBe(6);
    await board.locator('.scroll-board-header').click();
    await expect.poll(() => board.locator('.sb-cell-unknown').count()).toBe(5);
    const before = await progress();
    await board.getByTestId('scroll-auto').click();
    await expect.poll(progress).not.toBe(before);
    await board.getByTestId('scroll-auto').click();
    await saveScreenshot(board, `scroll-rolling-${lang}-${width}`);
    // the rest with the keyboard, one reveal per key
    for (let i = 0; i < 20 && !(await board.getByTestId('scroll-finished').isVisible()); i++) {
      const left = await board.locator('.sb-cell-unknown').count();
      await board.keyboard.press('Enter');
      if (left > 0) await expect.poll(() => board.locator('.sb-cell-unknown').count()).toBe(left - 1);
    }
    await board.getByText(finished).waitFor();
    expect(await rows(board)).toEqual(FINAL);
    // the rows have slid into place: each one's top is its index × the row height
    const slidIntoPlace = () =>
      board
        .getByTestId('scroll-row')
        .evaluateAll((elements) =>
          elements.every(
            (e) => (e as HTMLElement).offsetTop === Number((e as HTMLElement).dataset.index) * 56,
          ),
        );
    await expect.poll(slidIntoPlace).toBe(true);
    await expectNoSidewaysScroll(board);
    await saveScreenshot(board, `scroll-final-${lang}-${width}`, { fullPage: true });
    await context.close();
  }, 240_000);
});

describe('scroll board access', () => {
  it('reference §9.7, §9.2: a participant gets a refusal, not the sealed results', async () => {
    const amy = { username: 'amy', password: 'password1' };
    const { context, page } = await openSignedInPage({ server, browser }, amy, 1280);
    await page.goto(`${server.url}/scrollBoard?cid=${cid}&medals[]=1&medals[]=1&medals[]=1&l=en-US`);
    // the 403 page, decided from the contest before the board's calls (issue 24 item 13)
    await page.getByTestId('scroll-forbidden').getByText('No access to this scroll board').waitFor();
    expect(await page.getByTestId('scroll-row').count()).toBe(0);
    await context.close();
  });
});
