/**
 * The few browser globals that the web modules touch, for unit tests that run in Node (the unit
 * tests' environment): `window.location` and `localStorage` (the interface language and the
 * stored login), window events, `document.documentElement.lang`, and the `<a download>` link that
 * saves a downloaded file. Import this first, before any module of src/ — they read them on import.
 *
 * `window.document` stays undefined on purpose, so libraries that probe for a DOM (antd) keep to
 * their server-side paths instead of rendering into this stand-in.
 */

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

/** A file the page asked the browser to save: the link's name and the object URL of its blob. */
export interface SavedFile {
  fileName: string;
  href: string;
}

export const savedFiles: SavedFile[] = [];

function downloadLink() {
  const link = {
    href: '',
    download: '',
    click: () => savedFiles.push({ fileName: link.download, href: link.href }),
    remove: () => undefined,
  };
  return link;
}

const location = { search: '?l=en-US', pathname: '/home', assign: (_to: string) => undefined };

Object.assign(globalThis, {
  // an EventTarget, as the window is: the app announces some things as window events (toasts)
  window: Object.assign(new EventTarget(), { location, localStorage: new MemoryStorage() }),
  document: {
    documentElement: { lang: '' },
    body: { appendChild: () => undefined },
    createElement: (tag: string) => {
      if (tag !== 'a') throw new Error(`browser-globals: no <${tag}> in this stand-in`);
      return downloadLink();
    },
  },
});

/** Which page the "browser" is on (the API client and the guards read it). */
export function setPathname(pathname: string): void {
  location.pathname = pathname;
}
