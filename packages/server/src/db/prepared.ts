import { parse, PGlite, protocol } from '@electric-sql/pglite';
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { queryRows } from './rows.ts';

/**
 * A hot statement, planned once per embedded database instead of on every call.
 *
 * PGlite runs each query as an unnamed statement, so PostgreSQL plans it again every time: for the
 * statements every request runs (the session, a rank page) planning took most of the database time
 * (the session statement 4.3 ms unnamed, 1.3 ms prepared, on bench/api's data). Here the statement
 * is parsed and planned once under `name`, and each call only binds and executes it, in one round
 * trip into the database instead of five. The plan is always the generic one (`plan_cache_mode =
 * force_generic_plan` around the call): left to choose, PostgreSQL kept planning anew whenever its
 * estimate for the generic plan was above the custom plans' (a rank list's first page), which saved
 * nothing. So only statements whose good plan does not depend on the values belong here. Rows come back as `db.execute` gives them (timestamps as text, as
 * Drizzle's PGlite driver reads them).
 *
 * On PostgreSQL (node-postgres), and inside a transaction (which has no `$client`), the same text
 * runs as an ordinary statement. `text` numbers its parameters `$1`, `$2`, … and must hold no `$` in
 * literals. Writes may be prepared too: PGlite's file systems in Node (a data directory, memory)
 * write through, so there is nothing to sync after a statement (its `syncToFs` does nothing there).
 */
export function preparedStatement<Row>(name: string, text: string) {
  return (db: Db, params: readonly unknown[]): Promise<Row[]> => {
    const client = (db as { $client?: unknown }).$client;
    if (client instanceof PGlite) return runPrepared<Row>(client, name, text, params);
    return queryRows<Row>(db, withParameters(text, params));
  };
}

/**
 * `make(shape)` once per shape of a query (which filters, the page size, …), the statements kept
 * for the next call of the same shape: a prepared statement's text may differ only by shape.
 */
export function byShape<Shape, Made>(make: (shape: Shape) => Made): (shape: Shape) => Made {
  const made = new Map<string, Made>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let found = made.get(key);
    if (found === undefined) made.set(key, (found = make(shape)));
    return found;
  };
}

/** `text` with its `$n` placeholders as Drizzle parameters (the node-postgres path). */
function withParameters(text: string, params: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 1 ? sql.param(params[Number(part) - 1]) : sql.raw(part))),
  );
}

/** Per database: the statements parsed so far, with their parameter types. */
const parsed = new WeakMap<PGlite, Map<string, { text: string; paramTypes: number[] }>>();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function runPrepared<Row>(
  client: PGlite,
  name: string,
  text: string,
  params: readonly unknown[],
): Promise<Row[]> {
  const { serialize } = protocol;
  // the same locks as PGlite's own query(): not between another caller's statements or transaction
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      let statements = parsed.get(client);
      if (!statements) parsed.set(client, (statements = new Map()));
      let statement = statements.get(name);
      if (statement && statement.text !== text) throw new Error(`prepared statement ${name}: two texts`);
      if (!statement) {
        const { messages } = await client.execProtocol(
          concat([
            serialize.parse({ name, text, types: [] }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
        );
        statement = { text, paramTypes: parse.parseDescribeStatementResults(messages) };
        statements.set(name, statement);
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = client.serializers[statement.paramTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const { messages } = await client.execProtocol(
        concat([
          serialize.query('set plan_cache_mode = force_generic_plan'),
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
          serialize.query('reset plan_cache_mode'),
        ]),
      );
      // the results of set, the statement, reset
      // the database's parsers are the driver's (driver-parsers.ts): timestamps as text
      const [, result] = parse.parseResults(messages, client.parsers);
      return (result?.rows ?? []) as Row[];
    }),
  );
}

/**
 * Rows of `table` where `where` (SQL text with `$n` placeholders, and an `order by` if wanted)
 * holds, as a prepared statement, mapped as Drizzle's select maps them (each column's
 * `mapFromDriverValue`: dates, bigints, json).
 */
export function preparedSelect<T extends PgTable>(name: string, table: T, where: string) {
  const columns = Object.entries(getTableColumns(table));
  const statement = preparedStatement<Record<string, unknown>>(
    name,
    `select ${columns.map(([, column]) => `"${column.name}"`).join(', ')} from "${getTableName(table)}" where ${where}`,
  );
  return async (db: Db, params: readonly unknown[]): Promise<T['$inferSelect'][]> =>
    (await statement(db, params)).map((raw) => {
      const row: Record<string, unknown> = {};
      for (const [key, column] of columns) {
        const value = raw[column.name];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as T['$inferSelect'];
    });
}
