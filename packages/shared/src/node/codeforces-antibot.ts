import { createDecipheriv } from 'node:crypto';

/**
 * The anti-bot page ("Redirecting... Please, wait.") gives a key, an iv and a cipher text in hex;
 * the `RCPC` cookie is the AES-128-CBC decryption of the cipher text (HOJ's bundled slowAES script).
 */
export function rcpcOf(page: string): string | undefined {
  const hex = [...page.matchAll(/toNumbers\("([0-9a-f]{32})"\)/g)].map((m) => m[1]!);
  if (hex.length < 3) return undefined;
  const decipher = createDecipheriv('aes-128-cbc', Buffer.from(hex[0]!, 'hex'), Buffer.from(hex[1]!, 'hex'));
  decipher.setAutoPadding(false);
  return Buffer.concat([decipher.update(Buffer.from(hex[2]!, 'hex')), decipher.final()]).toString('hex');
}
