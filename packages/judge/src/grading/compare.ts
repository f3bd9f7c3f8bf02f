/**
 * Output comparison of the default judge mode (reference §8.9). Works on bytes: outputs can be tens of
 * MiB and need not be valid UTF-8. "Whitespace" is Java's \s: space, \t, \n, \v, \f, \r.
 */

export type Comparison = 'accepted' | 'presentation-error' | 'wrong-answer';

const NEWLINE = 0x0a;

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}

/**
 * reference §8.9 rtrim: drop all trailing whitespace of the text (newlines included), then drop the
 * whitespace other than \n that precedes each remaining \n (trailing blanks of every line).
 */
export function rtrim(text: Buffer): Buffer {
  let end = text.length;
  while (end > 0 && isWhitespace(text[end - 1]!)) end--;
  const out = Buffer.allocUnsafe(end);
  let length = 0;
  let pendingBlanks = 0; // blanks seen since the last non-blank byte, not yet copied
  for (let i = 0; i < end; i++) {
    const byte = text[i]!;
    if (byte === NEWLINE) {
      pendingBlanks = 0; // blanks before a newline are dropped
      out[length++] = byte;
    } else if (isWhitespace(byte)) {
      pendingBlanks++;
    } else {
      if (pendingBlanks > 0) {
        text.copy(out, length, i - pendingBlanks, i);
        length += pendingBlanks;
        pendingBlanks = 0;
      }
      out[length++] = byte;
    }
  }
  return out.subarray(0, length);
}

/** The text with every whitespace byte removed (reference §8.9 "allStripped"). */
export function stripAllWhitespace(text: Buffer): Buffer {
  const out = Buffer.allocUnsafe(text.length);
  let length = 0;
  for (const byte of text) if (!isWhitespace(byte)) out[length++] = byte;
  return out.subarray(0, length);
}

/**
 * reference §8.9:
 * - removeEndBlank: accepted iff rtrim(user) = rtrim(expected), otherwise wrong answer — this mode never
 *   yields presentation error (§13.7; problem setters rely on it);
 * - otherwise: accepted iff the bytes are equal; presentation error iff equal once all whitespace is
 *   removed; otherwise wrong answer.
 * Expected outputs were normalised to LF when stored; the user's output is taken as it is.
 */
export function compareOutput(user: Buffer, expected: Buffer, removeEndBlank: boolean): Comparison {
  if (removeEndBlank) return rtrim(user).equals(rtrim(expected)) ? 'accepted' : 'wrong-answer';
  if (user.equals(expected)) return 'accepted';
  return stripAllWhitespace(user).equals(stripAllWhitespace(expected))
    ? 'presentation-error'
    : 'wrong-answer';
}
