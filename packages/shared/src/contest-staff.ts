import { z } from 'zod';
import { positiveId } from './numbers.ts';
import { currentPageParam, limitParam } from './problem.ts';

/**
 * Contest staff calls (issue 11 "Contest staff"): printing (reference §3.6 submit-print-text,
 * get-contest-print, check-contest-print-status, download-contest-print-text; §7.18), the AC helper
 * (get-contest-ac-info, check-contest-ac-info; §9.8) and the accepted-code zip
 * (download-contest-ac-submission). Paths and parameter names are HOJ's.
 */
export const CONTEST_STAFF_LIMITS = {
  /** spec part 1 §9 "Print content minimum" */
  printMinChars: 50,
  /** HOJ's `content` is a longtext; Verdict caps one print at 64 KiB of text */
  printMaxChars: 65_535,
  /** reference §7.6: one print per user per 30 s */
  printIntervalSeconds: 30,
  /** spec part 1 §2: the print textarea has 20 rows */
  printRows: 20,
  /** reference §3.6 `limit=30` of get-contest-ac-info and get-contest-print */
  pageDefault: 30,
  /** spec part 1 §9: the AC helper asks for 20 a page, the admin print list for 15 */
  acHelperPageSize: 20,
  printListPageSize: 15,
  /** spec part 1 §9: both admin screens refresh every 10 s */
  refreshMs: 10_000,
} as const;

const id = positiveId;

/** `POST /api/submit-print-text` body `{cid, content}`; the length rules are checked with their own messages. */
export const submitPrintBody = z.object({ cid: id, content: z.string() });

/** `GET /api/get-contest-print` and `get-contest-ac-info`: `cid`, `currentPage`, `limit=30`. */
export const contestStaffPageQuery = z.object({
  cid: id,
  currentPage: currentPageParam,
  limit: limitParam(CONTEST_STAFF_LIMITS.pageDefault),
});

/** `PUT /api/check-contest-print-status?id=&cid=` (query parameters, reference §3 conventions). */
export const checkPrintQuery = z.object({ id, cid: id });

/** `PUT /api/check-contest-ac-info` body `{id, cid, checked}`. */
export const checkAcInfoBody = z.object({ id, cid: id, checked: z.boolean() });

/** `GET /api/file/download-contest-print-text?id=` */
export const printIdQuery = z.object({ id });

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((v) => v === true || v === 'true');

/** `GET /api/file/download-contest-ac-submission`: `cid`, `excludeAdmin=false`, `splitType=user`. */
export const acSubmissionZipQuery = z.object({
  cid: id,
  excludeAdmin: flag,
  splitType: z.enum(['user', 'problem']).default('user'),
});
