import { z } from 'zod';
import { int, optionalInt, positiveId } from './numbers.ts';
import { booleanParam } from './problem.ts';

/**
 * Contest scoreboards (spec part 1 §2 "Contest rank", §3 "Contest rank row"; reference §9.1–§9.6):
 * the request schemas of the board calls and the rows they answer.
 */

export const CONTEST_RANK_PAGE = {
  /** reference §9.6 `limit` default 50; spec part 1 §2: 10, 30, 50, 100, 300 */
  default: 50,
  sizes: [10, 30, 50, 100, 300],
  max: 300,
} as const;

export const CONTEST_RANK_LIMITS = {
  keywordMax: 255,
  /** followed users sent with one call (kept per contest in the browser) */
  concernedMax: 1000,
  /** reference §9.1 `externalCidList`: accepted and ignored (see ARCHITECTURE "Scoreboards") */
  externalMax: 20,
} as const;

/** reference §9.3: penalty seconds per rejected try before the accepted one (20 minutes). */
export const ACM_PENALTY_SECONDS = 20 * 60;

const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);

/**
 * reference §3.6 `POST /api/get-contest-rank` and `POST /api/get-contest-outside-scoreboard`, body
 * `ContestRankDTO`. `limit` below 1 (or absent) is 50; above 300 is 300.
 */
export const contestRankBody = z.object({
  cid: positiveId,
  limit: optionalInt().transform((v) =>
    v == null || v < 1 ? CONTEST_RANK_PAGE.default : Math.min(v, CONTEST_RANK_PAGE.max),
  ),
  currentPage: optionalInt().transform((v) => (v == null || v < 1 ? 1 : v)),
  forceRefresh: flag,
  removeStar: flag,
  containsEnd: flag,
  keyword: z
    .string()
    .max(CONTEST_RANK_LIMITS.keywordMax)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? undefined : v.trim().toLowerCase())),
  concernedList: z
    .array(z.string().max(64))
    .max(CONTEST_RANK_LIMITS.concernedMax)
    .nullish()
    .transform((v) => v ?? []),
  externalCidList: z.array(int()).max(CONTEST_RANK_LIMITS.externalMax).nullish(),
});
export type ContestRankBody = z.output<typeof contestRankBody>;

/** reference §3.6 `GET /api/get-contest-outsize-info` (sic). */
export const contestOutsideInfoQuery = z.object({ cid: positiveId });

/**
 * reference §3.11 `GET /api/file/download-contest-rank`: `cid`, `forceRefresh`, `removeStar`,
 * `containEnd` (sic, not containsEnd). Verdict adds `format=csv`.
 */
export const downloadContestRankQuery = z.object({
  cid: positiveId,
  forceRefresh: booleanParam,
  removeStar: booleanParam,
  containEnd: booleanParam,
  format: z.enum(['xlsx', 'csv']).optional(),
});
