import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/modules/account/password.ts';

describe('password hashing (scrypt, never MD5: reference §13.3)', () => {
  it('hashes with a random salt and verifies', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toEqual({ valid: true, needsRehash: false });
    expect(await verifyPassword('wrong horse', a)).toEqual({ valid: false, needsRehash: false });
  });

  it('accepts an imported HOJ MD5 hash once and asks for a rehash', async () => {
    const md5 = createHash('md5').update('hoj123456').digest('hex');
    expect(await verifyPassword('hoj123456', md5)).toEqual({ valid: true, needsRehash: true });
    expect((await verifyPassword('nope', md5)).valid).toBe(false);
  });

  it('rejects a malformed stored hash', async () => {
    expect((await verifyPassword('x', 'scrypt$broken')).valid).toBe(false);
    expect((await verifyPassword('x', '')).valid).toBe(false);
  });
});
