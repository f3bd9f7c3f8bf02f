import { randomUUID } from 'node:crypto';
import { ROLES } from '@verdict/shared';
import type { Db } from '../../src/db/client.ts';
import { userInfo, userRecord, userRole } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/modules/account/password.ts';

export type RoleKey = keyof typeof ROLES;

/**
 * One scrypt hash per password for the whole test process: a hash costs about 70 ms of CPU by design
 * and the tests create hundreds of users (CI time). Every user still stores a real scrypt hash that
 * its login verifies; only the salt is shared between users with the same password.
 */
const hashes = new Map<string, Promise<string>>();
export function testPasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Inserts a user with one role, as registration will; returns its uid. */
export async function createUser(
  db: Db,
  options: { username: string; role?: RoleKey; password?: string; banned?: boolean },
): Promise<string> {
  const uid = randomUUID().replaceAll('-', '');
  await db.transaction(async (tx) => {
    await tx.insert(userInfo).values({
      uuid: uid,
      username: options.username,
      password: await testPasswordHash(options.password ?? 'password1'),
      status: options.banned ? 1 : 0,
    });
    await tx.insert(userRecord).values({ uid });
    await tx.insert(userRole).values({ uid, roleId: ROLES[options.role ?? 'defaultUser'].id });
  });
  return uid;
}
