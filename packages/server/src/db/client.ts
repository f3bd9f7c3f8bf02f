import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { useDriverParsers } from './driver-parsers.ts';
import { useStatementCache } from './statement-cache.ts';
import * as schema from './schema/index.ts';

/** The common base of the PGlite and node-postgres Drizzle instances; services only see this. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** the embedded database itself (PGlite only) */
  pglite?: PGlite;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string (DATABASE_URL); when set, node-postgres is used. */
  url?: string;
  /** PGlite data directory; 'memory://' or undefined for an in-memory database. */
  dataDir?: string;
  /**
   * PGlite only: start the in-memory database from this dumped data directory
   * (`PGlite.dumpDataDir`), e.g. a migrated template, instead of an empty cluster.
   */
  loadDataDir?: Blob;
  /** PGlite only: its buffer cache (PostgreSQL's shared_buffers) in MiB; PGlite's own 128 unset. */
  sharedBuffersMb?: number;
  /**
   * Called when an idle pooled connection fails (server restart, connection terminated by an
   * administrator). The pool drops that connection and opens another on demand.
   */
  onConnectionError?: (error: Error) => void;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Arbitrary but fixed key of the PostgreSQL advisory lock that serialises migrations and seeding, so
 * several server instances starting together against one database do not race (ARCHITECTURE "many machines").
 */
export const SCHEMA_LOCK_KEY = 7_150_421_001;

/** How each open database runs its migrations; kept out of DatabaseHandle so callers cannot bypass it. */
const migrators = new WeakMap<Db, () => Promise<void>>();

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

const pools = new WeakMap<Db, () => PoolStats>();

/** The connection pool's figures of a PostgreSQL server database; undefined for PGlite, which has none. */
export function poolStats(db: Db): (() => PoolStats) | undefined {
  return pools.get(db);
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return opts.url
    ? openPostgres(opts.url, opts.onConnectionError)
    : openPglite(opts.dataDir, opts.loadDataDir, opts.sharedBuffersMb);
}

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const migrate = migrators.get(handle.db);
  if (!migrate) throw new Error('migrateDatabase: this database was not opened with openDatabase');
  await migrate();
}

async function openPostgres(
  url: string,
  onConnectionError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url });
  // pg emits an idle connection's failure on the pool; an 'error' event nobody listens to would
  // bring the whole process down.
  pool.on('error', onConnectionError);
  const db = drizzleNodePg({ client: pool, schema });
  pools.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
  // Fail at start-up, not on the first request, when the server is unreachable.
  await db.execute(sql`select 1`);
  migrators.set(db, async () => {
    // The lock is per connection, so the migrator must run on the very connection that holds it.
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
      try {
        await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]);
      }
    } finally {
      connection.release();
    }
  });
  return { db, kind: 'postgres', close: () => endPool(pool) };
}

/** How long close() waits for the server to see each connection go. */
const CLOSE_WAIT_MS = 5_000;

/**
 * pool.end() resolves once no connection is checked out, while the connections are still closing;
 * wait until each has really ended, so that whatever follows (a DROP DATABASE, process exit) does
 * not race them.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const allEnded = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      if (--open <= 0) resolve();
    });
  });
  await pool.end();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([allEnded, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
  clearTimeout(timer);
}

/**
 * An embedded database with the extension modules the migrations create (PostgreSQL has them
 * installed; PGlite loads them here): pg_trgm for the rank lists' user search (migration 0016).
 */
function createPglite(dataDir: string, loadDataDir?: Blob, sharedBuffersMb?: number) {
  return PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(loadDataDir && { loadDataDir }),
    ...(sharedBuffersMb !== undefined && {
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
    }),
  });
}

async function openPglite(
  dataDir: string | undefined,
  loadDataDir?: Blob,
  sharedBuffersMb?: number,
): Promise<DatabaseHandle> {
  const inMemory = dataDir === undefined || dataDir === 'memory://';
  if (!inMemory) await mkdir(dataDir, { recursive: true });
  const client = await createPglite(inMemory ? 'memory://' : dataDir, loadDataDir, sharedBuffersMb);
  useDriverParsers(client);
  useStatementCache(client);
  return { db: pgliteDb(client), kind: 'pglite', close: () => client.close(), pglite: client };
}

/** A Drizzle instance over an open embedded database (a new one has its own caches keyed by it). */
export function pgliteDb(client: PGlite): Db {
  const db = drizzlePglite({ client, schema });
  // One embedded database belongs to one process, so no lock is needed here.
  migrators.set(db, () => migratePglite(db, { migrationsFolder }));
  return db;
}

/**
 * A freshly migrated, empty embedded database as a data-directory dump. The tests make it once per
 * run and start each test database from it (`loadDataDir`): loading the dump takes a fraction of
 * creating a cluster and running every migration, which each of hundreds of test databases did.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const client = await createPglite('memory://');
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
