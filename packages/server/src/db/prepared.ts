import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { queryRows } from './rows.ts';
import { cachedTransaction, queryGeneric } from './statement-cache.ts';

/**
 * A hot statement that always runs with its generic plan (`plan_cache_mode = force_generic_plan`
 * around the call). Every statement on the embedded database is prepared once and kept
 * (statement-cache.ts), and PostgreSQL then chooses between a generic plan and planning anew; for
 * some statements it kept planning anew whenever its estimate for the generic plan was above the
 * custom plans' (a rank list's first page), which saved nothing. Only statements whose good plan
 * does not depend on the values belong here. Rows come back as `db.execute` gives them (timestamps
 * as text, as Drizzle's PGlite driver reads them).
 *
 * Inside an embedded database's transaction (a Drizzle transaction has no `$client`) the text goes
 * through the same statement cache with its generic plan too (a verdict's result transaction
 * planned its statements anew at every verdict), not built through Drizzle. On PostgreSQL (node-postgres) the same text runs as an ordinary
 * statement. `text` numbers its parameters `$1`, `$2`, … and must hold no `$` in literals. Writes
 * may be prepared too: PGlite's file systems in Node (a data directory, memory) write through, so
 * there is nothing to sync after a statement.
 */
export function preparedStatement<Row>(text: string) {
  return async (db: Db, params: readonly unknown[]): Promise<Row[]> => {
    const client = (db as { $client?: unknown }).$client;
    if (client instanceof PGlite) return (await queryGeneric<Row>(client, text, params)).rows;
    const inTransaction = cachedTransaction((db as { session?: { client?: unknown } }).session?.client);
    if (inTransaction) return (await inTransaction<Row>(text, params)).rows;
    return queryRows<Row>(db, withParameters(text, params));
  };
}

/**
 * A statement in preparedStatement's form whose good plan depends on its values (a keyword, a list
 * of ids): PostgreSQL plans it for them on each call, as it does Drizzle's own statements.
 */
export function plannedStatement<Row>(text: string) {
  return (db: Db, params: readonly unknown[]): Promise<Row[]> =>
    queryRows<Row>(db, withParameters(text, params));
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

/**
 * Rows of `table` where `where` (SQL text with `$n` placeholders, and an `order by` if wanted)
 * holds, as a prepared statement, mapped as Drizzle's select maps them (each column's
 * `mapFromDriverValue`: dates, bigints, json).
 */
export function preparedSelect<T extends PgTable>(table: T, where: string) {
  return preparedRows(table, (columns) => `select ${columns} from "${getTableName(table)}" where ${where}`);
}

/**
 * A prepared statement that answers whole rows of `table`: `text` is given the table's column list
 * (for its `select` or `returning`), and the rows are mapped as preparedSelect maps them.
 */
export function preparedRows<T extends PgTable>(table: T, text: (columns: string) => string) {
  const statement = preparedStatement<Record<string, unknown>>(text(columnList(table)));
  const map = rowMapper(table);
  return async (db: Db, params: readonly unknown[]): Promise<T['$inferSelect'][]> =>
    (await statement(db, params)).map(map);
}

/** `table`'s columns for a `select` or `returning` list, each prefixed with `alias.` if given. */
export function columnList(table: PgTable, alias?: string): string {
  return Object.values(getTableColumns(table))
    .map((column) => `${alias ? `${alias}.` : ''}"${column.name}"`)
    .join(', ');
}

/**
 * Maps a raw row of a statement that lists `table`'s columns (`columnList`) as Drizzle's select
 * maps them; other fields of the raw row are left out.
 */
export function rowMapper<T extends PgTable>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}
