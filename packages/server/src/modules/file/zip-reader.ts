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

/** Every entry of the central directory; rejects with yauzl's error (e.g. "invalid relative path: …"). */
export function readEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onEntry = (entry: yauzl.Entry) => {
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
