/**
 * GBK bytes of a text, for the fakes of sites whose pages are GBK (HDU). Node decodes GBK
 * (TextDecoder) but does not encode it, so the table is the decoder's inverted once.
 */
let table: Map<string, number> | undefined;

function gbkTable(): Map<string, number> {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder('gbk', { fatal: true });
  for (let lead = 0x81; lead <= 0xfe; lead++)
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      try {
        const char = decoder.decode(new Uint8Array([lead, trail]));
        if (!table.has(char)) table.set(char, (lead << 8) | trail);
      } catch {
        // not a GBK code
      }
    }
  return table;
}

export function encodeGbk(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else {
      const gbk = gbkTable().get(char);
      if (gbk === undefined) bytes.push(0x3f);
      else bytes.push(gbk >> 8, gbk & 0xff);
    }
  }
  return Buffer.from(bytes);
}
