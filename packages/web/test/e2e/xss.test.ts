import type { Page } from 'playwright-core';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { discussion, userInfo } from '../../../server/src/db/schema/index.ts';
import { apiClient, signIn, type Api } from '../../../server/test/helpers/api-client.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { newContext, saveScreenshot, signInThroughDialog, useServerAndBrowser } from './support.ts';
import { combinedDocument, headedPayloads, sectionTitle, XSS_PAYLOADS } from './xss-payloads.ts';

/**
 * Issue 15 "Safety": user markdown is rendered safely everywhere, whatever the author's role. Every
 * payload of xss-payloads.ts (known XSS vectors: raw HTML, markdown links and images, autolinks,
 * reference definitions, fences, footnotes, KaTeX commands) is posted through the HTTP API as root,
 * the strongest author, into every place that renders markdown, and each place is opened in
 * chromium. Asserted on every page: no dialog opens, `window.__xss` stays unset, no element with
 * the payloads' marker id or class `pwn` exists, and inside the rendered markdown there is no
 * script, style, frame, plugin, form, base, meta or link element, no `on*` attribute, no
 * javascript:/vbscript:/data: URL, no style attribute outside KaTeX's own markup, nothing fixed or
 * sticky, and nothing that paints outside the markdown box (hit-tested over the whole page). The
 * control markdown (bold, link, formula, table) and every payload's section heading must render,
 * so an empty page cannot pass.
 */

const env = useServerAndBrowser();
const COMBINED = combinedDocument();
/** Where the combined document (or one payload per item) is posted, filled in by the setup test. */
const places = { problemId: '', cid: 0, tid: 0, did: 0 };
let root: Api;

/** Tags that must never come out of user markdown. */
const FORBIDDEN_TAGS = [
  'script',
  'style',
  'link',
  'meta',
  'base',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'button',
  'select',
  'textarea',
  'noscript',
  'template',
  'video',
  'audio',
  'source',
  'marquee',
  'foreignobject',
  'animate',
  'set',
  'use',
];

/**
 * Everything wrong with the page, as readable lines (empty when it is safe). Runs in the page:
 * `bodySelector` picks the rendered markdown boxes.
 */
function inspectPage(args: { bodySelector: string; forbidden: string[] }): string[] {
  const found: string[] = [];
  const show = (el: Element) => el.outerHTML.slice(0, 120);
  const w = window as unknown as { __xss?: unknown };
  if (w.__xss !== undefined) found.push(`window.__xss = ${String(w.__xss)}`);
  for (const el of document.querySelectorAll('#pwn, .pwn, #user-content-pwn'))
    found.push(`marker: ${show(el)}`);
  for (const el of document.querySelectorAll('meta[http-equiv], base[href]:not([href="/"])'))
    found.push(`document-level: ${show(el)}`);
  const urlAttrs = new Set([
    'href',
    'xlink:href',
    'src',
    'srcset',
    'action',
    'formaction',
    'data',
    'srcdoc',
    'background',
    'poster',
    'cite',
    'longdesc',
    'ping',
  ]);
  const bodies = [...document.querySelectorAll(args.bodySelector)];
  for (const body of bodies) {
    for (const el of body.querySelectorAll('*')) {
      const tag = el.localName.toLowerCase();
      if (args.forbidden.includes(tag)) found.push(`element <${tag}>: ${show(el)}`);
      if (tag === 'input' && !(el.getAttribute('type') === 'checkbox' && el.hasAttribute('disabled')))
        found.push(`input: ${show(el)}`);
      // KaTeX's own MathML and SVG are the only math/svg allowed
      if (tag === 'math' && !el.closest('.katex-mathml')) found.push(`math outside KaTeX: ${show(el)}`);
      if (tag === 'svg' && !el.closest('.katex-html')) found.push(`svg outside KaTeX: ${show(el)}`);
      for (const attr of el.attributes) {
        const name = attr.name.toLowerCase();
        if (name.startsWith('on')) found.push(`handler ${name}: ${show(el)}`);
        if (urlAttrs.has(name)) {
          // browsers drop control characters and whitespace from URLs before reading the scheme
          const url = [...attr.value]
            .filter((c) => c.charCodeAt(0) > 0x20)
            .join('')
            .toLowerCase();
          if (/^(javascript|vbscript|data|livescript):/.test(url)) found.push(`url ${name}: ${show(el)}`);
        }
        if (name === 'style') {
          if (!el.closest('.katex, .katex-error')) found.push(`style outside KaTeX: ${show(el)}`);
          else if (/position|url\(|expression|behavior|z-index/i.test(attr.value))
            found.push(`KaTeX style: ${show(el)}`);
        }
      }
      const position = getComputedStyle(el).position;
      if (position === 'fixed' || position === 'sticky') found.push(`${position}: ${show(el)}`);
    }
  }
  // Hit-test the whole page outside the markdown boxes on a 20 px grid: no point there may land on
  // user markup (what KaTeX draws outside its line would cover the site's own controls).
  const step = 20;
  const height = document.documentElement.scrollHeight;
  for (let top = 0; top < height; top += window.innerHeight) {
    window.scrollTo(0, top);
    const rects = bodies.map((b) => b.getBoundingClientRect());
    const inside = (x: number, y: number) =>
      rects.some((r) => x >= r.left - 1 && x <= r.right + 1 && y >= r.top - 1 && y <= r.bottom + 1);
    for (let y = step / 2; y < window.innerHeight; y += step) {
      for (let x = step / 2; x < window.innerWidth; x += step) {
        if (inside(x, y)) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit?.closest(args.bodySelector))
          found.push(`paints outside its box at (${x}, ${top + y}): ${show(hit)}`);
      }
    }
  }
  window.scrollTo(0, 0);
  return [...new Set(found)];
}

/**
 * Loads `path` in a fresh document signed in as root and runs `check` on it, with `inspect` to
 * call once markdown shows: it waits for `count` markdown boxes under `scope`, lets late handlers
 * (onerror, autofocus, meta refresh) fire, and answers what is wrong with the page. Dialogs opened
 * at any time in that document are answered too.
 */
async function visit(
  page: Page,
  path: string,
  check: (inspect: (scope: string, count?: number) => Promise<string[]>) => Promise<void>,
): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  const onDialog = (dialog: { message(): string; dismiss(): Promise<void> }) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  };
  page.on('dialog', onDialog);
  try {
    await page.goto(`${env.server.url}${path}`);
    await check(async (scope, count = 1) => {
      const bodies = page.locator(`${scope} .markdown-body`);
      await expect.poll(() => bodies.count()).toBeGreaterThanOrEqual(count);
      // image errors, focus and refreshes happen within moments of rendering (no 'networkidle':
      // the message stream stays open)
      await page.waitForFunction(
        (selector) => [...document.querySelectorAll<HTMLImageElement>(selector)].every((img) => img.complete),
        `${scope} .markdown-body img`,
      );
      await page.waitForTimeout(500);
      // no refresh or base element sent the page elsewhere
      expect(new URL(page.url()).pathname).toBe(new URL(path, env.server.url).pathname);
      return page.evaluate(inspectPage, { bodySelector: '.markdown-body', forbidden: FORBIDDEN_TAGS });
    });
    return { dialogs };
  } finally {
    page.off('dialog', onDialog);
  }
}

/**
 * One place showing the combined document in the box at `scope`: it renders (control and section
 * headings) and nothing in it runs or escapes.
 */
async function expectCombinedSafe(page: Page, path: string, scope: string, open?: () => Promise<void>) {
  const { dialogs } = await visit(page, path, async (inspect) => {
    await open?.();
    // rendered first (a renderer may load with the first text shown), then inspected
    await expectCombinedRendered(page, scope);
    expect(await inspect(scope)).toEqual([]);
    await saveScreenshot(page, `xss-${new URL(path, env.server.url).pathname.split('/')[1]}`, {
      fullPage: true,
    });
  });
  expect(dialogs).toEqual([]);
}

/** The control markdown and the section headings rendered in the box at `scope` (the combined document). */
async function expectCombinedRendered(page: Page, scope: string): Promise<void> {
  const body = page.locator(`${scope} .markdown-body`).first();
  await expect.poll(() => body.locator('strong', { hasText: 'bold-control' }).count()).toBe(1);
  const link = body.locator('a', { hasText: 'external-control' });
  expect(await link.getAttribute('href')).toBe('https://example.com/ok');
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toContain('noopener');
  expect(await body.locator('td', { hasText: 'cell-control' }).count()).toBe(1);
  expect(await body.locator('.katex').count()).toBeGreaterThan(5);
  const headings = await body.locator('h2').allTextContents();
  for (const index of headedPayloads()) expect(headings).toContain(sectionTitle(index));
}

describe('issue 15 "Safety": user markdown from root renders without running or escaping anything', () => {
  it(`posts ${XSS_PAYLOADS.length} payloads into every markdown place through the API as root`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
    const url = env.server.url;
    root = apiClient(url, await signIn(url, 'root', ROOT_PASSWORD));

    // home announcement (reference §3.12 "Announcements")
    await root('POST', '/api/admin/announcement', { title: 'xss-combined', content: COMBINED, status: 0 });

    // problem statement: the combined document as description and hint, single payloads elsewhere
    const languages = await root<{ id: number; oj: string }[]>('GET', '/api/languages');
    const pick = (name: string) => XSS_PAYLOADS.find((p) => p.name === name)!.source;
    const created = await root<{ pid: number; problemId: string }>('POST', '/api/admin/problem', {
      problem: {
        problemId: 'XSS1',
        title: '<img src=x onerror=alert(1)> xss',
        type: 0,
        timeLimit: 1000,
        memoryLimit: 256,
        stackLimit: 128,
        description: COMBINED,
        input: pick('unclosed comment'),
        output: pick('unclosed script'),
        hint: COMBINED,
        source: pick('fixed overlay'),
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
    places.problemId = created.problemId;

    // a running public contest: the combined description, and one announcement per payload
    const hour = 3600_000;
    const { cid } = await root<{ cid: number }>('POST', '/api/admin/contest', {
      title: 'xss contest',
      description: COMBINED,
      type: 0,
      auth: 0,
      pwd: null,
      startTime: new Date(Date.now() - hour).toISOString(),
      endTime: new Date(Date.now() + 5 * hour).toISOString(),
      duration: 6 * 3600,
      sealRank: false,
      sealRankTime: null,
      autoRealRank: true,
      visible: true,
      openPrint: false,
      openAccountLimit: false,
      accountLimitRule: null,
      rankShowName: 'username',
      starAccount: [],
      openRank: false,
      oiRankScoreType: 'Recent',
      awardType: 0,
      awardConfigList: [],
      allowEndSubmit: false,
    });
    places.cid = cid;
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      await root('POST', '/api/admin/contest/announcement', {
        cid,
        announcement: { title: announcementTitle(index), content: payload.source, status: 0 },
      });
    }

    // a training's introduction (its category first)
    const category = await root<{ id: number }>('POST', '/api/admin/training/category', {
      name: 'xss',
      color: '#409EFF',
    });
    const training = await root<{ tid: number }>('POST', '/api/admin/training', {
      training: {
        title: 'xss training',
        description: COMBINED,
        auth: 'Public',
        privatePwd: null,
        rank: 1000,
        status: true,
      },
      trainingCategory: { id: category.id },
    });
    places.tid = training.tid;

    // root's own profile markdown (reference §3.1 change-userInfo)
    await root('POST', '/api/change-userInfo', { signature: COMBINED });

    // a discussion (reference §3.8) with one comment per payload, each answered by a reply with it
    const categories = await root<{ id: number }[]>('GET', '/api/discussion-category');
    await root('POST', '/api/discussion', {
      title: 'xss discussion <img src=x onerror=alert(1)>',
      description: 'xss <script>alert(1)</script>',
      content: COMBINED,
      categoryId: categories[0]!.id,
    });
    const [posted] = await env.server.db
      .select({ id: discussion.id })
      .from(discussion)
      .orderBy(desc(discussion.id))
      .limit(1);
    places.did = posted!.id;
    const [me] = await env.server.db
      .select({ uid: userInfo.uuid })
      .from(userInfo)
      .where(eq(userInfo.username, 'root'));
    for (const payload of XSS_PAYLOADS) {
      const { id } = await root<{ id: number }>('POST', '/api/comment', {
        did: places.did,
        content: payload.source,
      });
      await root('POST', '/api/reply', {
        did: places.did,
        reply: { commentId: id, toUid: me!.uid, toName: 'root', toAvatar: null, content: payload.source },
      });
    }

    // a system notice to everyone (reference §3.12 "System notices"), read in /message/sys
    await root('POST', '/api/admin/msg/notice', { title: 'xss notice', content: COMBINED, type: 'All' });
  });

  it('the home announcement', async () => {
    await withRootPage((page) =>
      expectCombinedSafe(page, '/home?l=en-US', '.home-announcement', () =>
        page.getByRole('button', { name: 'xss-combined' }).click(),
      ),
    );
  });

  it('the problem statement (description, input, output, hint, source)', async () => {
    await withRootPage(async (page) => {
      const { dialogs } = await visit(page, `/problem/${places.problemId}?l=en-US`, async (inspect) => {
        expect(await inspect('', 5)).toEqual([]);
        await expectCombinedRendered(page, '');
      });
      expect(dialogs).toEqual([]);
    });
  });

  it('the contest overview', async () => {
    await withRootPage((page) => expectCombinedSafe(page, `/contest/${places.cid}?l=en-US`, ''));
  });

  it('the contest announcements, one payload each, every panel open', async () => {
    await withRootPage(async (page) => {
      const pageSize = 10;
      const pages = Math.ceil(XSS_PAYLOADS.length / pageSize);
      const list = page.locator('.contest-announcements__list');
      let previous = '';
      const seen = new Set<string>();
      const { dialogs } = await visit(
        page,
        `/contest/${places.cid}/announcement?l=en-US`,
        async (inspect) => {
          for (let n = 1; n <= pages; n++) {
            const onPage = Math.min(pageSize, XSS_PAYLOADS.length - (n - 1) * pageSize);
            if (n > 1) await page.locator(`.contest-announcements__pages .ant-pagination-item-${n}`).click();
            await expect.poll(() => list.locator('.ant-collapse-item').count()).toBe(onPage);
            const titles = list.locator('.contest-announcements__title');
            await expect.poll(async () => (await titles.allTextContents()).join()).not.toBe(previous);
            previous = (await titles.allTextContents()).join();
            // newest first; only the first panel starts open
            const closed = list.locator(
              '.ant-collapse-item:not(.ant-collapse-item-active) .ant-collapse-header',
            );
            while ((await closed.count()) > 0) await closed.first().click();
            expect(await inspect('.contest-announcements__list', onPage)).toEqual([]);
            // titles are text: the tag in them shows as typed
            const shown = await titles.allTextContents();
            expect(shown).toHaveLength(onPage);
            for (const title of shown) {
              expect(title).toMatch(/^xss-payload-\d+ <img src=x onerror=alert\(1\)>$/);
              seen.add(title);
            }
          }
        },
      );
      expect(seen.size).toBe(XSS_PAYLOADS.length);
      expect(dialogs).toEqual([]);
    });
  }, 240_000);

  it('the training introduction', async () => {
    await withRootPage((page) => expectCombinedSafe(page, `/training/${places.tid}?l=en-US`, ''));
  });

  it("the user home's profile tab", async () => {
    await withRootPage((page) =>
      expectCombinedSafe(page, '/user-home?username=root&l=en-US', '.user-home-tabs'),
    );
  });

  it('the discussion detail', async () => {
    await withRootPage((page) =>
      expectCombinedSafe(page, `/discussion-detail/${places.did}?l=en-US`, '[data-testid="discussion-body"]'),
    );
  });

  it("the discussion's comments and replies, one payload each", async () => {
    await withRootPage(async (page) => {
      const pageSize = 10;
      const pages = Math.ceil(XSS_PAYLOADS.length / pageSize);
      const comments = page.locator('[data-testid="comment"]');
      let previous = '';
      let commentsSeen = 0;
      const { dialogs } = await visit(page, `/discussion-detail/${places.did}?l=en-US`, async (inspect) => {
        for (let n = 1; n <= pages; n++) {
          const onPage = Math.min(pageSize, XSS_PAYLOADS.length - (n - 1) * pageSize);
          if (n > 1) await page.locator(`.comment-section__pages .ant-pagination-item-${n}`).click();
          const ids = async () =>
            (await comments.evaluateAll((els) => els.map((e) => e.getAttribute('data-comment-id')))).join();
          await expect.poll(ids).not.toBe(previous);
          previous = await ids();
          await expect.poll(() => comments.count()).toBe(onPage);
          expect(await inspect('[data-testid="comment-body"]', onPage)).toEqual([]);
          // every comment shows its reply
          expect(await page.locator('[data-testid="reply-body"] .markdown-body').count()).toBe(onPage);
          commentsSeen += onPage;
        }
      });
      expect(commentsSeen).toBe(XSS_PAYLOADS.length);
      expect(dialogs).toEqual([]);
    });
  }, 240_000);

  it('the system notice in the message centre', async () => {
    await withRootPage((page) => expectCombinedSafe(page, '/message/sys?l=en-US', '.msg-item'));
  });
});

const announcementTitle = (index: number) => `${sectionTitle(index)} <img src=x onerror=alert(1)>`;

let signedIn: { page: Page; close(): Promise<void> } | undefined;
afterAll(() => signedIn?.close());

/** One page for the whole file, signed in as root through the dialog on first use. */
async function withRootPage(run: (page: Page) => Promise<void>): Promise<void> {
  if (!signedIn) {
    const context = await newContext(env.browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/home?l=en-US`);
    await signInThroughDialog(page, 'root', ROOT_PASSWORD);
    signedIn = { page, close: () => context.close() };
  }
  await run(signedIn.page);
}
