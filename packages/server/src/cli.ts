import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { migrateDatabase, openDatabase } from './db/client.ts';
import { askServerForBackup, claimDataDir, DataDirInUse } from './modules/ops/backup/control-socket.ts';
import type { BackupManifest } from './modules/ops/backup/format.ts';
import {
  MigrateError,
  migrateToPostgres,
  type MigrationSummary,
} from './modules/ops/backup/migrate-to-postgres.ts';
import { RestoreError, restoreBackup } from './modules/ops/backup/restore.ts';
import { writeBackup } from './modules/ops/backup/write.ts';

/** A refusal to tell the operator, without a stack trace. */
class OperatorError extends Error {}

const USAGE = `usage:
  verdict backup FILE    write a backup of the site (database and stored files) to FILE, also while it runs
  verdict restore FILE   bring a backup back into an empty DATA_DIR (and DATABASE_URL's database, if set)
  verdict migrate-to-postgres DATABASE_URL
                         move the embedded site of DATA_DIR (stopped) into an empty PostgreSQL database;
                         the stored files stay in DATA_DIR
They read the same environment as the server (DATA_DIR, DATABASE_URL).`;

/** `verdict`: the operator's commands beside `npm start` (issue 28). */
async function main(args: string[]): Promise<number> {
  const [command, target, ...rest] = args;
  if (command === 'migrate-to-postgres' && !target) {
    console.error(
      'verdict migrate-to-postgres needs the target: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE',
    );
    return 2;
  }
  const commands = ['backup', 'restore', 'migrate-to-postgres'];
  if (!command || !commands.includes(command) || !target || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (command === 'migrate-to-postgres') {
    console.log(
      describeMove(config.dataDir, await migrateToPostgres({ dataDir: config.dataDir, url: target })),
    );
    return 0;
  }
  const file = path.resolve(target);
  if (command === 'backup') {
    const manifest = config.databaseUrl
      ? await backupOpening(config.databaseUrl, config.dataDir, file)
      : ((await askServerForBackup(config.dataDir, file)) ??
        (await backupOfClosedDatabase(config.dataDir, file)));
    console.log(describe('Wrote', file, manifest));
    return 0;
  }
  if (!config.databaseUrl && existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    throw new RestoreError(
      `DATA_DIR (${config.dataDir}) already holds a database: restore into an empty one`,
    );
  }
  // no server may start on the embedded database while it is filled
  const claim = config.databaseUrl ? undefined : await claimDataDir(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const manifest = await restoreBackup(database.db, { file, dataDir: config.dataDir });
    console.log(describe('Restored', file, manifest));
    return 0;
  } finally {
    await database.close();
    claim?.close();
  }
}

/**
 * No server answered on the control socket: the embedded database is read here, unless a process
 * still has it open (its lock file is there), which two processes must never share.
 */
async function backupOfClosedDatabase(dataDir: string, file: string) {
  if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
    throw new OperatorError(
      `The database in ${dataDir} is open (postmaster.pid) but no server answers on its control socket: stop that server, or delete postmaster.pid if none runs`,
    );
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new OperatorError(`${dataDir} holds no database`);
  return backupOpening(undefined, dataDir, file);
}

/** A backup by this process itself: a database server, or an embedded database no server has open. */
async function backupOpening(url: string | undefined, dataDir: string, file: string) {
  const claim = url ? undefined : await claimDataDir(dataDir);
  const database = await openDatabase({ url, dataDir });
  try {
    return await writeBackup(database.db, { dataDir, file, database: database.kind });
  } finally {
    await database.close();
    claim?.close();
  }
}

function describe(verb: string, file: string, manifest: BackupManifest): string {
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const skipped = manifest.files.skipped.length
    ? `, ${manifest.files.skipped.length} files skipped (deleted meanwhile)`
    : '';
  return `${verb} ${file}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.files.count} files (${manifest.files.bytes} bytes)${skipped}; taken ${manifest.createdAt}`;
}

function describeMove(dataDir: string, moved: MigrationSummary): string {
  const rows = moved.tables.reduce((sum, t) => sum + t.rows, 0);
  const filled = moved.tables.filter((t) => t.rows > 0).map((t) => `${t.name} ${t.rows}`);
  return [
    `Moved ${rows} rows in ${moved.tables.length} tables from the embedded database in ${dataDir} to ${moved.target}`,
    `  rows: ${filled.join(', ') || 'none'}`,
    `  ${moved.files.count} stored files (${moved.files.bytes} bytes) stay in ${dataDir}, the storage directory the servers use`,
    `  the embedded database in ${dataDir} is left as it was; the site no longer uses it`,
    `Next: DATA_DIR=${dataDir} DATABASE_URL=${moved.target} npm start${moved.target.includes(':***@') ? ' (*** being the password)' : ''}`,
  ].join('\n');
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ||
        error instanceof RestoreError ||
        error instanceof OperatorError ||
        error instanceof DataDirInUse ||
        error instanceof MigrateError
        ? error.message
        : error,
    );
    process.exit(1);
  },
);
