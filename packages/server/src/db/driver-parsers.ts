import type { PGlite, QueryOptions } from '@electric-sql/pglite';

/**
 * The types Drizzle's PGlite driver reads as text: timestamps, intervals, dates, and the arrays of
 * numerics, timestamps, intervals and dates (drizzle-orm/pglite/session.js).
 */
const DRIVER_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/**
 * Gives the embedded database the driver's parsers once, instead of with every query.
 *
 * Drizzle passes its parsers with every query, and PGlite then copies its own 318 parsers to merge
 * them in, for every result: about 0.1 ms a query, half the cost of a small one. Here the
 * database's own parsers read those types as text, so the driver's option says nothing new, and
 * the query path (statement-cache.ts) drops it with `withoutDriverParsers`.
 */
export function useDriverParsers(client: PGlite): void {
  for (const oid of DRIVER_TEXT_TYPES) client.parsers[oid] = asText;
}

/** `options` without the driver's parsers when they hold only the types read as text already. */
export function withoutDriverParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const oid in parsers) if (!DRIVER_TEXT_TYPES.includes(Number(oid))) return options;
  return { ...options, parsers: undefined };
}
