import fs from 'node:fs/promises';
import { closeSync, constants, openSync, readFileSync, readSync } from 'node:fs';
import path from 'node:path';

/**
 * Files up to this size are read synchronously on the judge's hot path (a case's answer, a head of
 * its stderr, a compiler's messages): a read through libuv's thread pool costs its round trips
 * (fs.promises.readFile of a small file 155 µs here, readFileSync 3 µs), and every case waits for
 * them; a larger file is read asynchronously so that the other slots' reports are not held up.
 */
export const SYNC_READ_BYTES = 1024 * 1024;

/**
 * A file name from problem data (extra files, file-I/O names) must be a plain name: it is joined to
 * directories of the judge, so "../x" or "a/b" would write outside them.
 */
export function isPlainFileName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && path.basename(name) === name && !name.includes('\0');
}

/** Up to `bytes` bytes (at most SYNC_READ_BYTES) from the start of a file; empty when it does not exist. */
export function readHead(file: string, bytes: number): Buffer {
  let fd;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return Buffer.alloc(0);
  }
  try {
    const buffer = Buffer.alloc(Math.min(bytes, SYNC_READ_BYTES));
    return buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** A whole file whose size is known (a case's answer), synchronously when it is small. */
export async function readKnownFile(file: string, size: number): Promise<Buffer> {
  return size <= SYNC_READ_BYTES ? readFileSync(file) : fs.readFile(file);
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
export function readTextHead(file: string, bytes: number): string {
  return readHead(file, bytes).toString('utf8');
}

/** Writes name → content files into a directory (sources, extra files). */
export async function writeFiles(dir: string, files: Readonly<Record<string, string>>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    if (!isPlainFileName(name)) throw new Error(`unsafe file name ${JSON.stringify(name)}`);
    await fs.writeFile(path.join(dir, name), content, { mode: 0o644 });
  }
}
