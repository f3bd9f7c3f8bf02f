import type { Permission, RoleName } from '@verdict/shared';

/**
 * Who may call a route (reference §3 conventions), declared in the route's `config.access`:
 * - `anon`: anyone; a token is used when valid and silently ignored when not (@AnonApi).
 * - `open`: anyone, but a token that is sent must be valid (no annotation). The default.
 * - `login`: a valid token is required; optionally one of `roles` and all of `permissions`.
 */
export type Access =
  | { auth: 'anon' }
  | { auth: 'open' }
  | { auth: 'login'; roles?: readonly RoleName[]; permissions?: readonly Permission[] };

export const access = {
  anon: { auth: 'anon' },
  open: { auth: 'open' },
  login: { auth: 'login' },
  anyRole: (...roles: RoleName[]): Access => ({ auth: 'login', roles }),
  permission: (...permissions: Permission[]): Access => ({ auth: 'login', permissions }),
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

/** The signed-in user of a request, with what they may do. */
export interface AuthUser {
  uid: string;
  username: string;
  sessionId: number;
  roles: RoleName[];
  permissions: Permission[];
}

export function hasAnyRole(user: AuthUser | null, roles: readonly RoleName[]): boolean {
  return !!user && roles.some((r) => user.roles.includes(r));
}

export function hasPermissions(user: AuthUser | null, permissions: readonly Permission[]): boolean {
  return !!user && permissions.every((p) => user.permissions.includes(p));
}
