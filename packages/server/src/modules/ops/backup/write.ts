import { createWriteStream } from 'node:fs';
import { open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import yazl from 'yazl';
import type { Db } from '../../../db/client.ts';
import { appliedMigrations } from '../../../db/migrations-applied.ts';
import { queryRows } from '../../../db/rows.ts';
import { BACKUP_FORMAT, FILE_FOLDERS, MANIFEST_NAME, tableEntry, type BackupManifest } from './format.ts';

/** Table blocks (8 KiB each) read per statement: bounded memory whatever a table's size. */
const BLOCKS_PER_READ = 64;

/**
 * One read of a table: the rows of blocks [$start, $end) by a TID range scan, in their physical
 * order, without sorting. (`ctid > last order by ctid limit n` sorted every row after `last` for
 * each page: a million-row table took hours on the embedded database.)
 */
export function blockRange(name: string, start: number, end: number) {
  return sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t
    where ctid >= ${`(${start},0)`}::tid and ctid < ${`(${end},0)`}::tid`;
}

/** The tables of the public schema, by name. */
export async function publicTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => r.name);
}

/**
 * Writes a backup of `db` and DATA_DIR's stored files to `file` (format.ts), atomically: a partial
 * file is never left under that name. The rows are read in one repeatable-read, read-only
 * transaction, so they are one consistent moment of a running site; files are read after that
 * moment starts (content-addressed test data is never rewritten; a file deleted meanwhile is listed
 * as skipped). On the embedded database the site's other queries wait while the rows are read.
 */
export async function writeBackup(
  db: Db,
  options: {
    dataDir: string;
    file: string;
    database: BackupManifest['database'];
    now?: Date;
    /** 'count': the stored files are counted, not copied (migrate-to-postgres leaves them in place) */
    storedFiles?: 'copy' | 'count';
  },
): Promise<BackupManifest> {
  const partial = `${options.file}.partial`;
  const zip = new yazl.ZipFile();
  const output = createWriteStream(partial, { mode: 0o600 });
  zip.outputStream.pipe(output);
  const written = finished(output);
  try {
    const manifest = await db.transaction(async (tx) => {
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      const migrations = await appliedMigrations(tx);
      const tables: BackupManifest['tables'] = [];
      for (const name of await publicTables(tx)) {
        // The zip takes its entries in order, so each table's stream is written while the zip
        // reads it, waiting whenever it is behind: memory stays bounded whatever a table's size.
        const entry = new PassThrough();
        zip.addReadStream(entry, tableEntry(name));
        let rows = 0;
        // Blocks by physical position: stable within the snapshot, and no table needs a key. Every
        // row the snapshot sees lies in a block the table had when it began, so its size now covers them.
        const [size] = await queryRows<{ blocks: number }>(
          tx,
          sql`select ceil(pg_relation_size(to_regclass(quote_ident(${name})))::float8
            / current_setting('block_size')::int)::int as blocks`,
        );
        for (let start = 0; start < size!.blocks; start += BLOCKS_PER_READ) {
          const page = await queryRows<{ row: string }>(tx, blockRange(name, start, start + BLOCKS_PER_READ));
          if (page.length > 0 && !entry.write(page.map((r) => `${r.row}\n`).join(''))) {
            await once(entry, 'drain');
          }
          rows += page.length;
        }
        entry.end();
        tables.push({ name, rows });
      }
      return { migrations, tables };
    });
    const files = await addFiles(zip, options.dataDir, options.storedFiles !== 'count');
    const full: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: (options.now ?? new Date()).toISOString(),
      database: options.database,
      migrations: manifest.migrations,
      tables: manifest.tables,
      files,
    };
    // written when the zip reaches it, after the files: a file that vanished meanwhile is listed
    zip.addReadStreamLazy(MANIFEST_NAME, (done) =>
      done(null, Readable.from([Buffer.from(JSON.stringify(full, null, 2))])),
    );
    zip.end();
    await written;
    await rename(partial, options.file);
    return full;
  } catch (error) {
    zip.outputStream.unpipe(output);
    output.destroy();
    await unlink(partial).catch(() => undefined);
    throw error;
  }
}

/** Adds DATA_DIR's stored files (or only counts them); each is opened when the zip reaches it. */
async function addFiles(zip: yazl.ZipFile, dataDir: string, copy: boolean): Promise<BackupManifest['files']> {
  const summary: BackupManifest['files'] = { count: 0, bytes: 0, skipped: [] };
  for (const folder of FILE_FOLDERS) {
    for (const relative of await listFiles(dataDir, folder)) {
      const size = await stat(path.join(dataDir, relative)).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) {
        summary.skipped.push(relative);
        continue;
      }
      summary.count++;
      summary.bytes += size;
      if (!copy) continue;
      zip.addReadStreamLazy(relative, (done) => {
        open(path.join(dataDir, relative)).then(
          (handle) => done(null, handle.createReadStream()),
          // deleted after it was listed (an avatar replaced meanwhile): an empty entry, named
          () => {
            summary.skipped.push(relative);
            done(null, Readable.from([]));
          },
        );
      });
    }
  }
  return summary;
}

/** Regular files under `folder` of `root`, as paths relative to root with '/' separators. */
async function listFiles(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}
