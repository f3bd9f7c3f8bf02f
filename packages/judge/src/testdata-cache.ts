import { createHash } from 'node:crypto';
import { createReadStream, statSync, type Stats } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { TestFileRef } from '@verdict/shared';

/** The test files of one task: none of them is evicted before `release()`. */
export interface TestDataLease {
  /** The local path of a test file, fetched and checked against its hash if needed. */
  get(ref: TestFileRef): Promise<string>;
  /** The task is done with its files; the cache may evict them again. */
  release(): Promise<void>;
}

const CACHED_NAME = /^[0-9a-f]{64}$/;
const PART_NAME = /^[0-9a-f]{64}\.(\d+)\.part$/;
const STAMP_EVERY_MS = 60_000;

/** What changes when a file is written or replaced: its inode, size or change time. */
function fingerprint(info: Stats): string {
  return `${info.ino}:${info.size}:${info.ctimeMs}`;
}

/**
 * Test data on the worker's disk, by content hash, bounded in size (ARCHITECTURE "judge gateway").
 * A file is fetched once, checked against its hash, and reused by every problem with the same bytes.
 * A use hashes the file again unless it looks exactly as it did when last checked (same inode, size
 * and change time: any write to it, or its replacement, changes one of them), so a file damaged on
 * disk is fetched anew instead of judged with, and a 50 MB case is not read twice per run.
 *
 * The bound: after each fetch and each release the cached files add up to at most `maxBytes`, least
 * recently used first out, with two documented exceptions. Files leased by a task in progress are never
 * evicted, so while such files add up to more than the bound the cache holds them all, and shrinks back
 * when they are released. A download in progress (one per slot at most) is on disk as a `.part` file
 * before it counts.
 */
export class TestDataCache {
  private readonly inFlight = new Map<string, Promise<string>>();
  /** sha256 → how many leases hold it. */
  private readonly inUse = new Map<string, number>();
  /** Removals still running: a fetch of the same file waits for them. */
  private readonly removing = new Map<string, Promise<void>>();
  /** The cached files and their sizes, least recently used first (a Map keeps insertion order). */
  private readonly entries = new Map<string, number>();
  private total = 0;
  private loaded: Promise<void> | undefined;
  /** sha256 → how its file looked on disk when its content last matched the hash (`fingerprint`). */
  private readonly checked = new Map<string, string>();
  /** sha256 → when its file's mtime (the order of use that survives a restart) was last set. */
  private readonly stamped = new Map<string, number>();

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly download: (sha256: string, destination: string) => Promise<void>,
  ) {}

  lease(): TestDataLease {
    const held = new Set<string>();
    let released = false;
    return {
      get: (ref) => {
        if (released) return Promise.reject(new Error('test data lease used after its release'));
        if (!held.has(ref.sha256)) {
          held.add(ref.sha256);
          this.inUse.set(ref.sha256, (this.inUse.get(ref.sha256) ?? 0) + 1);
        }
        return this.fetch(ref);
      },
      release: async () => {
        if (released) return;
        released = true;
        for (const sha of held) {
          const count = (this.inUse.get(sha) ?? 1) - 1;
          if (count > 0) this.inUse.set(sha, count);
          else this.inUse.delete(sha);
        }
        await this.evict();
      },
    };
  }

  /** Bytes of the cached files as the cache counts them (for tests and the doctor). */
  get size(): number {
    return this.total;
  }

  private fetch(ref: TestFileRef): Promise<string> {
    const existing = this.inFlight.get(ref.sha256);
    if (existing) return existing;
    const pending = this.fetchOnce(ref).finally(() => this.inFlight.delete(ref.sha256));
    this.inFlight.set(ref.sha256, pending);
    return pending;
  }

  private async fetchOnce(ref: TestFileRef): Promise<string> {
    await this.load();
    await this.removing.get(ref.sha256);
    const target = path.join(this.dir, ref.sha256);
    if (this.entries.has(ref.sha256)) {
      // every case asks twice: a stat through the thread pool (36 µs here, 1 µs synchronously)
      // would hold it up
      let seen: Stats | null = null;
      try {
        seen = statSync(target);
      } catch {
        // gone or unreadable: hashed, and fetched again, below
      }
      const actual =
        seen && this.checked.get(ref.sha256) === fingerprint(seen)
          ? { hash: ref.sha256, bytes: seen.size }
          : await sha256Of(target).catch(() => null);
      if (actual?.hash === ref.sha256) {
        this.touch(ref.sha256, actual.bytes);
        await this.stamp(ref.sha256, target);
        return target;
      }
      // damaged or removed behind our back: never judge with it, fetch it again
      this.forget(ref.sha256);
      await rm(target, { force: true });
    }
    const temp = `${target}.${process.pid}.part`;
    try {
      await this.download(ref.sha256, temp);
      const actual = await sha256Of(temp);
      if (actual.hash !== ref.sha256)
        throw new Error(`test data ${ref.sha256} arrived corrupted (got ${actual.hash})`);
      await rename(temp, target);
      this.touch(ref.sha256, actual.bytes);
      this.checked.set(ref.sha256, fingerprint(await stat(target)));
      this.stamped.set(ref.sha256, Date.now());
    } finally {
      await rm(temp, { force: true });
    }
    await this.evict();
    return target;
  }

  /** Reads what a previous run of the worker left, oldest use first; removes its unfinished downloads. */
  private load(): Promise<void> {
    this.loaded ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const found: { name: string; size: number; used: number }[] = [];
      for (const name of await readdir(this.dir)) {
        const part = PART_NAME.exec(name);
        if (part && !processAlive(Number(part[1]))) await rm(path.join(this.dir, name), { force: true });
        if (!CACHED_NAME.test(name)) continue;
        const info = await stat(path.join(this.dir, name)).catch(() => null);
        if (info?.isFile()) found.push({ name, size: info.size, used: info.mtimeMs });
      }
      for (const file of found.sort((a, b) => a.used - b.used)) this.touch(file.name, file.size);
    })();
    return this.loaded;
  }

  /**
   * Records a use in the file's mtime, at most once a minute (a finer order of use is not needed
   * to evict after a restart), and how the file looks now that its content was checked.
   */
  private async stamp(sha: string, file: string): Promise<void> {
    const now = Date.now();
    if (now - (this.stamped.get(sha) ?? 0) < STAMP_EVERY_MS) return;
    await utimes(file, new Date(now), new Date(now));
    this.stamped.set(sha, now);
    this.checked.set(sha, fingerprint(await stat(file)));
  }

  private touch(sha: string, size: number): void {
    this.forget(sha);
    this.entries.set(sha, size);
    this.total += size;
  }

  private forget(sha: string): void {
    this.checked.delete(sha);
    this.stamped.delete(sha);
    const size = this.entries.get(sha);
    if (size === undefined) return;
    this.entries.delete(sha);
    this.total -= size;
  }

  /** Evicts least recently used files, never one in use or being fetched, until the cache fits. */
  private async evict(): Promise<void> {
    const victims: string[] = [];
    for (const [sha, size] of this.entries) {
      if (this.total <= this.maxBytes) break;
      if (this.inUse.has(sha) || this.inFlight.has(sha)) continue;
      this.entries.delete(sha);
      this.total -= size;
      victims.push(sha);
    }
    await Promise.all(
      victims.map((sha) => {
        const removal = rm(path.join(this.dir, sha), { force: true }).finally(() =>
          this.removing.delete(sha),
        );
        this.removing.set(sha, removal);
        return removal;
      }),
    );
  }
}

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sha256Of(file: string): Promise<{ hash: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    createReadStream(file)
      .on('data', (chunk) => {
        hash.update(chunk);
        bytes += chunk.length;
      })
      .on('error', reject)
      .on('end', () => resolve({ hash: hash.digest('hex'), bytes }));
  });
}
