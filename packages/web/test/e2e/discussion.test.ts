import { eq } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { comment, contest, userInfo } from '../../../server/src/db/schema/index.ts';
import { createUser } from '../../../server/test/helpers/users.ts';
import { discussionEnUS } from '../../src/i18n/areas/discussion.en-US.ts';
import { discussionZhCN } from '../../src/i18n/areas/discussion.zh-CN.ts';
import { setSwitches } from './problem-support.ts';
import {
  chooseInSelect,
  dialog,
  expectNoSidewaysScroll,
  type Language,
  openPage,
  openSignedInPage,
  popupsSettled,
  saveScreenshot,
  toast,
  useServerAndBrowser,
} from './support.ts';

/**
 * Issue 15's discussion screens in chromium against the real server (spec part 2 §2.3, §2.9, §4,
 * §5, §7 "Discussions and comments"; reference §3.8, §7.15; spec part 1 §2 contest "comment"
 * tab): user A posts a problem discussion from /discussion/P1000 through the full-screen editor,
 * B opens it from the list and comments, A replies to the comment and likes it, B likes the
 * discussion; each page shows the right views, likes, comments and replies. Also: the navigation
 * guard's "No Access" with `openPublicDiscussion` off, and the contest comment tab with a root's
 * SPA badge. Once in English at 1280 px, once in Chinese at 768 px. Screenshots go to
 * $E2E_SHOTS_DIR (discussion-*.png).
 */

type Texts = typeof discussionEnUS;

interface Layout {
  lang: Language;
  width: number;
  tag: string;
  a: { username: string; password: string };
  b: { username: string; password: string };
  title: string;
  category: string;
  s: Texts;
  noAccess: string;
}

const LAYOUTS: Layout[] = [
  {
    lang: 'en-US',
    width: 1280,
    tag: 'en-1280',
    a: { username: 'ann-en', password: 'ann-pass-1' },
    b: { username: 'ben-en', password: 'ben-pass-1' },
    title: 'Why does my A+B overflow?',
    category: '题解',
    s: discussionEnUS,
    noAccess: 'No Access: There is no open discussion area on the website!',
  },
  {
    lang: 'zh-CN',
    width: 768,
    tag: 'zh-768',
    a: { username: 'ann-zh', password: 'ann-pass-2' },
    b: { username: 'ben-zh', password: 'ben-pass-2' },
    title: '为什么 A+B 会溢出？',
    category: '求助',
    s: discussionZhCN,
    noAccess: '无权访问：本站未开启公开讨论区！',
  },
];

let contestId = 0;

const env = useServerAndBrowser(async (server) => {
  const db = server.db;
  // reference §7.6: new accounts need no accepted problems to post and comment here
  await setSwitches(db, { defaultCreateDiscussionACInitValue: 0, defaultCreateCommentACInitValue: 0 });
  for (const x of LAYOUTS) {
    await createUser(db, x.a);
    await createUser(db, x.b);
  }
  const [root] = await db.select().from(userInfo).where(eq(userInfo.username, 'root'));
  const now = Date.now();
  const [open] = await db
    .insert(contest)
    .values({
      title: 'Comment Cup',
      description: 'A public contest with its comment area.',
      uid: root!.uuid,
      author: 'root',
      auth: 0,
      type: 0,
      startTime: new Date(now - 3600_000),
      endTime: new Date(now + 3 * 3600_000),
      duration: 4 * 3600,
      status: 0,
    })
    .returning({ id: contest.id });
  contestId = open!.id;
  // the organiser's comment, which every participant sees while the contest runs (reference §7.15)
  await db.insert(comment).values({
    cid: contestId,
    content: 'Ask your **questions** here.',
    fromUid: root!.uuid,
    fromName: 'root',
    fromRole: 'root',
  });
});

const url = (path: string, lang: Language) =>
  `${env.server.url}${path}${path.includes('?') ? '&' : '?'}l=${lang}`;

/**
 * A button's text: antd spaces a two-character Chinese label ("发 布"); a button's icon may put
 * its own name (a lowercase word) first.
 */
const spaced = (text: string) =>
  new RegExp(
    `^\\s*(?:[a-z-]+\\s+)?${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s?')}\\s*$`,
  );

/** A signed-in page of `user` in the layout's language and width. */
async function signedIn(x: Layout, user: { username: string; password: string }) {
  return openSignedInPage(env, user, x.width);
}

const card = (page: Page, title: string) =>
  page.locator('[data-testid="discussion-card"]', {
    has: page.locator('[data-testid="discussion-title"]', { hasText: title }),
  });
const commentOf = (page: Page, author: string) =>
  page.locator('[data-testid="comment"]', {
    has: page.locator('.comment-item__head [data-testid="author-name"]', { hasText: author }),
  });
const text = async (locator: Locator) => (await locator.innerText()).trim();
/** A count as the page words it ("Views 3", "浏览 3"). */
const counted = (template: string, n: number) => template.replace('{{count}}', String(n));

describe('discussion screens (spec part 2 §2.3, §7 "Discussions and comments"; reference §3.8, §7.15)', () => {
  for (const x of LAYOUTS) {
    it(`§2.3 post, comment, reply and like a problem discussion (${x.tag})`, async () => {
      const s = x.s;
      const fullTitle = `[P1000] ${x.title}`;
      const contexts: BrowserContext[] = [];
      try {
        // ---- A posts a problem discussion from the problem's list -----------------------------
        const a = await signedIn(x, x.a);
        contexts.push(a.context);
        const pa = a.page;
        // a search that finds nothing shows the empty state (spec part 2 §2.3 'No Data')
        await pa.goto(url('/discussion/P1000?keyword=no-such-post', x.lang));
        await pa.locator('.ant-empty-description', { hasText: s.list.empty }).waitFor();
        await pa.goto(url('/discussion/P1000', x.lang));
        await pa.getByRole('button', { name: spaced(s.list.general) }).waitFor();
        await pa.getByRole('button', { name: spaced(s.list.back) }).waitFor();
        await pa.getByRole('button', { name: spaced(s.list.postProblem) }).click();
        await popupsSettled(pa);
        const editor = dialog(pa);
        // §5: an empty form names the title first
        await editor.getByTestId('discussion-save').click();
        const titleRequired = s.editor.required.replace('{{field}}', s.editor.title);
        await editor.getByText(titleRequired).waitFor();
        expect(await pa.locator('#discussion-pid').inputValue()).toBe('P1000');
        await pa.locator('#discussion-title').fill(x.title);
        await pa.locator('#discussion-description').fill('Sums beyond 2^31');
        await chooseInSelect(pa, s.editor.category, x.category);
        await editor
          .getByLabel(s.editor.content, { exact: true })
          .fill('Use **long long**: $a+b < 2^{63}$.\n\n```cpp\nlong long a, b;\n```');
        // the helpers append markdown; the preview renders it through the safe renderer
        await editor.getByRole('button', { name: s.helpers.bold, exact: true }).click();
        expect(await editor.getByLabel(s.editor.content, { exact: true }).inputValue()).toMatch(
          /\*\*bold\*\*$/,
        );
        await saveScreenshot(pa, `discussion-editor-${x.tag}`);
        await editor.getByTestId('discussion-save').click();
        await toast(pa, s.editor.posted).waitFor();
        await dialog(pa).waitFor({ state: 'hidden' });
        const posted = card(pa, fullTitle);
        await posted.waitFor();
        expect(await text(posted.getByTestId('discussion-description'))).toBe('Sums beyond 2^31');
        expect(await posted.locator('.discussion-card__category').innerText()).toBe(x.category);
        await expectNoSidewaysScroll(pa);
        await saveScreenshot(pa, `discussion-problem-list-${x.tag}`, { fullPage: true });
        const did = Number(await posted.getAttribute('data-discussion-id'));
        expect(did).toBeGreaterThan(0);

        // ---- B finds it in the general list, opens it and comments -----------------------------
        const b = await signedIn(x, x.b);
        contexts.push(b.context);
        const pb = b.page;
        await pb.goto(url('/discussion', x.lang));
        await card(pb, fullTitle).getByTestId('discussion-title').click();
        await pb.waitForURL(`**/discussion-detail/${did}`);
        await pb.getByTestId('discussion-body').locator('strong', { hasText: 'long long' }).waitFor();
        await pb.getByTestId('discussion-body').locator('.katex').first().waitFor();
        expect(await text(pb.getByTestId('detail-views'))).toBe(counted(s.detail.views, 1));
        await pb.getByLabel(s.comments.placeholder, { exact: true }).fill('Thanks, *that* fixed it!');
        await pb.getByRole('button', { name: spaced(s.comments.send) }).click();
        await toast(pb, s.comments.posted).waitFor();
        const bComment = commentOf(pb, x.b.username);
        await bComment.getByTestId('comment-body').locator('em', { hasText: 'that' }).waitFor();
        await expect.poll(() => text(pb.getByTestId('detail-comments'))).toBe(counted(s.detail.comments, 1));
        expect(await text(pb.getByTestId('comment-total'))).toBe(s.comments.total.replace('{{count}}', '1'));

        // ---- A opens it, replies to B's comment and likes the comment ---------------------------
        await pa.goto(url(`/discussion-detail/${did}`, x.lang));
        const onA = commentOf(pa, x.b.username);
        await onA.waitFor();
        expect(await text(pa.getByTestId('detail-views'))).toBe(counted(s.detail.views, 2));
        await onA
          .locator('.comment-item__actions')
          .first()
          .getByRole('button', { name: spaced(s.comments.reply) })
          .click();
        const replyLabel = s.comments.replyPlaceholder.replace('{{name}}', x.b.username);
        await pa.getByLabel(replyLabel, { exact: true }).fill('Glad it helped, **good luck**.');
        await onA
          .locator('.comment-item__reply-box')
          .getByRole('button', { name: spaced(s.comments.sendReply) })
          .click();
        await toast(pa, s.comments.replied).waitFor();
        await onA.getByTestId('reply-body').locator('strong', { hasText: 'good luck' }).waitFor();
        await expect.poll(() => text(pa.getByTestId('detail-comments'))).toBe(counted(s.detail.comments, 2));
        // three more replies, each to the newest reply (a quote of a reply, reference §3.8 quoteType)
        for (let i = 1; i <= 3; i++) {
          await onA
            .getByTestId('reply')
            .first()
            .locator('.comment-item__actions')
            .getByRole('button', { name: spaced(s.comments.reply) })
            .click();
          const box = onA.locator('.comment-item__reply-box');
          await box
            .getByLabel(s.comments.replyPlaceholder.replace('{{name}}', x.a.username), { exact: true })
            .fill(`Follow-up ${i}`);
          await box.getByRole('button', { name: spaced(s.comments.sendReply) }).click();
          await onA.getByTestId('reply-body').getByText(`Follow-up ${i}`).waitFor();
          await box.waitFor({ state: 'detached' });
        }
        await expect.poll(() => text(pa.getByTestId('detail-comments'))).toBe(counted(s.detail.comments, 5));
        // reference §7.15: a comment carries its three newest replies; the rest come with "load more"
        expect(await onA.getByTestId('reply-body').count()).toBe(3);
        await onA.getByRole('button', { name: s.comments.like, exact: true }).click();
        await toast(pa, s.detail.liked).waitFor();
        await expect.poll(() => text(onA.getByTestId('comment-likes'))).toBe('1');
        await expectNoSidewaysScroll(pa);
        await saveScreenshot(pa, `discussion-detail-author-${x.tag}`, { fullPage: true });

        // ---- B sees the reply and the like, and likes the discussion ---------------------------
        await pb.reload();
        const bAgain = commentOf(pb, x.b.username);
        await bAgain.getByTestId('reply-body').first().waitFor();
        expect(await text(bAgain.getByTestId('comment-likes'))).toBe('1');
        expect(await text(pb.getByTestId('detail-views'))).toBe(counted(s.detail.views, 3));
        expect(await text(pb.getByTestId('detail-comments'))).toBe(counted(s.detail.comments, 5));
        expect(await text(pb.getByTestId('detail-likes'))).toBe(counted(s.detail.likes, 0));
        expect(await bAgain.getByTestId('reply-body').count()).toBe(3);
        await bAgain.getByRole('button', { name: counted(s.comments.loadMore, 4) }).click();
        await expect.poll(() => bAgain.getByTestId('reply-body').count()).toBe(4);
        await bAgain.getByTestId('reply-body').locator('strong', { hasText: 'good luck' }).waitFor();
        await pb.getByTestId('discussion-like').click();
        await toast(pb, s.detail.liked).waitFor();
        await expect.poll(() => text(pb.getByTestId('detail-likes'))).toBe(counted(s.detail.likes, 1));
        expect(await pb.getByTestId('discussion-like').getAttribute('aria-pressed')).toBe('true');
        // B is not the author: no edit; not an admin: no delete
        const detailActions = pb.locator('.discussion-detail__actions');
        expect(await detailActions.getByRole('button', { name: spaced(s.detail.edit) }).count()).toBe(0);
        expect(await detailActions.getByRole('button', { name: spaced(s.detail.delete) }).count()).toBe(0);
        // the report dialog refuses an empty report (§5), then takes a tag
        await pb.getByRole('button', { name: spaced(s.detail.report) }).click();
        await popupsSettled(pb);
        await dialog(pb)
          .getByRole('button', { name: spaced(s.report.submit) })
          .click();
        await toast(pb, s.report.empty).waitFor();
        await dialog(pb).getByLabel(s.report.tagSpam).check();
        await saveScreenshot(pb, `discussion-report-${x.tag}`);
        await dialog(pb)
          .getByRole('button', { name: spaced(s.report.submit) })
          .click();
        await toast(pb, s.report.sent).waitFor();
        await expectNoSidewaysScroll(pb);
        await saveScreenshot(pb, `discussion-detail-reader-${x.tag}`, { fullPage: true });

        // ---- the list's card counts what happened ---------------------------------------------
        await pa.goto(url('/discussion', x.lang));
        const listed = card(pa, fullTitle);
        await listed.waitFor();
        expect(await text(listed.getByTestId('discussion-comments'))).toBe('5');
        expect(await text(listed.getByTestId('discussion-likes'))).toBe('1');
        expect(await text(listed.getByTestId('discussion-views'))).toBe('3');
        await saveScreenshot(pa, `discussion-list-${x.tag}`, { fullPage: true });
      } finally {
        for (const context of contexts) await context.close();
      }
    }, 480_000);
  }

  it('§2.9 the discussion routes answer "No Access" when openPublicDiscussion is off (both languages)', async () => {
    await setSwitches(env.server.db, { openPublicDiscussion: false });
    try {
      for (const x of LAYOUTS) {
        const { context, page } = await openPage(env.browser, x.width);
        try {
          for (const path of ['/discussion', '/discussion/P1000', '/discussion-detail/1']) {
            await page.goto(url(path, x.lang));
            await toast(page, x.noAccess).waitFor();
            await page.waitForURL('**/home');
          }
        } finally {
          await context.close();
        }
      }
    } finally {
      await setSwitches(env.server.db, { openPublicDiscussion: true });
    }
  });

  for (const x of LAYOUTS) {
    it(`spec part 1 §2 contest "comment" tab: shown with openContestComment, same comment area (${x.tag})`, async () => {
      const s = x.s;
      const { context, page } = await signedIn(x, x.b);
      try {
        await page.goto(url(`/contest/${contestId}`, x.lang));
        await page.locator('[data-tab="comment"]').click();
        await page.waitForURL(`**/contest/${contestId}/comment**`);
        // the organiser's comment carries the SPA badge (spec part 2 §6)
        const rootComment = commentOf(page, 'root');
        await rootComment.getByTestId('comment-body').locator('strong', { hasText: 'questions' }).waitFor();
        expect(await text(rootComment.getByTestId('role-badge'))).toBe('SPA');
        const mine = `Is problem A 1-indexed? (${x.tag})`;
        await page.getByLabel(s.comments.placeholder, { exact: true }).fill(mine);
        await page.getByRole('button', { name: spaced(s.comments.send) }).click();
        await toast(page, s.comments.posted).waitFor();
        await commentOf(page, x.b.username).getByTestId('comment-body').getByText(mine).waitFor();
        // a participant replies only under their own comments (reference §7.15)
        expect(await rootComment.getByRole('button', { name: spaced(s.comments.reply) }).count()).toBe(0);
        await expectNoSidewaysScroll(page);
        await saveScreenshot(page, `discussion-contest-comment-${x.tag}`, { fullPage: true });
      } finally {
        await context.close();
      }
    });
  }
});
