import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Browser contexts lent to a test file's tests in turn, each with the page it opened first.
 *
 * A new page is a new renderer process, a fresh V8 isolate that compiles the web app's scripts again
 * (about 2 MB); Chromium keeps no code cache in playwright's in-memory contexts. Loading /problem 16
 * times on a slow day cost 2.86 s of CPU a load in a new context each time, 0.67 s navigating the same
 * page (CI time, issue 26). So `context.close()` of a lent context resets it instead (its other pages
 * closed, listeners and routes removed, cookies, permissions and every origin's storage cleared) and
 * the next test that asks for a context with the same options gets it, its page still on the site:
 * passing through about:blank would cost the next page load a new renderer again.
 *
 * A context on which a test set something that outlives a navigation and no reset undoes (a fake
 * clock, init scripts, bindings, headers, media, offline) is closed for real, never lent again.
 */
interface Lent {
  context: BrowserContext;
  page: Page;
  handedOut: boolean;
  tainted: boolean;
}

const free = new WeakMap<Browser, Map<string, Lent[]>>();

const LASTING = {
  context: [
    'addInitScript',
    'exposeBinding',
    'exposeFunction',
    'setExtraHTTPHeaders',
    'setOffline',
    'setGeolocation',
    'setHTTPCredentials',
  ],
  clock: ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'fastForward', 'runFor', 'resume'],
  page: ['addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders', 'emulateMedia'],
};

/**
 * A context with `options`: a free one of this browser's whose options are the same (its viewport
 * set to the one asked for), or a new one made by `create`.
 */
export async function lentContext(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] & object,
  create: () => Promise<BrowserContext>,
): Promise<BrowserContext> {
  const key = JSON.stringify({ ...options, viewport: undefined });
  if (!free.has(browser)) free.set(browser, new Map());
  const shelf = free.get(browser)!;
  const reused = shelf.get(key)?.pop();
  if (reused) {
    if (options.viewport) await reused.page.setViewportSize(options.viewport);
    reused.handedOut = false;
    return reused.context;
  }
  const context = await create();
  const lent: Lent = { context, page: await context.newPage(), handedOut: false, tainted: false };
  taintOn(lent, context, LASTING.context);
  taintOn(lent, context.clock, LASTING.clock);
  taintOn(lent, lent.page, LASTING.page);

  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    if (lent.handedOut || lent.page.isClosed()) return newPage();
    lent.handedOut = true;
    return lent.page;
  };
  const close = context.close.bind(context);
  context.close = async () => {
    if (lent.tainted || lent.page.isClosed()) return close();
    try {
      await reset(lent);
    } catch {
      return close();
    }
    shelf.set(key, [...(shelf.get(key) ?? []), lent]);
  };
  return context;
}

function taintOn(lent: Lent, target: object, methods: string[]): void {
  const methodsOf = target as Record<string, (...args: unknown[]) => unknown>;
  for (const name of methods) {
    const original = methodsOf[name]!;
    methodsOf[name] = (...args: unknown[]) => {
      lent.tainted = true;
      return original.apply(target, args);
    };
  }
}

async function reset({ context, page }: Lent): Promise<void> {
  for (const other of context.pages()) if (other !== page) await other.close();
  page.removeAllListeners();
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  // the open origin's session storage (the page's own), then every origin's stored data
  await page.evaluate(() => sessionStorage.clear()).catch(() => {});
  const { origins } = await context.storageState();
  const cdp = await context.newCDPSession(page);
  for (const origin of new Set([new URL(page.url()).origin, ...origins.map((o) => o.origin)]))
    if (origin !== 'null') await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.detach();
  await context.clearCookies();
  await context.clearPermissions();
}
