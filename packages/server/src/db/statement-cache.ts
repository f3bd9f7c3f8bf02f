import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { withoutDriverParsers } from './driver-parsers.ts';

/**
 * The embedded database keeps each statement text it is given as a named prepared statement, as
 * postgres.js, pgx and pgjdbc do with a server.
 *
 * PGlite runs every query as an unnamed statement in six round trips into the database (parse,
 * describe, bind, describe, execute, sync), and PostgreSQL parses, analyses and plans it again each
 * time. Planning dominated the hot statements: the board's look at its feed took 9.5 ms to plan and
 * 0.3 ms to run; a verdict's transaction spent more time planning its six statements than running
 * them, and every plan reads the size of each table it names (an `fstat` through Emscripten's file
 * system). Here a text is parsed once; each call then binds and executes it in one round trip, and
 * PostgreSQL's plan cache decides (its default `auto` mode: custom plans for the first five runs,
 * then the generic plan when it is not dearer than they were).
 *
 * At most MAX_STATEMENTS texts are kept (least recently used goes). Options this path does not
 * serve (files for COPY, parameter types, notices) take PGlite's own path.
 */
export const MAX_STATEMENTS = 500;

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface Statement {
  name: string;
  /** the parameters' types as PostgreSQL inferred them, to serialise values as PGlite does */
  paramTypes: number[];
  /**
   * The rows' description, when the statement's own description gave one: each run then skips
   * describing its portal (a message per column that PGlite reads byte by byte).
   */
  rowDescription?: BackendMessage;
}

interface StatementCache {
  statements: Map<string, Statement>;
  /** statements evicted from the map, closed in the database with the next parse */
  closing: string[];
  /**
   * Whether the session may be in `plan_cache_mode = force_generic_plan` (queryGeneric). The mode is
   * set by the first generic statement and reset by the first other statement after it, not around
   * every call: two statements of their own each time (a set and a reset: about 40 µs a call).
   */
  generic: boolean;
}

function cacheOf(client: PGlite): StatementCache {
  let cache = caches.get(client);
  if (!cache) caches.set(client, (cache = { statements: new Map(), closing: [], generic: false }));
  return cache;
}

/** Statement names are unique in the process, so that two caches of one database never clash. */
let named = 0;

const caches = new WeakMap<PGlite, StatementCache>();

/** A statement run with its generic plan, as `queryGeneric` runs one, inside an open transaction. */
export type GenericQuery = <T>(text: string, params: readonly unknown[]) => Promise<Results<T>>;

/** The open transactions whose `query` goes through a cache, with their generic runner. */
const transactions = new WeakMap<object, GenericQuery>();

/**
 * The generic runner of `tx` when it is a PGlite transaction whose `query` goes through the
 * statement cache (Drizzle's transaction keeps it as its session's client), so that prepared.ts can
 * run a statement text in it without building it through Drizzle; undefined for anything else.
 */
export function cachedTransaction(tx: unknown): GenericQuery | undefined {
  return typeof tx === 'object' && tx !== null ? transactions.get(tx) : undefined;
}

/** `client.query` and its transactions' `query` through the statement cache. */
export function useStatementCache(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const shorn = withoutDriverParsers(options);
    if (!served(shorn)) return query<T>(text, params, shorn);
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => runCached<T>(client, text, params ?? [], shorn, {})),
    );
  };
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transactionReset(client, transaction, (tx) => {
      const txQuery = tx.query.bind(tx);
      // the transaction holds PGlite's transaction lock: only the query lock is taken here
      const run = <T>(
        text: string,
        params: unknown[],
        options: QueryOptions | undefined,
        generic: boolean,
      ) =>
        tx.closed || !served(options)
          ? txQuery<T>(text, params, options)
          : client._runExclusiveQuery(() =>
              runCached<T>(client, text, params, options, { inTransaction: true, generic }),
            );
      tx.query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
        run<T>(text, params ?? [], withoutDriverParsers(options), false);
      transactions.set(tx, <T>(text: string, params: readonly unknown[]) =>
        run<T>(text, [...params], undefined, true),
      );
      return callback(tx);
    });
}

/**
 * A transaction that a generic statement's mode does not leak into: a reset inside it would be
 * undone by a rollback, so the cache then counts the mode as set again (the next statement resets
 * it; the plan mode only ever changes plans, never answers).
 */
async function transactionReset<T>(
  client: PGlite,
  transaction: PGlite['transaction'],
  callback: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    return await transaction(callback);
  } catch (error) {
    cacheOf(client).generic = true;
    throw error;
  }
}

function served(options: QueryOptions | undefined): boolean {
  return !options?.blob && !options?.paramTypes && !options?.onNotice;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The named statement for `text`, parsed now when it is not kept yet. Runs under PGlite's locks. */
async function statementFor(client: PGlite, text: string, inTransaction: boolean): Promise<Statement> {
  const cache = cacheOf(client);
  const kept = cache.statements.get(text);
  if (kept) {
    // most recently used last, so that the first is the one to evict
    cache.statements.delete(text);
    cache.statements.set(text, kept);
    return kept;
  }
  const { serialize } = protocol;
  const name = `verdict_${named++}`;
  const closing = cache.closing.splice(0);
  const { messages } = await client.execProtocol(
    concat([
      ...closing.map((evicted) => serialize.close({ type: 'S', name: evicted })),
      serialize.parse({ name, text, types: [] }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]),
    { syncToFs: !inTransaction },
  );
  const statement = {
    name,
    paramTypes: parse.parseDescribeStatementResults(messages),
    rowDescription: messages.find((m) => m.name === 'rowDescription'),
  };
  cache.statements.set(text, statement);
  if (cache.statements.size > MAX_STATEMENTS) forget(client, cache.statements.keys().next().value!);
  return statement;
}

/**
 * `text` through the cache, outside a transaction, always with its generic plan (`plan_cache_mode`
 * set for it, see StatementCache.generic): prepared.ts's statements, whose custom plans PostgreSQL
 * would keep making (inside a transaction: `cachedTransaction`'s runner).
 */
export function queryGeneric<T>(
  client: PGlite,
  text: string,
  params: readonly unknown[],
): Promise<Results<T>> {
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(() => runCached<T>(client, text, [...params], undefined, { generic: true })),
  );
}

interface RunOptions {
  inTransaction?: boolean;
  generic?: boolean;
  retried?: boolean;
}

async function runCached<T>(
  client: PGlite,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
  run: RunOptions,
): Promise<Results<T>> {
  const { serialize } = protocol;
  const inTransaction = !!run.inTransaction;
  try {
    const statement = await statementFor(client, text, inTransaction);
    const cache = cacheOf(client);
    // the plan mode this statement needs, when the session is not in it yet (see StatementCache.generic)
    const mode =
      !!run.generic === cache.generic
        ? []
        : [
            serialize.query(
              run.generic ? 'set plan_cache_mode = force_generic_plan' : 'reset plan_cache_mode',
            ),
          ];
    cache.generic = !!run.generic;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      concat([
        ...mode,
        serialize.bind({ statement: statement.name, values }),
        ...(statement.rowDescription ? [] : [serialize.describe({ type: 'P' })]),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    if (statement.rowDescription)
      messages.splice(messages.findIndex((m) => m.name === 'bindComplete') + 1, 0, statement.rowDescription);
    // with the plan mode set first, the results are those of set (or reset), then the statement
    return parse.parseResults(messages, client.parsers, options)[mode.length] as Results<T>;
  } catch (error) {
    if (!(error instanceof Error && 'code' in error)) throw error;
    // a table's columns changed under a kept `select *`: parsed anew (on the next call, in a
    // transaction, which the error has ended)
    if (error.code === '0A000' && /cached plan must not change result type/.test(error.message)) {
      forget(client, text);
      if (!inTransaction && !run.retried)
        return runCached(client, text, params, options, { ...run, retried: true });
    }
    // as PGlite's own query: the error says which statement failed
    throw Object.assign(error, { query: text, params, queryOptions: options });
  }
}

function forget(client: PGlite, text: string) {
  const cache = caches.get(client);
  const statement = cache?.statements.get(text);
  if (!cache || !statement) return;
  cache.statements.delete(text);
  cache.closing.push(statement.name);
}
