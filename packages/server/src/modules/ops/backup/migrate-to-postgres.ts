import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PgDialect, type PgSession } from 'drizzle-orm/pg-core';
import { openDatabase, SCHEMA_LOCK_KEY, type DatabaseHandle, type Db } from '../../../db/client.ts';
import { appliedMigrations } from '../../../db/migrations-applied.ts';
import { queryRows } from '../../../db/rows.ts';
import { claimDataDir, DataDirInUse } from './control-socket.ts';
import { RestoreError, restoreBackup } from './restore.ts';
import { publicTables, writeBackup } from './write.ts';

/**
 * `verdict migrate-to-postgres DATABASE_URL` (issue 28 "From one machine to many"): the embedded
 * site of DATA_DIR moves to an empty database of a PostgreSQL server. The rows travel as a backup
 * (write.ts reads the closed embedded database in one snapshot into a private temporary zip,
 * database only), and restore.ts puts them in; the stored files stay where they are in DATA_DIR,
 * which the servers on the PostgreSQL database use as their storage directory. Everything on the
 * target (the migrations and every row) is one transaction, so a failure leaves it as it was; the
 * embedded database is only read.
 */
export class MigrateError extends Error {
  override name = 'MigrateError';
}

export interface MigrationSummary {
  /** the target as it may be shown (no password) */
  target: string;
  tables: { name: string; rows: number }[];
  /** stored files left in DATA_DIR */
  files: { count: number; bytes: number };
}

const migrationsFolder = fileURLToPath(new URL('../../../db/migrations', import.meta.url));

export async function migrateToPostgres(options: {
  dataDir: string;
  url: string;
}): Promise<MigrationSummary> {
  const target = checkUrl(options.url);
  const claim = await claimClosedSource(options.dataDir);
  try {
    return await moveRows(options, target);
  } finally {
    claim.close();
  }
}

/** The move itself, DATA_DIR claimed (no server can start on it meanwhile). */
async function moveRows(options: { dataDir: string; url: string }, target: string) {
  const server = await openDatabase({ url: options.url }).catch((error: unknown) => {
    throw new MigrateError(`Cannot reach the PostgreSQL database ${target}: ${reason(error)}`);
  });
  let work: string | undefined;
  try {
    await checkEmpty(server.db, target);
    work = await mkdtemp(path.join(tmpdir(), 'verdict-migrate-'));
    const file = path.join(work, 'rows.zip');
    const manifest = await readEmbedded(options.dataDir, file);
    await server.db
      .transaction(async (tx) => {
        // a server starting on the target meanwhile waits for the move (its migrator takes this lock)
        await tx.execute(sql`select pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})`);
        await checkEmpty(tx, target);
        await migrateInside(tx);
        await restoreBackup(tx, { file, dataDir: options.dataDir });
      })
      .catch((error: unknown) => {
        throw new MigrateError(
          `The move failed and was undone (${target} is as it was, DATA_DIR untouched): ${reason(error)}`,
        );
      });
    return { target, tables: manifest.tables, files: manifest.files };
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
    await server.close();
  }
}

/** A postgres:// URL naming a server and a database; the answer is the URL without its password. */
function checkUrl(text: string): string {
  const shape = 'postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new MigrateError(`The target is not a URL: give ${shape}`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new MigrateError(`The target must be a PostgreSQL URL: ${shape}`);
  if (!url.hostname && !url.searchParams.get('host'))
    throw new MigrateError(`The target URL names no server: give ${shape}`);
  if (url.pathname.length <= 1) throw new MigrateError(`The target URL names no database: give ${shape}`);
  if (url.password) url.password = '***';
  return url.toString();
}

/**
 * DATA_DIR holds an embedded database that no process has open (a running site could change rows),
 * claimed for the move so that no server starts on it before the move ends.
 */
async function claimClosedSource(dataDir: string) {
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new MigrateError(`DATA_DIR (${dataDir}) holds no embedded database to move`);
  const claim = await claimDataDir(dataDir).catch((error: unknown) => {
    if (!(error instanceof DataDirInUse)) throw error;
    throw new MigrateError(
      `A Verdict server is running on DATA_DIR (${dataDir}): stop it first, so that no row changes during the move`,
    );
  });
  if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
    claim.close();
    throw new MigrateError(
      `The database in ${dataDir} is open (postmaster.pid) but no server answers on its control socket: stop that server, or delete postmaster.pid if none runs`,
    );
  }
  return claim;
}

/** Never overwrite: every table of the target's public schema must be empty (the restore empties them). */
async function checkEmpty(db: Db, target: string) {
  const full: string[] = [];
  for (const table of await publicTables(db)) {
    const [row] = await queryRows<{ some: boolean }>(
      db,
      sql`select exists (select from ${sql.identifier(table)}) as some`,
    );
    if (row?.some) full.push(table);
  }
  if (full.length > 0) {
    const named = full.length > 3 ? `${full.slice(0, 3).join(', ')}, …` : full.join(', ');
    throw new MigrateError(
      `${target} already holds tables with rows (${named}): migrate into an empty database, nothing was changed`,
    );
  }
}

/** The embedded database's rows as a backup (database only), after checking it is of this build. */
async function readEmbedded(dataDir: string, file: string) {
  const source: DatabaseHandle = await openDatabase({ dataDir });
  try {
    const applied = await appliedMigrations(source.db);
    const built = readMigrationFiles({ migrationsFolder }).length;
    if (applied !== built)
      throw new MigrateError(
        `The embedded database has ${applied} of this build's ${built} migrations: start it once with this build (npm start), stop it, then migrate`,
      );
    return await writeBackup(source.db, { dataDir, file, database: 'pglite', storedFiles: 'count' });
  } finally {
    await source.close();
  }
}

/**
 * Drizzle's own migrator, run inside the move's transaction (its transaction becomes a savepoint),
 * so that the schema it creates goes too should the rows fail.
 */
async function migrateInside(tx: Db) {
  const session = {
    execute: (query: SQL) => tx.execute(query),
    all: (query: SQL) => queryRows(tx, query),
    transaction: <T>(run: (inner: Db) => Promise<T>) => tx.transaction(run),
  };
  await new PgDialect().migrate(readMigrationFiles({ migrationsFolder }), session as unknown as PgSession, {
    migrationsFolder,
  });
}

/**
 * One line of an error: drizzle wraps the driver's error ("Failed query: …", the cause), and pg's
 * connection errors may be an AggregateError with an empty message.
 */
function reason(error: unknown): string {
  if (error instanceof MigrateError || error instanceof RestoreError) return error.message;
  if (error instanceof AggregateError && error.errors.length > 0) return reason(error.errors[0]);
  if (error instanceof Error && error.cause !== undefined) return reason(error.cause);
  if (error instanceof Error)
    return (error.message || (error as NodeJS.ErrnoException).code || error.name).split('\n')[0]!;
  return String(error);
}
