import { REMOTE_OJ_NAMES, type RemoteOj } from '@verdict/shared';
/** Request timeout for every API call (spec part 1 §9). */
export const REQUEST_TIMEOUT_MS = 90_000;

/** File downloads may take longer (spec part 1 §9: 300000 ms). */
export const DOWNLOAD_TIMEOUT_MS = 300_000;

/** A page chunk that has not loaded after this long is reported as failed (spec part 1 §8, §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Toasts: top centre, 4000 ms, one at a time (spec part 1 §8). */
export const TOAST_DURATION_S = 4;

/** Below this width the shell uses the drawer layout (spec part 1 §9). */
export const MOBILE_BREAKPOINT_PX = 768;

/** Route-change progress bar speed (spec part 2 §2.9). */
export const ROUTE_PROGRESS_SPEED_MS = 1000;

/** Home carousel (spec part 1 §2 "Home"). */
export const HOME_CAROUSEL_INTERVAL_MS = 5000;
export const HOME_CAROUSEL_HEIGHT_PX = 440;
export const HOME_CAROUSEL_MOBILE_HEIGHT_PX = 200;

/** Browser storage keys (spec part 2 §9 "Local storage keys"). */
export const STORAGE_KEYS = {
  token: 'token',
  authed: 'authed',
  userInfo: 'userInfo',
  webLanguage: 'webLanguage',
} as const;

/** The seven remote judges (spec part 2 §1) by their problem-id prefix (REMOTE_OJS), with their sites. */
export const REMOTE_JUDGES: Record<RemoteOj, { name: string; url: string }> = {
  HDU: { name: REMOTE_OJ_NAMES.HDU, url: 'https://acm.hdu.edu.cn' },
  CF: { name: REMOTE_OJ_NAMES.CF, url: 'https://codeforces.com' },
  GYM: { name: REMOTE_OJ_NAMES.GYM, url: 'https://codeforces.com/gyms' },
  POJ: { name: REMOTE_OJ_NAMES.POJ, url: 'http://poj.org' },
  AC: { name: REMOTE_OJ_NAMES.AC, url: 'https://atcoder.jp' },
  SPOJ: { name: REMOTE_OJ_NAMES.SPOJ, url: 'https://www.spoj.com' },
  LIBRE: { name: REMOTE_OJ_NAMES.LIBRE, url: 'https://loj.ac' },
};

/** Spec part 1 §9 "general options" of a page-size selector. */
export const GENERAL_PAGE_SIZES = [10, 15, 30, 50, 100];

/** Spec part 1 §9: rank list 30 a page; the chart shows the top 10. */
export const RANK_LIST_PAGE_SIZE = 30;
export const RANK_CHART_SIZE = 10;

/** The external wiki of the About menu (spec part 2 §2.8 /oiwiki), opened in a new tab. */
export const OI_WIKI_URL = 'https://oi-wiki.org/';
