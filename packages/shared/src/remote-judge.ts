import { z } from 'zod';
import { REMOTE_OJS } from './problem.ts';
import { positiveId } from './numbers.ts';
import type { RemoteAccountSite } from './site-content.ts';

/**
 * Remote judging (reference §10): the names both the server and the judge's remote role use.
 * A remote problem's id is `<OJ>-<remote id>` (§10.1); its site is the prefix.
 */
export type RemoteOj = (typeof REMOTE_OJS)[number];

/** The site whose account pool an OJ uses: GYM submits with Codeforces accounts (§10.1). */
export function accountOjOf(oj: RemoteOj): RemoteOj {
  return oj === 'GYM' ? 'CF' : oj;
}

/** The OJ prefix of a remote problem id (`CF-1000A` → `CF`), or undefined for a local one. */
export function remoteOjOf(problemId: string): RemoteOj | undefined {
  const prefix = problemId.slice(0, problemId.indexOf('-')).toUpperCase();
  return (REMOTE_OJS as readonly string[]).includes(prefix) ? (prefix as RemoteOj) : undefined;
}

/**
 * The switch page's account list fields (HOJ's `cfUsernameList`…, reference §7.14) and the
 * environment variables (§12: `CF_ACCOUNT_USERNAME_LIST`…) per account site.
 */
export const REMOTE_ACCOUNT_SOURCES: Record<string, { field: RemoteAccountSite; env: string }> = {
  HDU: { field: 'hdu', env: 'HDU' },
  CF: { field: 'cf', env: 'CF' },
  POJ: { field: 'poj', env: 'POJ' },
  AC: { field: 'atcoder', env: 'ATCODER' },
  SPOJ: { field: 'spoj', env: 'SPOJ' },
  LIBRE: { field: 'libreoj', env: 'LIBREOJ' },
};

/** reference §10.1: the texts a remote submission can end with. */
export const REMOTE_MESSAGES = {
  noAccount: (oj: string) =>
    `System Error! Cause: The System does not have [${oj}] account configured. Please report the matter to the administrator!`,
  noRunId: (oj: string) => `[${oj}] Submitted Failed! Failed to obtain the ID submitted by the platform!`,
  resultTimeout:
    'Waiting for remote judge result exceeds the maximum number of times, please try submitting again!',
  siteError: (oj: string) => `There is something wrong with the ${oj}, please try again later`,
  accountWaitTimeout: 'Waiting for account scheduling timeout',
};

/** reference §10.1: a remote submission waits for a free account 200 tries × 3 s, then fails. */
export const REMOTE_ACCOUNT_WAIT_MS = 200 * 3_000;

/** reference §3.12 `import-remote-oj-problem` query (the contest variant adds cid and displayId, the training one tid). */
export const remoteImportQuery = z.object({
  name: z.string().trim().min(1).max(10),
  problemId: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9_()]+$/),
});

export const contestRemoteImportQuery = remoteImportQuery.extend({
  cid: positiveId,
  displayId: z.string().trim().min(1).max(255),
});
export const trainingRemoteImportQuery = remoteImportQuery.extend({
  tid: positiveId,
});

/**
 * reference §10.2 Codeforces problem ids: `1000A` → contest 1000, index A; `1234B1` keeps its digit;
 * an all-digit id (gym style) splits off its last two digits as the index. Undefined otherwise.
 */
export function splitCodeforcesId(id: string): { contestId: string; index: string } | undefined {
  const lettered = /^(\d+)([A-Za-z]\d?)$/.exec(id);
  if (lettered) return { contestId: lettered[1]!, index: lettered[2]!.toUpperCase() };
  if (/^\d{3,}$/.test(id)) return { contestId: id.slice(0, -2), index: id.slice(-2) };
  return undefined;
}
