import type { RemoteCrawler } from '../site.ts';
import { atcoderCrawler } from './atcoder.ts';
import { codeforcesCrawler } from './codeforces.ts';
import { hduCrawler } from './hdu.ts';
import { pojCrawler } from './poj.ts';
import { spojCrawler } from './spoj.ts';
import { gymCrawler } from './gym.ts';
import { libreojCrawler } from './libreoj.ts';

/**
 * The sites whose problems can be imported (reference §10.3). To add one: write `sites/<site>.ts`
 * exporting a RemoteCrawler (site.ts) that reads the statement through the HttpSession it is given
 * (paths relative to the base URL, so that tests serve the pages from a local fake), register it
 * here, and test it against the site's fake in `packages/*\/test/remote-fakes/<site>.ts`. The
 * pipeline (import.ts: id check, defaults, languages, tags, contest / training attachment) is shared.
 */
export const CRAWLERS: Record<string, RemoteCrawler> = {
  CF: codeforcesCrawler,
  HDU: hduCrawler,
  POJ: pojCrawler,
  SPOJ: spojCrawler,
  AC: atcoderCrawler,
  LIBRE: libreojCrawler,
  GYM: gymCrawler,
};
