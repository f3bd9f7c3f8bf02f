/**
 * A Verdict backup (issue 28 "Backups") is one zip:
 * - `database/<table>.ndjson`: every row of every table of the public schema as PostgreSQL's own
 *   `row_to_json` text, one per line, read in one repeatable-read snapshot (restored with
 *   `json_populate_recordset`, so PostgreSQL parses its own output: bigints, bytea, timestamps and
 *   arrays come back exactly, and nothing of it passes through JavaScript numbers);
 * - `files/…`, `testdata/…`: the stored files of DATA_DIR (avatars, images, test data);
 * - `verdict-backup.json` (last): the manifest below.
 * The same file restores onto the embedded database or a PostgreSQL server, whichever made it.
 */
export const MANIFEST_NAME = 'verdict-backup.json';
export const BACKUP_FORMAT = 1;
export const TABLE_FOLDER = 'database';
/** The folders of DATA_DIR whose files a backup holds; the rest is the embedded database or scratch. */
export const FILE_FOLDERS = ['files', 'testdata'] as const;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** which database made it */
  database: 'pglite' | 'postgres';
  /** migrations applied to the database it was taken from: a restore needs the same build */
  migrations: number;
  tables: { name: string; rows: number }[];
  files: { count: number; bytes: number; skipped: string[] };
}

export const tableEntry = (table: string) => `${TABLE_FOLDER}/${table}.ndjson`;
