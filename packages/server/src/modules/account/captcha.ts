import { randomInt } from 'node:crypto';
import { ACCOUNT_TIMINGS } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { storeCaptcha, takeCaptcha } from './captcha-store.ts';
import { pngDataUrl, randomColor, Raster } from './png.ts';

/** 5×7 glyphs of the characters an arithmetic captcha needs ('#' = ink). */
const FONT: Record<string, string[]> = {
  '0': ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  '1': ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  '2': ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  '3': ['#####', '...#.', '..#..', '...#.', '....#', '#...#', '.###.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '5': ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  '6': ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '8': ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
  '+': ['.....', '..#..', '..#..', '#####', '..#..', '..#..', '.....'],
  '-': ['.....', '.....', '.....', '#####', '.....', '.....', '.....'],
  x: ['.....', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '.....'],
  '=': ['.....', '.....', '#####', '.....', '#####', '.....', '.....'],
  '?': ['.###.', '#...#', '....#', '...#.', '..#..', '.....', '..#..'],
};

/** reference §7.5: 90×30 pixels. */
export const CAPTCHA_WIDTH = 90;
export const CAPTCHA_HEIGHT = 30;
const SCALE = 2;
const GLYPH_W = 5 * SCALE;
const GLYPH_H = 7 * SCALE;
const GAP = 2;

/** reference §7.5: a two-operand arithmetic question and its answer. */
export function arithmeticQuestion(): { text: string; answer: string } {
  switch (randomInt(3)) {
    case 0: {
      const a = randomInt(1, 21);
      const b = randomInt(1, 21);
      return { text: `${a}+${b}=?`, answer: String(a + b) };
    }
    case 1: {
      const a = randomInt(5, 21);
      const b = randomInt(1, a + 1);
      return { text: `${a}-${b}=?`, answer: String(a - b) };
    }
    default: {
      const a = randomInt(1, 10);
      const b = randomInt(1, 10);
      return { text: `${a}x${b}=?`, answer: String(a * b) };
    }
  }
}

/** Draws the question with a little jitter, noise lines and speckles. */
export function drawCaptcha(text: string): Raster {
  const image = new Raster(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  image.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT, randomColor(225, 250));
  for (let i = 0; i < 40; i++) {
    image.fillRect(randomInt(CAPTCHA_WIDTH), randomInt(CAPTCHA_HEIGHT), 1, 1, randomColor(120, 200));
  }
  const textWidth = text.length * GLYPH_W + (text.length - 1) * GAP;
  let x = Math.floor((CAPTCHA_WIDTH - textWidth) / 2) + randomInt(-1, 2);
  for (const ch of text) {
    const glyph = FONT[ch];
    const y0 = Math.floor((CAPTCHA_HEIGHT - GLYPH_H) / 2) + randomInt(-3, 4);
    const ink = randomColor(20, 110);
    glyph?.forEach((row, gy) => {
      for (let gx = 0; gx < row.length; gx++) {
        if (row[gx] === '#') image.fillRect(x + gx * SCALE, y0 + gy * SCALE, SCALE, SCALE, ink);
      }
    });
    x += GLYPH_W + GAP;
  }
  for (let i = 0; i < 3; i++) {
    image.line(
      randomInt(CAPTCHA_WIDTH),
      randomInt(CAPTCHA_HEIGHT),
      randomInt(CAPTCHA_WIDTH),
      randomInt(CAPTCHA_HEIGHT),
      randomColor(90, 180),
    );
  }
  image.noise(10);
  return image;
}

/** `GET /api/captcha` (reference §3.1, §7.5): `{img, captchaKey}`; the answer is kept 30 minutes. */
export async function issueCaptcha(db: Db, now: Date): Promise<{ img: string; captchaKey: string }> {
  const question = arithmeticQuestion();
  const captchaKey = await storeCaptcha(db, 'image', question.answer, now, ACCOUNT_TIMINGS.captchaLifetime);
  return { img: pngDataUrl(drawCaptcha(question.text)), captchaKey };
}

export type CaptchaCheck = 'ok' | 'wrong' | 'expired';

/** reference §7.3: compared case-insensitively after trimming; each captcha answers once. */
export async function checkCaptcha(db: Db, key: string, answer: string, now: Date): Promise<CaptchaCheck> {
  const expected = await takeCaptcha(db, 'image', key, now);
  if (expected === null) return 'expired';
  return expected === answer.trim().toLowerCase() ? 'ok' : 'wrong';
}
