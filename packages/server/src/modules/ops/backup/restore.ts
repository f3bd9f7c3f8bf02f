import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import type yauzl from 'yauzl';
import type { Db } from '../../../db/client.ts';
import { appliedMigrations } from '../../../db/migrations-applied.ts';
import { queryRows } from '../../../db/rows.ts';
import { entryKind, openEntry, openZip, readEntries } from '../../file/zip-reader.ts';
import {
  BACKUP_FORMAT,
  FILE_FOLDERS,
  MANIFEST_NAME,
  TABLE_FOLDER,
  tableEntry,
  type BackupManifest,
} from './format.ts';
import { publicTables } from './write.ts';

/** Rows inserted per statement. */
const BATCH_ROWS = 1_000;

export class RestoreError extends Error {
  override name = 'RestoreError';
}

/**
 * Restores a backup (format.ts) into `db`, a database migrated by this build and holding no site
 * yet, and its files into `dataDir`. Every row goes in inside one transaction, so a failure leaves
 * the database as it was. The counters that triggers keep are restored as they were saved, so the
 * triggers are off while the rows go in; identity sequences continue after the highest id, and
 * materialized views are refreshed.
 */
export async function restoreBackup(
  db: Db,
  options: { file: string; dataDir: string },
): Promise<BackupManifest> {
  const zip = await openZip(options.file).catch((error: Error) => {
    throw new RestoreError(`${options.file} is not a Verdict backup: ${error.message}`);
  });
  try {
    const entries = new Map((await readEntries(zip)).map((e) => [e.fileName, e]));
    const manifest = await readManifest(zip, entries.get(MANIFEST_NAME));
    const tables = await publicTables(db);
    checkEntries(entries, manifest, tables);
    const applied = await appliedMigrations(db);
    if (applied !== manifest.migrations) {
      throw new RestoreError(
        `The backup was made by a build with ${manifest.migrations} migrations, this one has ${applied}: restore it with the version that made it, then upgrade`,
      );
    }
    const [users] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from user_info`);
    if ((users?.n ?? 0) > 0)
      throw new RestoreError('The target database already holds a site: restore into an empty one');

    // the files first: should the rows then fail, an empty site is left with some files, no more
    await restoreFiles(zip, entries, options.dataDir);
    const order = await insertOrder(db, tables);
    await db.transaction(async (tx) => {
      for (const table of tables)
        await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`);
      // what the migrations put in (the counters' first rows) makes way for the saved rows
      await tx.execute(sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(', ')}`));
      for (const table of order) {
        const entry = entries.get(tableEntry(table));
        if (entry) await insertRows(tx, zip, entry, table);
      }
      for (const table of tables)
        await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`);
      await continueSequences(tx);
      await refreshMaterializedViews(tx);
    });
    return manifest;
  } finally {
    zip.close();
  }
}

async function readManifest(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined): Promise<BackupManifest> {
  if (!entry) throw new RestoreError(`Not a Verdict backup: ${MANIFEST_NAME} is missing`);
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BackupManifest;
  } catch {
    throw new RestoreError(`Not a Verdict backup: ${MANIFEST_NAME} is not JSON`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new RestoreError(
      `Backup format ${String(manifest.format)} is not known to this build (it reads ${BACKUP_FORMAT})`,
    );
  }
  return manifest;
}

/** Every entry is the manifest, a known table's rows, or a regular file under a stored-files folder. */
function checkEntries(entries: Map<string, yauzl.Entry>, manifest: BackupManifest, tables: string[]) {
  const known = new Set(tables.map(tableEntry));
  for (const [name, entry] of entries) {
    if (name === MANIFEST_NAME || known.has(name)) continue;
    if (name.startsWith(`${TABLE_FOLDER}/`))
      throw new RestoreError(`The backup holds rows of an unknown table: ${name}`);
    const kind = entryKind(entry);
    if (kind === 'directory') continue;
    if (kind !== 'file' || !FILE_FOLDERS.some((folder) => name.startsWith(`${folder}/`))) {
      throw new RestoreError(`The backup holds an unexpected entry: ${name}`);
    }
  }
  for (const { name } of manifest.tables) {
    if (!tables.includes(name)) throw new RestoreError(`The backup holds rows of an unknown table: ${name}`);
  }
}

/** Tables in an order where each comes after those its foreign keys point to. */
async function insertOrder(db: Db, tables: string[]): Promise<string[]> {
  const links = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c where c.contype = 'f' and c.conrelid <> c.confrelid
        and c.connamespace = 'public'::regnamespace`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of links) parents.get(unquote(child))?.add(unquote(parent));
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: string[]) => {
    if (placed.has(table) || path.includes(table)) return;
    for (const parent of parents.get(table) ?? []) place(parent, [...path, table]);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, []);
  return ordered;
}

async function insertRows(tx: Db, zip: yauzl.ZipFile, entry: yauzl.Entry, table: string) {
  // generated columns are computed again; every other column is given
  const columns = await queryRows<{ name: string }>(
    tx,
    sql`select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`,
  );
  const list = sql.raw(columns.map((c) => `"${c.name.replace(/"/g, '""')}"`).join(', '));
  const insert = (batch: string[]) =>
    tx.execute(sql`insert into ${sql.identifier(table)} (${list}) overriding system value
      select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${`[${batch.join(',')}]`}::json)`);
  let batch: string[] = [];
  for await (const line of createInterface({ input: await openEntry(zip, entry), crlfDelay: Infinity })) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= BATCH_ROWS) {
      await insert(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
}

/** Each identity column's sequence continues after the column's highest value (an empty table's stays). */
async function continueSequences(tx: Db) {
  const identities = await queryRows<{ tbl: string; col: string }>(
    tx,
    sql`select table_name as tbl, column_name as col from information_schema.columns
      where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')`,
  );
  for (const { tbl, col } of identities) {
    await tx.execute(sql`select setval(pg_get_serial_sequence(${`"${tbl}"`}, ${col}), m)
      from (select max(${sql.identifier(col)}) as m from ${sql.identifier(tbl)}) x where m is not null`);
  }
}

/** A materialized view holds what it read when made or last refreshed: read again from the rows. */
async function refreshMaterializedViews(tx: Db) {
  const views = await queryRows<{ name: string }>(
    tx,
    sql`select matviewname as name from pg_matviews where schemaname = 'public' order by matviewname`,
  );
  for (const { name } of views) await tx.execute(sql`refresh materialized view ${sql.identifier(name)}`);
}

async function restoreFiles(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>, dataDir: string) {
  const root = path.resolve(dataDir);
  for (const [name, entry] of entries) {
    if (!FILE_FOLDERS.some((folder) => name.startsWith(`${folder}/`)) || entryKind(entry) !== 'file')
      continue;
    const target = path.resolve(root, name);
    // yauzl refuses '..' and absolute names already; this holds whatever it lets through
    if (!target.startsWith(root + path.sep))
      throw new RestoreError(`The backup names a path outside DATA_DIR: ${name}`);
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(await openEntry(zip, entry), createWriteStream(target, { mode: 0o644 }));
  }
}
