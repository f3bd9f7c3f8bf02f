import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredFile {
  sha256: string;
  size: number;
}

/**
 * Test data by content hash (sha256), so that workers cache files by what they hold and never
 * fetch the same bytes twice, whatever problem or version they belong to.
 */
export class TestDataStore {
  constructor(private readonly root: string) {}

  /** Where the file of a hash lives; undefined for a malformed hash. */
  pathOf(sha256: string): string | undefined {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return undefined;
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(content: string | Buffer): Promise<StoredFile> {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const target = this.pathOf(sha256)!;
    if (!existsSync(target)) {
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a concurrent reader never sees half a file.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, target);
    }
    return { sha256, size: bytes.length };
  }
}

/** reference §8.2: typed cases are stored with CRLF and CR normalised to LF. */
export function normaliseLineEndings(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
