import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { queryRows } from './rows.ts';

/** How many migrations drizzle has recorded as run on `db` (its own table; throws if never migrated). */
export async function appliedMigrations(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return row?.n ?? 0;
}
