import { randomInt, randomUUID } from 'node:crypto';
import { ACCOUNT_LIMITS, int, ROLES } from '@verdict/shared';
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { generatedAccount, userInfo, userRecord, userRole } from '../../../db/schema/index.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { hashPassword } from '../../account/password.ts';
import { uniqueViolation } from '../../account/register.ts';
import { mapBounded } from './bounded.ts';
import { HASH_CONCURRENCY, IMPORT_MAX_ROWS } from './import.ts';
import { userAdminMessages as m } from './messages.ts';

/** ref §5: the generate-user key lives 30 minutes. */
export const GENERATED_KEY_SECONDS = 1800;
/** No 0/O, 1/l/I: the passwords are read off printed slips. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const INSERT_CHUNK = 500;

export const generateUserBody = z.object({
  prefix: z.string().max(ACCOUNT_LIMITS.usernameMax).nullish(),
  suffix: z.string().max(ACCOUNT_LIMITS.usernameMax).nullish(),
  number_from: int({ min: 0 }),
  number_to: int({ min: 0 }),
  password_length: int(),
});

function randomPassword(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/**
 * `POST /api/admin/user/generate-user` (reference §3.12): creates the users prefix+n+suffix for n in
 * [number_from, number_to] with random passwords (default_user role) and keeps the pairs under a
 * new key for one download within 30 minutes. Refused as a whole when a name is taken or too long.
 */
export async function generateUsers(db: Db, now: Date, input: z.output<typeof generateUserBody>) {
  const prefix = input.prefix?.trim() ?? '';
  const suffix = input.suffix?.trim() ?? '';
  if (input.number_from > input.number_to) throw fail(m.generateRange);
  const count = input.number_to - input.number_from + 1;
  if (count > IMPORT_MAX_ROWS) throw fail(m.batchTooLarge(IMPORT_MAX_ROWS));
  const length = input.password_length;
  if (length < ACCOUNT_LIMITS.passwordMin || length > ACCOUNT_LIMITS.passwordMax)
    throw fail(m.passwordLength);
  const usernames = Array.from({ length: count }, (_, i) => `${prefix}${input.number_from + i}${suffix}`);
  if (usernames.some((u) => u.length > ACCOUNT_LIMITS.usernameMax)) throw fail(m.usernameInvalid);
  for (let i = 0; i < usernames.length; i += INSERT_CHUNK) {
    const taken = await db
      .select({ username: userInfo.username })
      .from(userInfo)
      .where(inArray(userInfo.username, usernames.slice(i, i + INSERT_CHUNK)))
      .limit(5);
    if (taken.length) throw fail(m.generateTaken(taken.map((t) => t.username).join(', ')));
  }
  const passwords = usernames.map(() => randomPassword(length));
  const hashes = await mapBounded(passwords, HASH_CONCURRENCY, (p) => hashPassword(p));
  const key = randomUUID().replaceAll('-', '');
  const expiresAt = new Date(now.getTime() + GENERATED_KEY_SECONDS * 1000);
  const users = usernames.map((username, i) => ({
    uuid: randomUUID().replaceAll('-', ''),
    username,
    password: hashes[i]!,
  }));
  try {
    await db.transaction(async (tx) => {
      for (let i = 0; i < users.length; i += INSERT_CHUNK) {
        const chunk = users.slice(i, i + INSERT_CHUNK);
        await tx.insert(userInfo).values(chunk);
        await tx.insert(userRecord).values(chunk.map((u) => ({ uid: u.uuid })));
        await tx.insert(userRole).values(chunk.map((u) => ({ uid: u.uuid, roleId: ROLES.defaultUser.id })));
        await tx.insert(generatedAccount).values(
          chunk.map((u, j) => ({
            key,
            uid: u.uuid,
            username: u.username,
            password: passwords[i + j]!,
            expiresAt,
          })),
        );
      }
    });
  } catch (error) {
    if (uniqueViolation(error)?.includes('username')) throw fail(m.usernameTaken);
    throw error;
  }
  return { key };
}

/**
 * Takes the pairs of a key for its one download: they are deleted as they are read, so the
 * passwords are shown once. An unknown, used or expired key is 404.
 */
export async function takeGeneratedAccounts(db: Db, key: string, now: Date) {
  const rows = await db
    .delete(generatedAccount)
    .where(and(eq(generatedAccount.key, key), gt(generatedAccount.expiresAt, now)))
    .returning({
      id: generatedAccount.id,
      username: generatedAccount.username,
      password: generatedAccount.password,
    });
  if (rows.length === 0) throw notFound(m.generateKeyGone);
  return rows
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map(({ username, password }) => ({ username, password }));
}

/** The expiry job: passwords nobody downloaded within 30 minutes are dropped. */
export async function deleteExpiredGeneratedAccounts(db: Db, now: Date): Promise<void> {
  await db.delete(generatedAccount).where(lte(generatedAccount.expiresAt, now));
}
