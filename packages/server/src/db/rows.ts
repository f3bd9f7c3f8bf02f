import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs raw SQL and returns its rows. Both drivers answer `execute` with `{ rows }`, but the common
 * `Db` type cannot say so; this is the one place that knows.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
