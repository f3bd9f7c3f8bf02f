import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { lentContext } from './context-pool.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { logIn } from '../../../server/test/helpers/api-client.ts';
import { ROOT_PASSWORD } from '../../../server/test/helpers/app.ts';
import { startTestServer } from '../../../server/test/helpers/server.ts';
import { STORAGE_KEYS } from '../../src/config/constants.ts';

/** Shared by the browser tests: Debian's chromium, pages, and signing in through the real dialog. */

const BUILT_INDEX = path.resolve(import.meta.dirname, '../../dist/index.html');

export function assertBuilt(): void {
  if (!existsSync(BUILT_INDEX)) throw new Error('Build the web app first: npm run build -w @verdict/web');
}

/**
 * Debian's chromium-headless-shell: the same Chromium without the desktop browser's shell, and the
 * browser playwright itself runs headless tests in. Twelve page loads cost its processes about 12 s
 * of CPU against 20 s for the full chromium (browser process 5.7 → 2.1 s, GPU process 2.5 → 1.0 s,
 * renderers 9.4 → 8.2 s), and CPU is what bounds the browser tests on two cores (CI time).
 */
const CHROMIUM = '/usr/bin/chromium-headless-shell';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // A test's page lives seconds: V8's optimising compilers (TurboFan, Maglev) spend more CPU
      // compiling its scripts than they save. shell, scroll-board and hoj-client tests: 355 s of
      // machine CPU with them, 276 and 278 s without (admin-problem and contest: 146, 154 → 127, 127).
      '--js-flags=--no-opt,--no-maglev',
    ],
  });
}

/**
 * A browser profile, new or lent clean by an earlier test of the file (context-pool.ts), whose toasts
 * are recorded (see `toast`). It asks for reduced motion, so
 * Ant Design's transitions are off: a quarter of Chromium's CPU in a browser test went to drawing
 * them (admin-problem.test.ts: 43 → 32 s), and no wait depends on one ending.
 */
export async function newContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<BrowserContext> {
  const merged = { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' as const, ...options };
  return lentContext(browser, merged, async () => {
    const context = await browser.newContext(merged);
    await recordToasts(context);
    return context;
  });
}

export async function openPage(
  browser: Browser,
  width = 1280,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, { viewport: { width, height: 900 }, ...options });
  const page = await context.newPage();
  if (process.env.E2E_DEBUG) await traceForDebugging(page);
  return { context, page };
}

/**
 * E2E_DEBUG=1 prints what a page does (navigations, API calls, failed loads, errors, clicks), to
 * find out why a browser test waited in vain.
 */
async function traceForDebugging(page: Page): Promise<void> {
  const started = Date.now();
  const id = Math.random().toString(36).slice(2, 6);
  const log = (...parts: unknown[]) => console.log('E2E', id, Date.now() - started, ...parts);
  page.on('console', (message) => log('console', message.text()));
  page.on('pageerror', (error) => log('pageerror', error.message));
  page.on('framenavigated', (frame) => log('navigated', frame.url()));
  page.on('requestfailed', (request) => log('failed', request.url(), request.failure()?.errorText));
  page.on('response', (response) => {
    if (response.url().includes('/api/') || response.status() >= 300) log(response.status(), response.url());
  });
  await page.exposeFunction('__e2eLog', (text: string) => log('page', text));
  await page.addInitScript(() => {
    const report = (window as unknown as { __e2eLog(text: string): void }).__e2eLog;
    document.addEventListener(
      'click',
      (event) => report(`click ${(event.target as Element).outerHTML.slice(0, 100)}`),
      true,
    );
  });
}

export const topBar = (page: Page) => page.locator('.top-bar');
export const dialog = (page: Page) => page.getByRole('dialog');
/** The visible tab of the account dialog (the other tabs stay mounted but hidden). */
export const dialogPanel = (page: Page) => dialog(page).getByRole('tabpanel');

/** The toast on screen with this text (toasts replace each other, spec part 1 §8). */
export const toastOnScreen = (page: Page, text: string) =>
  page.locator('.ant-message-notice').getByText(text, { exact: true });

const TOAST_LOG = 'e2e-toasts';
const recordingContexts = new WeakSet<BrowserContext>();

/**
 * Records each toast the context's pages show (the app's `verdict:toast` event) in the tab's
 * sessionStorage, which outlives its navigations. A toast stays 4 s; the test's own process also
 * runs the server and may look later than that on a loaded machine, so tests read this record.
 */
async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => {
    window.addEventListener('verdict:toast', (event) => {
      const shown = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      shown.push((event as CustomEvent<{ content: string }>).detail.content);
      sessionStorage.setItem(key, JSON.stringify(shown));
    });
  }, TOAST_LOG);
  recordingContexts.add(context);
}

/**
 * The next toast with this text: `waitFor()` resolves once the page has shown it, even if it has
 * gone again, and takes it off the record, so the next wait for the same text needs a new toast.
 * Other states (`hidden`, `detached`) are read on the screen.
 */
export const toast = (page: Page, text: string) => ({
  waitFor: (options: { state?: 'visible' | 'hidden' | 'attached' | 'detached'; timeout?: number } = {}) =>
    (options.state ?? 'visible') === 'visible'
      ? toastShown(page, text, options.timeout)
      : toastOnScreen(page, text).waitFor(options),
});

async function toastShown(page: Page, text: string, timeout = 30_000): Promise<void> {
  if (!recordingContexts.has(page.context())) return toastOnScreen(page, text).waitFor({ timeout });
  const takeFromRecord = ([key, wanted]: [string, string]) => {
    const shown = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
    const at = shown.indexOf(wanted);
    if (at >= 0) sessionStorage.setItem(key, JSON.stringify(shown.filter((_, i) => i !== at)));
    return { taken: at >= 0, shown };
  };
  const deadline = Date.now() + timeout;
  for (;;) {
    // While the tab navigates there is no page to ask: ask again.
    const record = await page
      .evaluate(takeFromRecord, [TOAST_LOG, text] as [string, string])
      .catch((error: unknown) => {
        if (page.isClosed()) throw error;
        return { taken: false, shown: [] as string[] };
      });
    if (record.taken) return;
    if (Date.now() > deadline)
      throw new Error(
        `No toast "${text}" within ${timeout} ms (shown and not yet awaited: ${JSON.stringify(record.shown)})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Whether the page has had no request in flight for a moment (its lazy parts and data loaded). The
 * signed-in page's message stream (issue 15) stays open for good, so it does not count.
 */
export function networkQuiet(page: Page): () => boolean {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/msg/stream') return;
    inFlight.add(request);
    changed = Date.now();
  });
  const settled = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  return () => inFlight.size === 0 && Date.now() - changed > 300;
}

/** Fills the login form in the dialog (English interface) and presses Login. */
export async function submitLoginDialog(page: Page, username: string, password: string): Promise<void> {
  await popupsSettled(page);
  const form = dialogPanel(page);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Opens the dialog from the top bar, signs in and waits for the user menu (English interface). */
export async function signInThroughDialog(page: Page, username: string, password: string): Promise<void> {
  await topBar(page).getByRole('button', { name: 'Login', exact: true }).click();
  await submitLoginDialog(page, username, password);
  await page.getByRole('button', { name: 'User menu' }).waitFor();
  await dialog(page).waitFor({ state: 'hidden' });
}

/** The seeded root, signed in as the admin app's login page signs in. */
export const ROOT_ADMIN = { username: 'root', password: ROOT_PASSWORD, admin: true };

/**
 * A fresh page `width` px wide whose browser is already signed in as `username`: the login call
 * (`/api/admin/login` with `admin`) is made over HTTP and its answer stored as the login form stores
 * it (store/session.ts), so the test's first load is the page it is about, not the home page and
 * the dialog (a page load costs over a second of Chromium's CPU: CI time). Tests of signing in
 * itself use the dialog or the admin login page.
 */
export async function openSignedInPage(
  env: { readonly server: TestServer; readonly browser: Browser },
  user: { username: string; password: string; admin?: boolean },
  width = 1280,
): Promise<{ context: BrowserContext; page: Page }> {
  const { token, userInfo } = await logIn(env.server.url, user);
  const localStorage = [
    { name: STORAGE_KEYS.userInfo, value: JSON.stringify(userInfo) },
    { name: STORAGE_KEYS.authed, value: 'true' },
    { name: STORAGE_KEYS.token, value: token },
  ];
  const origins = [{ origin: env.server.url, localStorage }];
  return openPage(env.browser, width, { storageState: { cookies: [], origins } });
}

/** Signs in through the admin app's own login page at `baseUrl` and waits for its dashboard (English). */
export async function signInToAdminApp(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/admin/login?l=en-US`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/dashboard');
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
export type Language = 'en-US' | 'zh-CN';

/**
 * One real server and one chromium for a whole test file: started before its first test (after
 * `prepare`, e.g. users or a mail server the tests need), closed after its last. Read `server` and
 * `browser` inside tests, once they have started.
 */
export function useServerAndBrowser(prepare?: (server: TestServer) => Promise<void>): {
  readonly server: TestServer;
  readonly browser: Browser;
} {
  const env = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    assertBuilt();
    env.server = await startTestServer();
    await prepare?.(env.server);
    env.browser = await launchChromium();
    // migrations, the seed's scrypt hash and chromium's start: minutes on a loaded two-core machine
  }, 240_000);
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

/**
 * The layouts every screen's browser test runs its flow in (spec part 2 §2.7; 768 px is the
 * responsive breakpoint): each language once and each width once. The interface's text does not
 * depend on the width nor its layout on the language, so the two other pairings found nothing the
 * two here did not, and cost a third of the browser tests' CPU (CI time, issue 26).
 */
export const ADMIN_LAYOUTS = [
  { width: 1280, lang: 'en-US' },
  { width: 768, lang: 'zh-CN' },
] as const satisfies readonly { width: number; lang: Language }[];

/**
 * A fresh page `width` px wide, signed in to the admin app as root, showing `path` in `lang`.
 * Close the context when done.
 */
export async function openAdminAsRoot(
  env: { readonly server: TestServer; readonly browser: Browser },
  options: { width: number; lang: Language; path: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openSignedInPage(env, ROOT_ADMIN, options.width);
  const join = options.path.includes('?') ? '&' : '?';
  await opened.page.goto(`${env.server.url}${options.path}${join}l=${options.lang}`);
  return opened;
}

/**
 * Waits until no dialog, drawer, menu, select or date dropdown or popover is still in its opening
 * motion. Ant Design starts that motion paused for a frame at the small "from" size; on a loaded
 * machine a click aimed in that frame lands beside the element once it grows (seen as clicks on a
 * dialog's mask).
 */
export async function popupsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector(
        ':is(.ant-modal, .ant-drawer-content-wrapper, .ant-dropdown, .ant-select-dropdown, .ant-picker-dropdown, .ant-popover):is([class*="-appear"], [class*="-enter"])',
      ) === null,
  );
}

/** An option of the open select dropdown, by its exact text. */
export const selectOption = (page: Page, name: string) =>
  page.locator(
    `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${name}"]`,
  );

/** Opens a select by its accessible name and picks an option once the dropdown has settled. */
export async function chooseInSelect(page: Page, selectName: string, optionName: string): Promise<void> {
  await page.getByRole('combobox', { name: selectName }).click();
  await popupsSettled(page);
  await selectOption(page, optionName).click();
}

/** Opens the user menu and chooses an entry (English interface). */
export async function chooseFromUserMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click();
  await popupsSettled(page);
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** Drags `handle` horizontally by `dx` pixels with the mouse, in small steps like a hand would. */
export async function dragBy(page: Page, handle: ReturnType<Page['locator']>, dx: number): Promise<void> {
  const box = await handle.boundingBox();
  if (!box) throw new Error('the handle is not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 8 });
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
}

/** Nothing is wider than the window, so the page never scrolls sideways (spec part 1 §9: 768 px). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The element is shown whole, left to right, inside the window. */
export async function expectInsideViewport(page: Page, element: Locator): Promise<void> {
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** With E2E_SHOTS_DIR set, saves a screenshot there (`<name>.png`) for a person to look at. */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), ...options });
}
