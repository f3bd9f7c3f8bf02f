import { hasControlCharacter, PROBLEM_LIMITS } from '@verdict/shared';
import type yauzl from 'yauzl';
import { problemMessages } from '../../../http/messages.ts';
import { plainEntryKind, translateZipError, ZipRejected } from '../../file/testcase-zip.ts';
import { openEntry } from '../../file/zip-reader.ts';
import { transferMessages as m } from './messages.ts';
import type { ProblemZipLimits } from './hoj-format.ts';

/** One problem of the archive: its JSON and the files directly inside its folder, by name. */
export interface ZipProblem {
  key: string;
  json: yauzl.Entry;
  /** undefined when the zip has no folder `<key>/` */
  folder: Map<string, yauzl.Entry> | undefined;
}

/**
 * The layout of an HOJ problem zip (reference §11.1), decided from the central directory before a
 * byte is read. The archive is refused whole for what belongs to no problem: an unsafe name (yauzl
 * refused absolute and `..` names already), a link or special file, an encrypted entry, the same
 * name twice, more bytes than allowed in total (a zip bomb), and, as HOJ refuses, a root file
 * that is not a `.json`. A JSON without its folder is that problem's failure (**Changed:** HOJ
 * refuses the whole import). Folders without a JSON and deeper files are ignored.
 */
export function problemZipLayout(entries: yauzl.Entry[], limits: ProblemZipLimits): ZipProblem[] {
  const jsons = new Map<string, yauzl.Entry>();
  const folders = new Map<string, Map<string, yauzl.Entry>>();
  for (const { entry, parts, directory } of checkedEntries(entries, limits)) {
    if (directory) {
      if (parts.length === 1 && !folders.has(parts[0]!)) folders.set(parts[0]!, new Map());
      continue;
    }
    const name = parts.join('/');
    if (parts.length === 1) {
      if (!/\.json$/i.test(name)) throw new ZipRejected(m.notJsonAtRoot(name));
      jsons.set(name.slice(0, name.lastIndexOf('.')), entry);
      continue;
    }
    const folder = folders.get(parts[0]!) ?? new Map<string, yauzl.Entry>();
    folders.set(parts[0]!, folder);
    if (parts.length === 2) folder.set(parts[1]!, entry);
  }
  if (jsons.size === 0) throw new ZipRejected(m.noProblems);
  return [...jsons.keys()]
    .sort(byName)
    .map((key) => ({ key, json: jsons.get(key)!, folder: folders.get(key) }));
}

/** Shorter names first, then by code unit, so that `problem_2` comes before `problem_10`. */
export const byName = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The entries of a problem archive, each checked as problemZipLayout says (every format's zip):
 * unsafe names, links, special files, encryption, duplicates and too many bytes refuse it whole.
 */
export function checkedEntries(
  entries: yauzl.Entry[],
  limits: Pick<ProblemZipLimits, 'maxTotalBytes'>,
): { entry: yauzl.Entry; parts: string[]; directory: boolean }[] {
  if (entries.length === 0) throw new ZipRejected(m.empty);
  const seen = new Set<string>();
  let declared = 0;
  return entries.map((entry) => {
    const kind = plainEntryKind(entry);
    const name = entry.fileName.replace(/\/$/, '');
    const parts = name.split('/');
    if (parts.some((p) => p === '' || hasControlCharacter(p) || p.length > PROBLEM_LIMITS.fileNameMax)) {
      throw new ZipRejected(problemMessages.zipUnsafePath(entry.fileName));
    }
    if (seen.has(name)) throw new ZipRejected(problemMessages.zipDuplicate(name));
    seen.add(name);
    if (kind === 'directory') return { entry, parts, directory: true };
    if (entry.isEncrypted()) throw new ZipRejected(problemMessages.zipEncrypted);
    declared += entry.uncompressedSize;
    if (declared > limits.maxTotalBytes)
      throw new ZipRejected(problemMessages.zipTooLarge(limits.maxTotalBytes));
    return { entry, parts, directory: false };
  });
}

/**
 * A zip of one folder per problem (QDUOJ's and Hydro's exports, reference §11.2, §11.4): each
 * top-level folder's files by their path inside it. Files at the root are ignored, as HOJ does.
 */
export function folderZipLayout(
  entries: yauzl.Entry[],
  limits: ProblemZipLimits,
): { key: string; files: Map<string, yauzl.Entry> }[] {
  const folders = new Map<string, Map<string, yauzl.Entry>>();
  for (const { entry, parts, directory } of checkedEntries(entries, limits)) {
    if (directory || parts.length === 1) continue;
    const folder = folders.get(parts[0]!) ?? new Map<string, yauzl.Entry>();
    folders.set(parts[0]!, folder);
    folder.set(parts.slice(1).join('/'), entry);
  }
  if (folders.size === 0) throw new ZipRejected(m.noProblemFolders);
  return [...folders.keys()].sort(byName).map((key) => ({ key, files: folders.get(key)! }));
}

/** An entry's bytes as UTF-8 text, refused above `maxBytes`. */
export async function readEntryText(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  maxBytes: number,
  tooLarge: () => ZipRejected,
): Promise<string> {
  return (await readEntryBytes(zip, entry, maxBytes, tooLarge)).toString('utf8');
}

/** An entry's bytes, refused above `maxBytes`. */
export async function readEntryBytes(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  maxBytes: number,
  tooLarge: () => ZipRejected,
): Promise<Buffer> {
  if (entry.uncompressedSize > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  try {
    // yauzl checks that the data inflates to exactly the declared size (validateEntrySizes)
    for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  } catch (error) {
    throw translateZipError(error);
  }
  return Buffer.concat(chunks);
}
