import { ADMIN_ROLES, type Permission, type RoleName } from '@verdict/shared';
import type { AuthUser } from '../http/auth/access.ts';

/** Who asks: the signed-in user of the request, or null for an anonymous caller. */
export type Subject = AuthUser | null;

export function hasAnyRole(user: Subject, roles: readonly RoleName[]): boolean {
  return !!user && roles.some((r) => user.roles.includes(r));
}

export function hasPermissions(user: Subject, permissions: readonly Permission[]): boolean {
  return !!user && permissions.every((p) => user.permissions.includes(p));
}

/** reference §2: role 1000, the super admin. */
export const isRoot = (user: Subject) => hasAnyRole(user, ['root']);

/** reference §2, §3.12: the roles of the admin area (root, admin, problem_admin). */
export const isAdminRole = (user: Subject) => hasAnyRole(user, ADMIN_ROLES);

/** reference §7.10, §3.12: roots and problem admins, who see every code and manage every problem. */
export const isProblemAdmin = (user: Subject) => hasAnyRole(user, ['root', 'problem_admin']);

/** reference §2 group member levels (`group_member.auth`). */
export const GROUP_LEVEL = { applying: 1, refused: 2, member: 3, admin: 4, root: 5 } as const;

/** The caller's level in a group (0 when not in it); the owner counts as root (reference §2). */
export function groupLevel(user: Subject, group: { owner: string; level?: number }): number {
  if (!user) return 0;
  if (group.owner === user.uid) return GROUP_LEVEL.root;
  return group.level ?? 0;
}
