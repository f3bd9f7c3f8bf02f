import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes: scrypt from node:crypto with a random salt, stored as
 * `scrypt$N$r$p$salt$hash` (base64url). HOJ stores unsalted MD5 (reference §13.3); such a hash is
 * still accepted once so that imported users can sign in, and the caller then rehashes.
 */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { ...params, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  const encoded = [salt.toString('base64url'), key.toString('base64url')];
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, ...encoded].join('$');
}

export interface PasswordCheck {
  valid: boolean;
  /** True when the stored hash is a legacy MD5 one that should be replaced now. */
  needsRehash: boolean;
}

export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  if (/^[0-9a-f]{32}$/i.test(stored)) {
    const md5 = createHash('md5').update(password).digest();
    return { valid: timingSafeEqual(md5, Buffer.from(stored, 'hex')), needsRehash: true };
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return { valid: false, needsRehash: false };
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const key = await derive(password, Buffer.from(salt, 'base64url'), params);
  const valid = key.length === expected.length && timingSafeEqual(key, expected);
  return { valid, needsRehash: valid && Number(n) < PARAMS.N };
}
