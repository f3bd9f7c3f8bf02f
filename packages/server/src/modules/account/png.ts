import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * A small RGBA raster and PNG encoder for the captcha images (reference §7.5) and the slide
 * challenge: no native image library, nothing downloaded at install.
 */
export class Raster {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4);
  }

  get(x: number, y: number): [number, number, number, number] {
    const i = (y * this.width + x) * 4;
    const d = this.data;
    return [d[i]!, d[i + 1]!, d[i + 2]!, d[i + 3]!];
  }

  set(x: number, y: number, [r, g, b, a]: readonly number[]): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 4;
    this.data[i] = r!;
    this.data[i + 1] = g!;
    this.data[i + 2] = b!;
    this.data[i + 3] = a ?? 255;
  }

  /** Paints a colour over a pixel with the given opacity (0–1). */
  blend(x: number, y: number, color: readonly number[], opacity: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const [r, g, b, a] = this.get(x, y);
    this.set(x, y, [
      Math.round(r + (color[0]! - r) * opacity),
      Math.round(g + (color[1]! - g) * opacity),
      Math.round(b + (color[2]! - b) * opacity),
      Math.max(a, Math.round(255 * opacity)),
    ]);
  }

  fillRect(x0: number, y0: number, w: number, h: number, color: readonly number[], opacity = 1): void {
    for (let y = Math.max(0, y0); y < Math.min(this.height, y0 + h); y++) {
      for (let x = Math.max(0, x0); x < Math.min(this.width, x0 + w); x++) this.blend(x, y, color, opacity);
    }
  }

  fillCircle(cx: number, cy: number, r: number, color: readonly number[], opacity = 1): void {
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++) {
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.blend(x, y, color, opacity);
      }
    }
  }

  /** A line `thickness` pixels wide (Bresenham with a square pen). */
  line(x0: number, y0: number, x1: number, y1: number, color: readonly number[], thickness = 1): void {
    const steps = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0), 1);
    for (let s = 0; s <= steps; s++) {
      const x = Math.round(x0 + ((x1 - x0) * s) / steps);
      const y = Math.round(y0 + ((y1 - y0) * s) / steps);
      this.fillRect(x, y, thickness, thickness, color);
    }
  }

  /** Adds a random ± `amount` to each channel: defeats exact template matching a little. */
  noise(amount: number): void {
    for (let i = 0; i < this.data.length; i += 4) {
      for (let c = 0; c < 3; c++) {
        const v = this.data[i + c]! + randomInt(-amount, amount + 1);
        this.data[i + c] = Math.max(0, Math.min(255, v));
      }
    }
  }
}

/** A random colour with each channel in [min, max]. */
export function randomColor(min: number, max: number): [number, number, number] {
  return [randomInt(min, max + 1), randomInt(min, max + 1), randomInt(min, max + 1)];
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An 8-bit RGBA PNG of the raster (filter 0 on every row). */
export function encodePng(raster: Raster): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(raster.width, 0);
  header.writeUInt32BE(raster.height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  const stride = raster.width * 4;
  const rows = Buffer.alloc((stride + 1) * raster.height);
  for (let y = 0; y < raster.height; y++) {
    rows[y * (stride + 1)] = 0;
    rows.set(raster.data.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

export function pngDataUrl(raster: Raster): string {
  return `data:image/png;base64,${encodePng(raster).toString('base64')}`;
}
