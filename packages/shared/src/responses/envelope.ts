import { z } from 'zod';

/**
 * Response schemas (issue 28, the API document). Each domain's answers live in
 * `responses/<domain>.ts`, one schema per route's `data`, named `<what>Data`; routes declare them
 * with the server's `answers(...)` (server/src/http/responses.ts), the web app uses their `z.output`
 * types. A schema describes the JSON on the wire: dates are ISO strings (`timestamp`). It lists the
 * fields clients read; fields it does not list are allowed (answers are never stripped).
 */

/** reference §1.1: every JSON answer is `{status, msg, data}`; success is status 200. */
export function envelope<D extends z.ZodType>(data: D, status = 200) {
  return z.object({ status: z.literal(status), msg: z.string(), data });
}

/** A date as JSON writes it (ISO 8601, UTC). */
export const timestamp = z.iso.datetime();

/** reference §1.1: a MyBatis-Plus `IPage` of `item`. */
export function pageOf<I extends z.ZodType>(item: I) {
  return z.object({
    records: z.array(item),
    total: z.number().int(),
    size: z.number().int(),
    current: z.number().int(),
    pages: z.number().int(),
  });
}
