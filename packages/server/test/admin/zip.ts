import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a hand-built zip: any name (even unsafe), any attributes, optionally lying sizes. */
export interface RawEntry {
  name: string;
  content?: string | Buffer;
  /** Unix mode (e.g. 0o120777 for a symlink); sets "made by Unix" */
  unixMode?: number;
  /** general purpose flag bit 0 */
  encrypted?: boolean;
  deflate?: boolean;
  /** the uncompressed size written in the headers, if not the real one */
  declaredSize?: number;
  /** the name's bytes as written, without the UTF-8 flag (e.g. GBK, as old Windows tools wrote); `name` is then unused */
  nameBytes?: Buffer;
}

/**
 * Builds a zip archive byte by byte, so that tests can produce what zip tools refuse to write:
 * `../` and absolute names, symlinks, encrypted flags, lying sizes.
 */
export function buildZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content ?? '', 'utf8');
    const packed = entry.deflate ? deflateRawSync(data) : data;
    // traditional PKWARE encryption puts a 12-byte header before the data
    const stored = entry.encrypted ? Buffer.concat([Buffer.alloc(12, 7), packed]) : packed;
    const name = entry.nameBytes ?? Buffer.from(entry.name, 'utf8');
    const flags = (entry.encrypted ? 1 : 0) | (entry.nameBytes ? 0 : 0x800); // UTF-8 names
    const method = entry.deflate ? 8 : 0;
    const crc = crc32(data);
    const size = entry.declaredSize ?? data.length;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, stored);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.unixMode !== undefined ? (3 << 8) | 20 : 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(entry.unixMode !== undefined ? (entry.unixMode << 16) >>> 0 : 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A multipart/form-data body with one file field named `file`. */
export function multipartBody(filename: string, content: Buffer) {
  const boundary = `----verdict${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
