import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';

/**
 * Issue 31: the embedded database's buffer cache is EMBEDDED_DB_BUFFERS_MB (main.ts passes it), so
 * a list over a million submissions reads its pages from memory instead of PGlite's files.
 */
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function sharedBuffers(sharedBuffersMb?: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'verdict-buffers-'));
  dirs.push(dir);
  const database = await openDatabase({ dataDir: dir, sharedBuffersMb });
  try {
    const { rows } = await database.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
    return rows[0]!.shared_buffers;
  } finally {
    await database.close();
  }
}

describe('the embedded database buffer cache (EMBEDDED_DB_BUFFERS_MB)', () => {
  it('runs with the size it is given, and PGlite keeps its own without one', async () => {
    expect(await sharedBuffers(48)).toBe('48MB');
    expect(await sharedBuffers()).toBe('128MB');
  });
});
