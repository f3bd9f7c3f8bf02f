import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, role, roleAuth } from '../../src/db/schema/index.ts';
import { RoleGrants } from '../../src/http/auth/role-grants.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/**
 * http/auth/role-grants.ts: every signed-in request takes its roles' names and permissions from
 * the process's copy of role ⟕ role_auth ⟕ auth. A role not in the copy makes it read again, and
 * an edit in the database shows once the copy is older than its time to live.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(role).values([
    { id: 9001, role: 'probe_a' },
    { id: 9002, role: 'probe_b' },
  ]);
  const [read, write] = await db
    .insert(auth)
    .values([{ permission: 'probe:read' }, { permission: 'probe:write' }])
    .returning({ id: auth.id });
  await db.insert(roleAuth).values([
    { roleId: 9001, authId: read!.id },
    { roleId: 9002, authId: read!.id },
    { roleId: 9002, authId: write!.id },
  ]);
});
afterAll(() => database.close());

describe('reference §1.3: the roles and permissions of a signed-in user', () => {
  it('unites the roles held, and reads a role added after the copy was made', async () => {
    const grants = new RoleGrants(database.db);
    expect(await grants.of([9001])).toEqual({ roles: ['probe_a'], permissions: ['probe:read'] });
    await database.db.insert(role).values({ id: 9003, role: 'probe_c' });
    expect(await grants.of([9003, 9002])).toEqual({
      roles: ['probe_b', 'probe_c'],
      permissions: ['probe:read', 'probe:write'],
    });
    expect(await grants.of([])).toEqual({ roles: [], permissions: [] });
  });

  it('shows a changed permission once the copy is older than its time to live', async () => {
    const kept = new RoleGrants(database.db, 60_000);
    const expiring = new RoleGrants(database.db, 0);
    expect((await kept.of([9001])).permissions).toEqual(['probe:read']);
    expect((await expiring.of([9001])).permissions).toEqual(['probe:read']);
    await database.db.delete(roleAuth).where(eq(roleAuth.roleId, 9001));
    expect((await kept.of([9001])).permissions).toEqual(['probe:read']);
    expect((await expiring.of([9001])).permissions).toEqual([]);
  });
});
