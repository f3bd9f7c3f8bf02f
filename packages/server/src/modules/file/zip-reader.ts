import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

/** Promise wrappers around yauzl (random access, so the central directory is read before any data). */

export function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      // lazyEntries: read the directory at our pace; strictFileNames off turns '\' into '/', so that
      // Windows-style '..\x' is caught by yauzl's relative-path check as well.
      {
        lazyEntries: true,
        autoClose: false,
        validateEntrySizes: true,
        strictFileNames: false,
        decodeStrings: true,
      },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    );
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** GBK's superset; undefined on a Node built without full ICU (the name then stays as yauzl read it, CP437) */
const gbk = (() => {
  try {
    return new TextDecoder('gb18030');
  } catch {
    return undefined;
  }
})();

/**
 * An entry's name. Without the UTF-8 flag (general purpose bit 11) or Info-ZIP's Unicode Path
 * field, the zip format says CP437, as yauzl decodes it; but such names are UTF-8 bytes (zips made
 * on Linux or macOS) or, in Chinese judges' exports made on Windows, GBK. So: ASCII or valid UTF-8
 * is read as UTF-8, anything else as GBK, then checked as yauzl checks names (absolute, `..`).
 */
export function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileNameRaw;
  if (entry.generalPurposeBitFlag & 0x800 || entry.extraFields.some((f) => f.id === 0x7075))
    return entry.fileName;
  if (!raw || raw.every((byte) => byte < 0x80) || !gbk) return entry.fileName;
  let name: string;
  try {
    name = utf8.decode(raw);
  } catch {
    name = gbk.decode(raw);
  }
  name = name.replace(/\\/g, '/');
  const error = yauzl.validateFileName(name);
  if (error !== null) throw new Error(error);
  return name;
}

/**
 * Every entry of the central directory, names decoded by entryName; rejects with yauzl's error
 * (e.g. "invalid relative path: …").
 */
export function readEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onEntry = (entry: yauzl.Entry) => {
      try {
        entry.fileName = entryName(entry);
      } catch (error) {
        onError(error as Error);
        return;
      }
      entries.push(entry);
      zip.readEntry();
    };
    const onEnd = () => {
      cleanup();
      resolve(entries);
    };
    const cleanup = () => {
      zip.off('error', onError).off('entry', onEntry).off('end', onEnd);
    };
    zip.on('error', onError).on('entry', onEntry).on('end', onEnd);
    zip.readEntry();
  });
}

export function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream),
    );
  });
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** MS-DOS attribute of a reparse point (a Windows symbolic link or junction). */
const DOS_REPARSE_POINT = 0x400;

/** What an entry is, from its name and its external attributes (Unix mode or DOS flags). */
export function entryKind(entry: yauzl.Entry): 'file' | 'directory' | 'link' | 'special' {
  const unixMode = (entry.externalFileAttributes >>> 16) & 0xffff;
  const madeOnUnix = entry.versionMadeBy >> 8 === 3 || entry.versionMadeBy >> 8 === 19;
  if (madeOnUnix && unixMode !== 0) {
    const type = unixMode & S_IFMT;
    if (type === S_IFLNK) return 'link';
    if (type !== S_IFREG && type !== S_IFDIR) return 'special';
  }
  if (entry.externalFileAttributes & DOS_REPARSE_POINT) return 'link';
  return entry.fileName.endsWith('/') ? 'directory' : 'file';
}
