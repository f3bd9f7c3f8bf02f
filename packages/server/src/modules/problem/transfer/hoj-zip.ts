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
  if (entries.length === 0) throw new ZipRejected(m.empty);
  const seen = new Set<string>();
  const jsons = new Map<string, yauzl.Entry>();
  const folders = new Map<string, Map<string, yauzl.Entry>>();
  let declared = 0;
  for (const entry of entries) {
    const kind = plainEntryKind(entry);
    const name = entry.fileName.replace(/\/$/, '');
    const parts = name.split('/');
    if (parts.some((p) => p === '' || hasControlCharacter(p) || p.length > PROBLEM_LIMITS.fileNameMax)) {
      throw new ZipRejected(problemMessages.zipUnsafePath(entry.fileName));
    }
    if (seen.has(name)) throw new ZipRejected(problemMessages.zipDuplicate(name));
    seen.add(name);
    if (kind === 'directory') {
      if (parts.length === 1 && !folders.has(name)) folders.set(name, new Map());
      continue;
    }
    if (entry.isEncrypted()) throw new ZipRejected(problemMessages.zipEncrypted);
    declared += entry.uncompressedSize;
    if (declared > limits.maxTotalBytes)
      throw new ZipRejected(problemMessages.zipTooLarge(limits.maxTotalBytes));
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
    .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => ({ key, json: jsons.get(key)!, folder: folders.get(key) }));
}

/** An entry's bytes as UTF-8 text, refused above `maxBytes`. */
export async function readEntryText(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  maxBytes: number,
  tooLarge: () => ZipRejected,
): Promise<string> {
  if (entry.uncompressedSize > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  try {
    // yauzl checks that the data inflates to exactly the declared size (validateEntrySizes)
    for await (const chunk of await openEntry(zip, entry)) chunks.push(chunk as Buffer);
  } catch (error) {
    throw translateZipError(error);
  }
  return Buffer.concat(chunks).toString('utf8');
}
