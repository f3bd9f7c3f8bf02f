import { asc, eq } from 'drizzle-orm';
import type { Permission, RoleName } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { auth, role, roleAuth } from '../../db/schema/index.ts';

interface Grant {
  role: RoleName;
  permissions: Permission[];
}

/**
 * Each role's name and permissions (role ⟕ role_auth ⟕ auth), kept by the process: the seed writes
 * them and no call changes them, while every signed-in request needs its user's. Read again after
 * `ttlMs` (an operator's edit in the database shows within it) or when a user holds a role not read
 * yet.
 */
export class RoleGrants {
  private grants?: Promise<Map<number, Grant>>;
  private readAt = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 60_000,
  ) {}

  /** The roles and permissions of a user holding `roleIds`, in role order. */
  async of(roleIds: readonly number[]): Promise<{ roles: RoleName[]; permissions: Permission[] }> {
    let grants = await this.current(false);
    if (roleIds.some((id) => !grants.has(id))) grants = await this.current(true);
    const held = [...roleIds].sort((a, b) => a - b).flatMap((id) => grants.get(id) ?? []);
    return {
      roles: [...new Set(held.map((g) => g.role))],
      permissions: [...new Set(held.flatMap((g) => g.permissions))],
    };
  }

  private current(again: boolean): Promise<Map<number, Grant>> {
    const now = performance.now();
    if (!this.grants || again || now - this.readAt >= this.ttlMs) {
      this.readAt = now;
      const reading = this.read();
      this.grants = reading;
      // a failed read is not kept: the next request reads again
      reading.catch(() => {
        if (this.grants === reading) this.grants = undefined;
      });
    }
    return this.grants;
  }

  private async read(): Promise<Map<number, Grant>> {
    const rows = await this.db
      .select({ id: role.id, role: role.role, permission: auth.permission })
      .from(role)
      .leftJoin(roleAuth, eq(roleAuth.roleId, role.id))
      .leftJoin(auth, eq(auth.id, roleAuth.authId))
      .orderBy(asc(role.id), asc(auth.id));
    const grants = new Map<number, Grant>();
    for (const row of rows) {
      const id = Number(row.id);
      let grant = grants.get(id);
      if (!grant) grants.set(id, (grant = { role: row.role as RoleName, permissions: [] }));
      if (row.permission) grant.permissions.push(row.permission as Permission);
    }
    return grants;
  }
}
