import { randomUUID } from 'node:crypto';
import { ROLES } from '@verdict/shared';
import type { Db } from '../../src/db/client.ts';
import { userInfo, userRecord, userRole } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/modules/account/password.ts';

export type RoleKey = keyof typeof ROLES;

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
      password: await hashPassword(options.password ?? 'password1'),
      status: options.banned ? 1 : 0,
    });
    await tx.insert(userRecord).values({ uid });
    await tx.insert(userRole).values({ uid, roleId: ROLES[options.role ?? 'defaultUser'].id });
  });
  return uid;
}
