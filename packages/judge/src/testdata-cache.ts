import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { TestFileRef } from '@verdict/shared';

/**
 * Test data on the worker's disk, by content hash, bounded in size. A file is fetched once, checked
 * against its hash, and reused by every problem that has the same bytes; the least recently used
 * files are evicted when the cache outgrows its bound.
 */
export class TestDataCache {
  private readonly inFlight = new Map<string, Promise<string>>();
  private bytesSinceSweep = 0;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly download: (sha256: string, destination: string) => Promise<void>,
  ) {}

  /** The local path of a test file, downloading it if needed. */
  async get(ref: TestFileRef): Promise<string> {
    const existing = this.inFlight.get(ref.sha256);
    if (existing) return existing;
    const pending = this.fetchOnce(ref).finally(() => this.inFlight.delete(ref.sha256));
    this.inFlight.set(ref.sha256, pending);
    return pending;
  }

  private async fetchOnce(ref: TestFileRef): Promise<string> {
    const target = path.join(this.dir, ref.sha256);
    const now = new Date();
    try {
      await utimes(target, now, now); // mark as recently used
      return target;
    } catch {
      // not cached yet
    }
    await mkdir(this.dir, { recursive: true });
    const temp = `${target}.${process.pid}.part`;
    try {
      await this.download(ref.sha256, temp);
      const actual = await sha256Of(temp);
      if (actual !== ref.sha256) throw new Error(`test data ${ref.sha256} arrived corrupted (got ${actual})`);
      await rename(temp, target);
    } finally {
      await rm(temp, { force: true });
    }
    this.bytesSinceSweep += ref.size;
    if (this.bytesSinceSweep > this.maxBytes / 10) await this.sweep();
    return target;
  }

  /** Evicts least recently used files until the cache fits its bound. */
  async sweep(): Promise<void> {
    this.bytesSinceSweep = 0;
    const names = (await readdir(this.dir)).filter((n) => /^[0-9a-f]{64}$/.test(n));
    const files = await Promise.all(
      names.map(async (name) => {
        const info = await stat(path.join(this.dir, name));
        return { name, size: info.size, used: info.mtimeMs };
      }),
    );
    let total = files.reduce((sum, f) => sum + f.size, 0);
    for (const file of files.sort((a, b) => a.used - b.used)) {
      if (total <= this.maxBytes) break;
      if (this.inFlight.has(file.name)) continue;
      await rm(path.join(this.dir, file.name), { force: true });
      total -= file.size;
    }
  }
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
