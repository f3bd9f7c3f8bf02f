import { randomInt } from 'node:crypto';
import { ACCOUNT_TIMINGS, SLIDE, type SlideChallenge } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { storeCaptcha, takeCaptcha } from './captcha-store.ts';
import { pngDataUrl, randomColor, Raster } from './png.ts';

/*
 * The slide verification of spec part 1 §4 ("a slide-verify puzzle is required from 5 failures").
 * HOJ draws and checks it in the browser only (reference §7.2), so a script skips it. Verdict makes
 * it a server challenge:
 *
 *   1. `GET /api/slide-captcha` draws a background (SLIDE.width × SLIDE.height) with a puzzle-shaped
 *      hole at a random x, and the matching piece (SLIDE.pieceSize square, transparent around the
 *      shape). It keeps the hole's x under a random `slideKey` for ACCOUNT_TIMINGS.slideLifetime s
 *      and answers {slideKey, background, piece, width, height, pieceSize, y, expire}.
 *   2. The client shows the piece at top `y`, left 0, and the user drags it along x until it fills
 *      the hole. The login body then carries `slideKey` and `slideX` (the piece's left offset in
 *      background pixels; a client drawing the images scaled divides by its scale).
 *   3. The login takes the challenge out of the table (one attempt per challenge) and accepts an
 *      offset within SLIDE.tolerance pixels of the hole. A wrong or missing answer refuses the login
 *      before the password is looked at, and does not count as a failed password.
 */

const PIECE = SLIDE.pieceSize;
const KNOB = 6;
const BODY = PIECE - 8;

/** Whether a point of the piece's box belongs to the puzzle shape: a square with two round knobs. */
export function inPiece(px: number, py: number): boolean {
  if (px < 0 || py < 0 || px >= PIECE || py >= PIECE) return false;
  const inBody = px < BODY && py >= PIECE - BODY;
  const topKnob = (px + 0.5 - BODY / 2) ** 2 + (py + 0.5 - (PIECE - BODY)) ** 2 <= KNOB * KNOB;
  const rightKnob = (px + 0.5 - BODY) ** 2 + (py + 0.5 - (PIECE - BODY / 2)) ** 2 <= KNOB * KNOB;
  return inBody || topKnob || rightKnob;
}

function onEdge(px: number, py: number): boolean {
  return (
    inPiece(px, py) &&
    (!inPiece(px - 1, py) || !inPiece(px + 1, py) || !inPiece(px, py - 1) || !inPiece(px, py + 1))
  );
}

/** A busy random picture, so that the hole cannot be found by looking for a flat area. */
function drawBackground(): Raster {
  const { width, height } = SLIDE;
  const image = new Raster(width, height);
  const from = randomColor(60, 200);
  const to = randomColor(60, 200);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      image.set(
        x,
        y,
        [0, 1, 2].map((c) => Math.round(from[c]! + (to[c]! - from[c]!) * t)),
      );
    }
  }
  for (let i = 0; i < 14; i++) {
    image.fillCircle(
      randomInt(width),
      randomInt(height),
      randomInt(8, 30),
      randomColor(30, 240),
      0.35 + Math.random() * 0.35,
    );
  }
  for (let i = 0; i < 8; i++) {
    image.fillRect(
      randomInt(width),
      randomInt(height),
      randomInt(10, 60),
      randomInt(10, 40),
      randomColor(30, 240),
      0.4,
    );
  }
  for (let i = 0; i < 6; i++) {
    image.line(
      randomInt(width),
      randomInt(height),
      randomInt(width),
      randomInt(height),
      randomColor(30, 240),
      2,
    );
  }
  image.noise(8);
  return image;
}

/** Draws one challenge whose hole is at (x, y). */
export function drawSlide(x: number, y: number): { background: Raster; piece: Raster } {
  const background = drawBackground();
  const piece = new Raster(PIECE, PIECE);
  for (let py = 0; py < PIECE; py++) {
    for (let px = 0; px < PIECE; px++) {
      if (!inPiece(px, py)) continue;
      piece.set(px, py, background.get(x + px, y + py));
      if (onEdge(px, py)) {
        piece.blend(px, py, [255, 255, 255], 0.7);
        background.blend(x + px, y + py, [255, 255, 255], 0.6);
      } else {
        background.blend(x + px, y + py, [0, 0, 0], 0.5);
      }
    }
  }
  return { background, piece };
}

/** The hole's x range keeps it away from the start, so that an untouched slider never passes. */
const X_MIN = PIECE + 16;
const X_MAX = SLIDE.width - PIECE - 6;
const Y_MIN = 6;
const Y_MAX = SLIDE.height - PIECE - 6;

export async function issueSlideChallenge(db: Db, now: Date): Promise<SlideChallenge> {
  const x = randomInt(X_MIN, X_MAX + 1);
  const y = randomInt(Y_MIN, Y_MAX + 1);
  const { background, piece } = drawSlide(x, y);
  const slideKey = await storeCaptcha(db, 'slide', String(x), now, ACCOUNT_TIMINGS.slideLifetime);
  return {
    slideKey,
    background: pngDataUrl(background),
    piece: pngDataUrl(piece),
    width: SLIDE.width,
    height: SLIDE.height,
    pieceSize: PIECE,
    y,
    expire: ACCOUNT_TIMINGS.slideLifetime,
  };
}

/** Checks (and uses up) a slide answer. */
export async function verifySlide(db: Db, slideKey: string, slideX: number, now: Date): Promise<boolean> {
  const answer = await takeCaptcha(db, 'slide', slideKey, now);
  if (answer === null) return false;
  return Math.abs(slideX - Number(answer)) <= SLIDE.tolerance;
}
