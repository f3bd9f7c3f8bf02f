import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

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
 * database's own parsers read those types as text, so the driver's option says nothing new and is
 * dropped on the way in (when it holds only those types).
 */
export function useDriverParsers(client: PGlite): void {
  for (const oid of DRIVER_TEXT_TYPES) client.parsers[oid] = asText;
  const query = client.query.bind(client);
  client.query = (text, params, options) => query(text, params, withoutDriverParsers(options));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx: Transaction) => {
      const txQuery = tx.query.bind(tx);
      tx.query = (text, params, options) => txQuery(text, params, withoutDriverParsers(options));
      return callback(tx);
    });
}

function withoutDriverParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const oid in parsers) if (!DRIVER_TEXT_TYPES.includes(Number(oid))) return options;
  return { ...options, parsers: undefined };
}
