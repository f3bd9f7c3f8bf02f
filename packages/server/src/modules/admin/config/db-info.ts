import type { DbAndRedisConfigVO } from '@verdict/shared';
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

/**
 * reference §3.12 `get-db-and-redis-config` (issue 24 item 4), in the shape HOJ's settings page
 * reads: the database Verdict uses, as its connection sees itself (name, user, and for a server its
 * address and port), so the same answer holds for PGlite and for PostgreSQL behind DATABASE_URL.
 * **Changed:** HOJ answers both passwords in clear; `dbPassword` and `redisPassword` are always ''.
 * Verdict has no Redis, so its fields are empty. Read-only: set-db-and-redis-config does not exist,
 * the connection is DATABASE_URL's (or the embedded database's) and is not changed from a web page.
 */
export async function dbAndRedisConfig(db: Db): Promise<DbAndRedisConfigVO> {
  const [row] = await queryRows<{
    version: string;
    name: string;
    username: string;
    host: string | null;
    port: number | string | null;
  }>(
    db,
    sql`select version() as version, current_database() as name, current_user as username,
          host(inet_server_addr()) as host, inet_server_port() as port`,
  );
  const embedded = /PGlite/i.test(row!.version);
  return {
    dbKind: embedded ? 'embedded' : 'postgres',
    dbName: row!.name,
    // a server reached through a Unix socket has no address
    dbHost: embedded ? 'embedded' : (row!.host ?? 'localhost'),
    dbPort: embedded || row!.port === null ? null : Number(row!.port),
    dbUsername: row!.username,
    dbPassword: '',
    dbVersion: row!.version,
    redisHost: '',
    redisPort: null,
    redisPassword: '',
  };
}
