import fs from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';

/**
 * A file name from problem data (extra files, file-I/O names) must be a plain name: it is joined to
 * directories of the judge, so "../x" or "a/b" would write outside them.
 */
export function isPlainFileName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && path.basename(name) === name && !name.includes('\0');
}

/** Up to `bytes` bytes from the start of a file; empty when it does not exist. */
export async function readHead(file: string, bytes: number): Promise<Buffer> {
  let handle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return Buffer.alloc(0);
  }
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Reads a file the program wrote (file-I/O output): only a regular file, never through a symlink (the
 * program could point one at a host file the judge can read), at most `maxBytes`. Missing → null.
 */
export async function readProgramFile(file: string, maxBytes: number): Promise<Buffer | null> {
  let handle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return null;
    const size = Math.min(info.size, maxBytes);
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Text of at most `chars` characters, with "..." when cut (reference §8.12 output excerpts). */
export function excerpt(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, Math.max(0, chars - 3))}...` : text;
}

/** The head of a file as text, for messages (invalid UTF-8 is replaced, not fatal). */
export async function readTextHead(file: string, bytes: number): Promise<string> {
  return (await readHead(file, bytes)).toString('utf8');
}

/** Writes name → content files into a directory (sources, extra files). */
export async function writeFiles(dir: string, files: Readonly<Record<string, string>>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    if (!isPlainFileName(name)) throw new Error(`unsafe file name ${JSON.stringify(name)}`);
    await fs.writeFile(path.join(dir, name), content, { mode: 0o644 });
  }
}
