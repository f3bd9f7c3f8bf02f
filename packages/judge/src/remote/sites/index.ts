import type { RemoteOj } from '@verdict/shared';
import type { RemoteSite } from '../site.ts';
import { hdu } from './hdu.ts';
import { poj } from './poj.ts';
import { spoj } from './spoj.ts';
import { atcoder } from './atcoder.ts';
import { codeforces, gym } from './codeforces.ts';
import { libreoj } from './libreoj.ts';

/**
 * The remote sites this judge can submit to (reference §10.2).
 *
 * To add a site:
 * 1. write `sites/<site>.ts` exporting a RemoteSite (site.ts): `open()` answers a SiteSession whose
 *    login / submit / poll speak the site's protocol through the HttpSession it is given (cookies,
 *    forms, manual redirects; every path relative to the base URL), with the site's verdict and
 *    language maps beside it; throw RemoteRefused with the site's reason when it refuses;
 * 2. add it to SITES below (the worker, the `--remote` flag and the doctor pick it up);
 * 3. write its fake in `packages/judge/test/remote-fakes/<site>.ts` (an HTTP server that speaks the
 *    protocol and serves pages shaped like the real ones) and its tests in `test/remote/`, as
 *    codeforces.ts / codeforces.test.ts do.
 * The server side (account pool, claim, lifecycle) needs nothing per site.
 */
export const SITES: Partial<Record<RemoteOj, RemoteSite>> = {
  CF: codeforces,
  HDU: hdu,
  POJ: poj,
  SPOJ: spoj,
  AC: atcoder,
  LIBRE: libreoj,
  GYM: gym,
};
