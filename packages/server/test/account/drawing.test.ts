import { inflateSync } from 'node:zlib';
import { SLIDE } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { arithmeticQuestion, drawCaptcha } from '../../src/modules/account/captcha.ts';
import { encodePng, Raster } from '../../src/modules/account/png.ts';
import { drawSlide, inPiece } from '../../src/modules/account/slide.ts';

/** Reads back a PNG made by encodePng: size and RGBA pixels (checks the chunk CRCs on the way). */
function decodePng(png: Buffer): Raster {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 6]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const raster = new Raster(width, height);
  for (let y = 0; y < height; y++) {
    expect(rows[y * (width * 4 + 1)]).toBe(0);
    raster.data.set(rows.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return raster;
}

describe('reference §7.5, spec part 1 §4: PNG drawing without native dependencies', () => {
  it('encodes an RGBA raster that decodes to the same pixels', () => {
    const image = new Raster(3, 2);
    image.set(0, 0, [255, 0, 0, 255]);
    image.set(2, 1, [0, 0, 255, 128]);
    const decoded = decodePng(encodePng(image));
    expect([decoded.width, decoded.height]).toEqual([3, 2]);
    expect(decoded.get(0, 0)).toEqual([255, 0, 0, 255]);
    expect(decoded.get(2, 1)).toEqual([0, 0, 255, 128]);
    expect(decoded.get(1, 0)).toEqual([0, 0, 0, 0]);
  });

  it('reference §7.5: arithmetic questions with their answers, drawn at 90×30', () => {
    for (let i = 0; i < 200; i++) {
      const { text, answer } = arithmeticQuestion();
      const match = /^(\d+)([+\-x])(\d+)=\?$/.exec(text);
      expect(match).not.toBeNull();
      const [a, op, b] = [Number(match![1]), match![2], Number(match![3])];
      const expected = op === '+' ? a + b : op === '-' ? a - b : a * b;
      expect(answer).toBe(String(expected));
      expect(expected).toBeGreaterThanOrEqual(0);
      expect(answer.length).toBeLessThanOrEqual(8);
    }
    const image = decodePng(encodePng(drawCaptcha('12+34=?')));
    expect([image.width, image.height]).toEqual([90, 30]);
    // Ink is there: some pixels are much darker than the light background.
    let dark = 0;
    for (let y = 0; y < 30; y++) for (let x = 0; x < 90; x++) if (image.get(x, y)[0] < 130) dark++;
    expect(dark).toBeGreaterThan(100);
  });

  it('spec part 1 §4: the slide piece is the background cut out where the hole is', () => {
    const x = 120;
    const y = 40;
    const { background, piece } = drawSlide(x, y);
    expect([background.width, background.height]).toEqual([SLIDE.width, SLIDE.height]);
    expect([piece.width, piece.height]).toEqual([SLIDE.pieceSize, SLIDE.pieceSize]);
    let inside = 0;
    for (let py = 0; py < SLIDE.pieceSize; py++) {
      for (let px = 0; px < SLIDE.pieceSize; px++) {
        const alpha = piece.get(px, py)[3];
        expect(alpha).toBe(inPiece(px, py) ? 255 : 0);
        if (inPiece(px, py)) inside++;
      }
    }
    // The shape fills most of its box: body plus two knobs.
    expect(inside).toBeGreaterThan(36 * 36);
    expect(inside).toBeLessThan(SLIDE.pieceSize ** 2);
    // The hole is darkened: its centre is darker in the background than in the piece.
    const holeCentre = background.get(x + 18, y + 26);
    const pieceCentre = piece.get(18, 26);
    expect(holeCentre[0] + holeCentre[1] + holeCentre[2]).toBeLessThan(
      pieceCentre[0] + pieceCentre[1] + pieceCentre[2],
    );
  });
});
