import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LanguageSpec } from '../languages/types.ts';

/**
 * Compiled programs by content (issue 25 item 4): the same source files, language, compiler command,
 * environment and compiler build give the same program, so a rejudge, a resubmission or two users
 * with the same code compile once per worker host. Compile errors are kept too (the same source fails
 * the same way); errors caused by a limit (time, memory, output), which a busy host can cause, are not.
 * The directory is the host's (defaultCompileCacheDir): every worker of the host reads what any of
 * them compiled; each keeps the bound over the entries it knows.
 *
 * On disk: `<dir>/<key>/outcome.json` and `<dir>/<key>/files/…` (what the compiler added to the work
 * directory), published by renaming a finished temporary directory, so a reader never sees half an
 * entry. The entries are bounded in bytes, least recently used out first.
 */
export type CachedOutcome =
  | { status: 'ok' }
  | { status: 'compile-error'; message: string }
  | { status: 'missing-executable'; message: string };

/** A file the compiler made, as it was when the compile ended. */
interface ProgramFile {
  name: string;
  content: Buffer;
  mode: number;
}

interface Entry {
  key: string;
  bytes: number;
}

export interface CompileCacheStats {
  /** Compiler runs (misses that compiled). */
  compiles: number;
  /** Answers from the cache, of which compile errors. */
  hits: number;
  errorHits: number;
}

const ENTRY_NAME = /^[0-9a-f]{64}$/;

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Every regular file under `dir`, as paths relative to it. */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(dir, rel)));
    else if (entry.isFile()) found.push(rel);
  }
  return found.sort();
}

/**
 * What identifies the compiler build: its real path, size and modification time (an upgrade of the
 * package changes them), so a new compiler never reuses an old program.
 */
async function compilerIdentity(language: LanguageSpec): Promise<string> {
  const binary = language.compile?.argv[0];
  if (!binary) return '';
  try {
    const real = await fs.realpath(binary);
    const info = await fs.stat(real);
    return `${real}:${info.size}:${info.mtimeMs}`;
  } catch {
    return binary;
  }
}

/** One directory per host (root) or user; VERDICT_JUDGE_COMPILE_CACHE_DIR overrides it. */
export function defaultCompileCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.VERDICT_JUDGE_COMPILE_CACHE_DIR) return path.resolve(env.VERDICT_JUDGE_COMPILE_CACHE_DIR);
  return process.getuid?.() === 0
    ? '/var/cache/verdict-judge/compiled'
    : path.join(os.tmpdir(), `verdict-judge-compiled-${process.getuid?.() ?? 'user'}`);
}

export class CompileCache {
  readonly stats: CompileCacheStats = { compiles: 0, hits: 0, errorHits: 0 };
  /** Entries least recently used first (a Map keeps insertion order). */
  private readonly entries = new Map<string, Entry>();
  private total = 0;
  private loaded: Promise<void> | undefined;
  /** Keys being compiled now: a second slot with the same key waits for the first. */
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(
    readonly dir: string,
    readonly maxBytes: number,
  ) {}

  /**
   * The key of a compile: the language's command and environment, the compiler build, and every file
   * of the work directory (source and user extra files) by name and content.
   */
  async keyOf(language: LanguageSpec, workDir: string): Promise<string> {
    const hash = createHash('sha256');
    hash.update(
      JSON.stringify([
        language.name,
        language.compile?.argv,
        language.compile?.env,
        await compilerIdentity(language),
      ]),
    );
    for (const name of await filesUnder(workDir)) {
      hash.update(`\0${name}\0`);
      hash.update(
        createHash('sha256')
          .update(await fs.readFile(path.join(workDir, name)))
          .digest('hex'),
      );
    }
    return hash.digest('hex');
  }

  /**
   * The cached outcome of `key`, its files copied into `workDir`, or what `compile` answers (stored when
   * it can be). Concurrent calls with one key compile once. A new entry's program is read before this
   * answers and written to the cache after (`idle()`): its disk writes are not on the submission's way
   * to its verdict (issue 25, latency), and the runs that follow cannot change what is kept.
   */
  async through<T extends { status: string }>(
    key: string,
    workDir: string,
    compile: () => Promise<T>,
    cacheable: (outcome: T) => CachedOutcome | null,
  ): Promise<CachedOutcome | T> {
    await this.load();
    for (let waiting = this.inFlight.get(key); waiting; waiting = this.inFlight.get(key)) {
      await waiting.catch(() => undefined);
    }
    // from here to the map's set nothing awaits, so a second caller with this key waits for this one
    const run = (async () => {
      const hit = await this.restore(key, workDir);
      if (hit) return { outcome: hit, stored: undefined };
      const inputs = new Set(await filesUnder(workDir));
      this.stats.compiles++;
      const outcome = await compile();
      const kept = cacheable(outcome);
      if (!kept) return { outcome, stored: undefined };
      const program = await this.programFiles(kept, workDir, inputs).catch(() => null);
      const stored = program ? this.store(key, kept, program).catch(() => undefined) : undefined;
      return { outcome, stored };
    })();
    // the next caller with this key waits until the entry is on disk (or the compile has failed)
    const done = run.then(
      ({ stored }) => stored,
      () => undefined,
    );
    this.inFlight.set(key, done);
    void done.then(() => {
      if (this.inFlight.get(key) === done) this.inFlight.delete(key);
    });
    return (await run).outcome;
  }

  /** Resolves once no compile and no entry's write is in progress (a test, or a worker about to stop). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all(this.inFlight.values());
  }

  private async restore(key: string, workDir: string): Promise<CachedOutcome | null> {
    if (!this.entries.has(key)) {
      // another worker of the host may have compiled it: its entries are published by rename
      const bytes = await fs.readFile(path.join(this.dir, key, 'bytes'), 'utf8').catch(() => null);
      if (bytes === null) return null;
      this.add({ key, bytes: Number(bytes) });
    }
    const entryDir = path.join(this.dir, key);
    try {
      const outcome = JSON.parse(
        await fs.readFile(path.join(entryDir, 'outcome.json'), 'utf8'),
      ) as CachedOutcome;
      if (outcome.status === 'ok') {
        const files = path.join(entryDir, 'files');
        for (const name of await filesUnder(files)) {
          await fs.mkdir(path.dirname(path.join(workDir, name)), { recursive: true });
          await fs.copyFile(path.join(files, name), path.join(workDir, name)); // keeps the mode
        }
      }
      this.touch(key);
      this.stats.hits++;
      if (outcome.status !== 'ok') this.stats.errorHits++;
      return outcome;
    } catch {
      // evicted or damaged meanwhile: compile instead
      await this.forget(key);
      return null;
    }
  }

  /**
   * What the compiler added to `workDir` (not the inputs, which are part of the key), read now; null
   * when it is larger than the whole cache may hold.
   */
  private async programFiles(outcome: CachedOutcome, workDir: string, inputs: Set<string>) {
    if (outcome.status !== 'ok') return [];
    const made = [];
    for (const name of await filesUnder(workDir)) {
      if (!inputs.has(name)) made.push({ name, stat: await fs.stat(path.join(workDir, name)) });
    }
    if (made.reduce((sum, file) => sum + file.stat.size, 0) > this.maxBytes) return null;
    const files: ProgramFile[] = [];
    for (const { name, stat } of made) {
      files.push({ name, content: await fs.readFile(path.join(workDir, name)), mode: stat.mode & 0o777 });
    }
    return files;
  }

  private async store(key: string, outcome: CachedOutcome, files: ProgramFile[]) {
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    const temp = path.join(this.dir, `.new-${key}-${randomBytes(4).toString('hex')}`);
    const json = JSON.stringify(outcome);
    const bytes = files.reduce((sum, file) => sum + file.content.length, json.length);
    if (bytes > this.maxBytes) return;
    try {
      await fs.mkdir(path.join(temp, 'files'), { recursive: true });
      for (const { name, content, mode } of files) {
        const target = path.join(temp, 'files', name);
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, content, { mode }); // restore() copies the file, mode included
      }
      await fs.writeFile(path.join(temp, 'outcome.json'), json);
      await fs.writeFile(path.join(temp, 'bytes'), String(bytes));
      try {
        await fs.rename(temp, path.join(this.dir, key));
      } catch (error) {
        if (!(await exists(path.join(this.dir, key, 'outcome.json')))) throw error;
      }
    } finally {
      await fs.rm(temp, { recursive: true, force: true });
    }
    this.add({ key, bytes });
    await this.evict();
  }

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      const names = await fs.readdir(this.dir).catch(() => [] as string[]);
      const found: (Entry & { at: number })[] = [];
      for (const name of names) {
        const entryDir = path.join(this.dir, name);
        if (!ENTRY_NAME.test(name)) {
          if (name.startsWith('.new-')) await fs.rm(entryDir, { recursive: true, force: true });
          continue;
        }
        try {
          const bytes = Number(await fs.readFile(path.join(entryDir, 'bytes'), 'utf8'));
          found.push({ key: name, bytes, at: (await fs.stat(entryDir)).mtimeMs });
        } catch {
          await fs.rm(entryDir, { recursive: true, force: true });
        }
      }
      for (const entry of found.sort((a, b) => a.at - b.at)) this.add(entry);
      await this.evict();
    })();
    return this.loaded;
  }

  private add(entry: Entry) {
    if (this.entries.has(entry.key)) return;
    this.entries.set(entry.key, entry);
    this.total += entry.bytes;
  }

  /** Marks an entry used now (in memory, and on disk for the next start's order). */
  private touch(key: string) {
    const entry = this.entries.get(key)!;
    this.entries.delete(key);
    this.entries.set(key, entry);
    const now = new Date();
    void fs.utimes(path.join(this.dir, key), now, now).catch(() => undefined);
  }

  private async forget(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
    await fs.rm(path.join(this.dir, key), { recursive: true, force: true });
  }

  private async evict() {
    for (const key of this.entries.keys()) {
      if (this.total <= this.maxBytes) break;
      await this.forget(key);
    }
  }
}
