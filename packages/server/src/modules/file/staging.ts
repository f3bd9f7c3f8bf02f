import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredFile, TestDataStore } from '../judge-gateway/testdata-store.ts';

/** What an accepted upload holds: file name → content hash and size. */
export interface UploadManifest {
  uid: string;
  createdAt: string;
  files: Record<string, StoredFile>;
}

const MANIFEST = 'manifest.json';
const ID_PATTERN = /^[0-9a-f]{32}$/;
/** Uploads not saved into a problem within this time are swept away. */
export const STAGING_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Test-case uploads between the zip upload and the problem save (reference §8.6: HOJ's
 * `fileListDir`). Each upload is a directory `DATA_DIR/testcase-uploads/<id>/` holding its files by
 * content hash and a manifest; the id is what the client sends back as `uploadTestcaseDir`, so a
 * path never travels. Saving the problem moves the files into the test-data store.
 */
export class TestCaseStaging {
  constructor(
    private readonly root: string,
    private readonly store: TestDataStore,
  ) {}

  /** A new, empty upload directory. */
  async create(): Promise<{ id: string; dir: string }> {
    const id = randomUUID().replaceAll('-', '');
    const dir = path.join(this.root, id);
    await mkdir(dir, { recursive: true });
    return { id, dir };
  }

  async writeManifest(id: string, manifest: UploadManifest): Promise<void> {
    await writeFile(path.join(this.root, id, MANIFEST), JSON.stringify(manifest));
  }

  /** The manifest of an upload, or undefined for an unknown or malformed id. */
  async manifest(id: string): Promise<UploadManifest | undefined> {
    return readManifest(this.root, id);
  }

  /**
   * Moves the given files of an upload into the test-data store (a file already there stays). Run
   * before the database transaction that references them, so that no row names a missing file.
   */
  async commit(id: string, files: StoredFile[]): Promise<void> {
    for (const file of files) {
      const target = this.store.pathOf(file.sha256);
      if (!target) throw new Error(`bad hash ${file.sha256}`);
      if (existsSync(target)) continue;
      await mkdir(path.dirname(target), { recursive: true });
      await rename(path.join(this.root, id, file.sha256), target);
    }
  }

  async removeFile(id: string, name: string): Promise<void> {
    await rm(path.join(this.root, id, path.basename(name)), { force: true });
  }

  async discard(id: string): Promise<void> {
    await discardUpload(this.root, id);
  }
}

async function discardUpload(root: string, id: string): Promise<void> {
  if (!ID_PATTERN.test(id)) return;
  await rm(path.join(root, id), { recursive: true, force: true });
}

async function readManifest(root: string, id: string): Promise<UploadManifest | undefined> {
  if (!ID_PATTERN.test(id)) return undefined;
  try {
    return JSON.parse(await readFile(path.join(root, id, MANIFEST), 'utf8')) as UploadManifest;
  } catch {
    return undefined;
  }
}

/** Where uploads wait, under DATA_DIR. */
export const stagingRoot = (dataDir: string) => path.join(dataDir, 'testcase-uploads');

/**
 * Removes uploads never saved into a problem (a scheduled job, src/jobs/cleanups.ts): those whose
 * manifest is older than STAGING_TTL_MS by the app's clock, and unfinished ones (no manifest)
 * untouched for as long in real time. **Changed:** ref §7.16 empties the whole folder nightly, which
 * can take an upload that is being edited.
 */
export async function sweepStagingUploads(root: string, now: Date): Promise<void> {
  const entries = await readdir(root).catch(() => [] as string[]);
  for (const name of entries) {
    if (!ID_PATTERN.test(name)) continue;
    const manifest = await readManifest(root, name);
    const age = manifest
      ? now.getTime() - Date.parse(manifest.createdAt)
      : Date.now() - ((await stat(path.join(root, name)).catch(() => undefined))?.mtimeMs ?? Date.now());
    if (age > STAGING_TTL_MS) await discardUpload(root, name);
  }
}
