import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';

/**
 * The buffer cache of the run's embedded databases, in the test files and in the servers they start
 * (EMBEDDED_DB_BUFFERS_MB, set in vitest.config.ts). PGlite zeroes all of it when a database opens:
 * at its default of 128 MiB, 32,768 pages faulted in, about 0.4 to 0.8 s of CPU an open on a machine
 * whose page faults are slow (CI time). A test database of a few MiB fits in 16.
 */
const TEST_BUFFERS_MB = Number(process.env.EMBEDDED_DB_BUFFERS_MB) || undefined;

/** The run's template as the worker read it once: each database loads from the same Blob (CI time). */
let templateBlob: { file: string; blob: Promise<Blob> } | undefined;

/**
 * An embedded database, in memory or in `dataDir`, holding a copy of the run's migrated template
 * (migrating it then finds nothing to do), or empty where the run has none or `fromScratch` asks.
 */
export async function openEmbeddedTestDatabase(
  options: { dataDir?: string; fromScratch?: boolean } = {},
): Promise<DatabaseHandle> {
  const file = options.fromScratch ? undefined : inject('pgliteTemplateFile');
  if (file && templateBlob?.file !== file)
    templateBlob = { file, blob: readFile(file).then((bytes) => new Blob([bytes])) };
  return await openDatabase({
    dataDir: options.dataDir,
    loadDataDir: file ? await templateBlob!.blob : undefined,
    sharedBuffersMb: TEST_BUFFERS_MB,
  });
}
