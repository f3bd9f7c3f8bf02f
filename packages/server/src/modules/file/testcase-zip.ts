import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  PROBLEM_LIMITS,
  compareCaseFiles,
  hasControlCharacter,
  isSubtaskMode,
  type TestCaseZipLimits,
  type UploadedCaseFile,
} from '@verdict/shared';
import type yauzl from 'yauzl';
import { problemMessages, type Message } from '../../http/messages.ts';
import type { StoredFile } from '../judge-gateway/testdata-store.ts';
import { entryKind, openEntry, openZip, readEntries } from './zip-reader.ts';

/** A refused archive, with the reason to show. */
export class ZipRejected extends Error {
  constructor(readonly reason: Message) {
    super(typeof reason === 'string' ? reason : reason.en);
  }
}

/** reference §8.2: CRLF and CR become LF, streamed (a CR at the end of a chunk waits for the next one). */
export class NormaliseLineEndings extends Transform {
  private pendingCr = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (!this.pendingCr && chunk.indexOf(0x0d) === -1) return done(null, chunk);
    const out = Buffer.allocUnsafe(chunk.length + 1);
    let n = 0;
    for (const byte of chunk) {
      if (this.pendingCr) {
        out[n++] = 0x0a;
        this.pendingCr = false;
        if (byte === 0x0a) continue;
      }
      if (byte === 0x0d) this.pendingCr = true;
      else out[n++] = byte;
    }
    done(null, out.subarray(0, n));
  }

  override _flush(done: TransformCallback) {
    done(null, this.pendingCr ? Buffer.from([0x0a]) : null);
  }
}

/** Counts and hashes what passes through. */
class Digest extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.hash.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }
}

/** reference §8.6: the output that goes with an input file name, in the order it is looked for. */
function outputNamesFor(input: string): string[] | undefined {
  if (input.endsWith('.in')) {
    const base = input.slice(0, -3);
    return [`${base}.out`, `${base}.ans`];
  }
  if (input.endsWith('.txt') && input.includes('input')) return [input.replaceAll('input', 'output')];
  return undefined;
}

const isOutputName = (name: string) =>
  name.endsWith('.out') || name.endsWith('.ans') || (name.endsWith('.txt') && name.includes('output'));

/** yauzl's name checks, as the reason given to the user. */
export function translateZipError(error: unknown): ZipRejected {
  const text = error instanceof Error ? error.message : String(error);
  const unsafe = /^(invalid relative path|absolute path|invalid characters in fileName): (.*)$/.exec(text);
  if (unsafe) return new ZipRejected(problemMessages.zipUnsafePath(unsafe[2] ?? ''));
  if (/encrypt/i.test(text)) return new ZipRejected(problemMessages.zipEncrypted);
  // sizes that lie ("too many bytes in the stream"), bad compression methods, broken headers
  return new ZipRejected(problemMessages.zipCorrupt);
}

/** A file or a folder; a link or a special file (device, pipe) refuses the archive. */
export function plainEntryKind(entry: yauzl.Entry): 'file' | 'directory' {
  const kind = entryKind(entry);
  if (kind === 'link') throw new ZipRejected(problemMessages.zipLink(entry.fileName));
  if (kind === 'special') throw new ZipRejected(problemMessages.zipSpecialFile(entry.fileName));
  return kind;
}

/**
 * Pairs the files at the root of a test-case zip (reference §8.6): `X.in` with `X.out` or `X.ans`,
 * `…input….txt` with `…output….txt`. Everything is decided from the central directory before a
 * byte is extracted: an unsafe name (absolute, `..`), a link or special file, an encrypted entry,
 * a duplicate, too many entries or too many bytes, an input without its output or an output
 * without its input (HOJ silently made an empty output) each refuse the archive.
 */
export function planZip(entries: yauzl.Entry[], limits: TestCaseZipLimits, mode: string) {
  if (entries.length > limits.maxEntries)
    throw new ZipRejected(problemMessages.zipTooManyEntries(limits.maxEntries));
  const files = new Map<string, yauzl.Entry>();
  for (const entry of entries) {
    const kind = plainEntryKind(entry);
    if (kind === 'directory' || entry.fileName.includes('/')) continue; // only the root counts
    if (hasControlCharacter(entry.fileName) || entry.fileName.length > PROBLEM_LIMITS.fileNameMax) {
      throw new ZipRejected(problemMessages.zipUnsafePath(entry.fileName));
    }
    if (entry.isEncrypted()) throw new ZipRejected(problemMessages.zipEncrypted);
    if (files.has(entry.fileName)) throw new ZipRejected(problemMessages.zipDuplicate(entry.fileName));
    files.set(entry.fileName, entry);
  }

  const pairs: UploadedCaseFile[] = [];
  const paired = new Set<string>();
  for (const name of files.keys()) {
    const candidates = outputNamesFor(name);
    if (!candidates) continue;
    const found = candidates.filter((c) => files.has(c));
    if (found.length === 0) throw new ZipRejected(problemMessages.zipMissingOutput(name));
    if (found.length > 1) throw new ZipRejected(problemMessages.zipAmbiguousOutput(name));
    pairs.push({ input: name, output: found[0]! });
    paired.add(name).add(found[0]!);
  }
  for (const name of files.keys()) {
    if (isOutputName(name) && !paired.has(name)) throw new ZipRejected(problemMessages.zipMissingInput(name));
  }
  if (pairs.length === 0) throw new ZipRejected(problemMessages.zipNoCases);
  if (pairs.length > PROBLEM_LIMITS.casesMax)
    throw new ZipRejected(problemMessages.zipTooManyCases(PROBLEM_LIMITS.casesMax));

  const used = [...paired].map((name) => files.get(name)!);
  const declared = used.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > limits.maxTotalBytes)
    throw new ZipRejected(problemMessages.zipTooLarge(limits.maxTotalBytes));

  pairs.sort(compareCaseFiles);
  const subtask = isSubtaskMode(mode);
  return { pairs: subtask ? pairs.map((p) => ({ ...p, groupNum: 1 })) : pairs, entries: used };
}

/**
 * Opens an uploaded zip and reads its central directory, refusing one that is not a zip (`notZip`),
 * has more than `maxEntries` entries (refused before the directory is read) or holds an unsafe name
 * (absolute, `..`; yauzl's checks). The caller closes the zip.
 */
export async function readZipDirectory(
  zipFile: string,
  maxEntries: number,
  notZip: Message,
): Promise<{ zip: yauzl.ZipFile; entries: yauzl.Entry[] }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(zipFile);
  } catch {
    throw new ZipRejected(notZip);
  }
  try {
    if (zip.entryCount > maxEntries) throw new ZipRejected(problemMessages.zipTooManyEntries(maxEntries));
    return { zip, entries: await readEntries(zip) };
  } catch (error) {
    zip.close();
    throw error instanceof ZipRejected ? error : translateZipError(error);
  }
}

/**
 * Extracts one entry into `dir` as a file named by its content hash, line endings normalised
 * (reference §8.2); yauzl checks that the data inflates to exactly the declared size.
 */
export async function extractEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, dir: string): Promise<StoredFile> {
  return storeStream(async () => openEntry(zip, entry), dir);
}

/** As extractEntry, for test data read from elsewhere (an FPS file's texts). */
export async function storeStream(open: () => Promise<Readable>, dir: string): Promise<StoredFile> {
  const temp = path.join(dir, `${randomBytes(8).toString('hex')}.tmp`);
  const digest = new Digest();
  try {
    await pipeline(await open(), new NormaliseLineEndings(), digest, createWriteStream(temp));
  } catch (error) {
    throw translateZipError(error);
  }
  const sha256 = digest.hash.digest('hex');
  await rename(temp, path.join(dir, sha256));
  return { sha256, size: digest.size };
}

/**
 * Reads a test-case zip into `dir` (files named by their content hash, line endings normalised) and
 * answers the pairs and the hash of every file. Throws ZipRejected; the caller removes `dir`.
 */
export async function extractTestCaseZip(
  zipFile: string,
  dir: string,
  limits: TestCaseZipLimits,
  mode: string,
) {
  const { zip, entries } = await readZipDirectory(zipFile, limits.maxEntries, problemMessages.zipInvalid);
  try {
    const plan = planZip(entries, limits, mode);
    const files: Record<string, StoredFile> = {};
    let total = 0;
    for (const entry of plan.entries) {
      const file = await extractEntry(zip, entry, dir);
      total += file.size;
      if (total > limits.maxTotalBytes)
        throw new ZipRejected(problemMessages.zipTooLarge(limits.maxTotalBytes));
      files[entry.fileName] = file;
    }
    return { pairs: plan.pairs, files };
  } finally {
    zip.close();
  }
}
