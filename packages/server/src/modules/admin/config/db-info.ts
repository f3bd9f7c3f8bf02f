import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';

/**
 * The database in use, read-only (issue 10 "Site settings": HOJ's DB and Redis config has no meaning
 * for Verdict). Both drivers answer `version()` and `pg_database_size`; PGlite names itself in its
 * version string, which is how the embedded database is told from a server.
 */
export async function dbInfo(db: Db) {
  const [row] = await queryRows<{ version: string; size: string }>(
    db,
    sql`select version() as version, pg_database_size(current_database())::text as size`,
  );
  const version = row!.version;
  return {
    kind: /PGlite/i.test(version) ? ('embedded' as const) : ('server' as const),
    version,
    sizeBytes: Number(row!.size),
  };
}
