import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Scratch directories of one task under the worker's workRoot, removed afterwards whatever happened
 * (the brief: "everything a run leaves in workRoot is removed").
 *   box/   the program: source, extra files, executable (/w: writable to compile, read-only to run)
 *   out/   stderr files the sandbox writes as root, user outputs, file-I/O output files (each bound
 *          into the box alone, never the directory)
 *   checker/, interactor/, judge-build/   the /w of judge programs (`fresh`)
 */
export class Workspace {
  private constructor(readonly root: string) {}

  static async create(workRoot: string, label: string): Promise<Workspace> {
    await fs.mkdir(workRoot, { recursive: true });
    const root = path.join(workRoot, `${label}-${randomBytes(4).toString('hex')}`);
    await fs.mkdir(root, { mode: 0o755 });
    const workspace = new Workspace(root);
    await fs.mkdir(workspace.box, { mode: 0o755 });
    await fs.mkdir(workspace.out, { mode: 0o700 });
    return workspace;
  }

  get box(): string {
    return path.join(this.root, 'box');
  }

  get out(): string {
    return path.join(this.root, 'out');
  }

  /** A fresh, empty directory (removed first if a previous case left one). */
  async fresh(name: string): Promise<string> {
    const dir = path.join(this.root, name);
    await fs.rm(dir, { recursive: true, force: true });
    await fs.mkdir(dir, { mode: 0o755 });
    return dir;
  }

  outFile(name: string): string {
    return path.join(this.out, name);
  }

  async dispose(): Promise<void> {
    await fs.rm(this.root, { recursive: true, force: true, maxRetries: 3 });
  }
}
