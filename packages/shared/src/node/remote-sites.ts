import type { RemoteOj } from '../remote-judge.ts';

/** Each remote judge's own address (reference §10): the judge submits there, the server imports from there. */
const SITE_URLS: Record<RemoteOj, string> = {
  HDU: 'http://acm.hdu.edu.cn',
  CF: 'https://codeforces.com',
  GYM: 'https://codeforces.com',
  POJ: 'http://poj.org',
  SPOJ: 'https://www.spoj.com',
  AC: 'https://atcoder.jp',
  LIBRE: 'https://api.loj.ac',
};

/** A site's base URL: VERDICT_REMOTE_<OJ>_URL (tests point it at a fake), else the site's own. */
export function remoteSiteUrl(oj: RemoteOj, env: NodeJS.ProcessEnv = process.env): string {
  return env[`VERDICT_REMOTE_${oj}_URL`] ?? SITE_URLS[oj];
}
