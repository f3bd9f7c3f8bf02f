import { PERMISSIONS, ROLE_PERMISSION_IDS, ROLES, type Permission } from '@verdict/shared';
import type { AuthUser } from '../../src/http/auth/access.ts';
import type { Message } from '../../src/http/messages.ts';
import { createPolicy, type Action, type Policy, type ResourceOf } from '../../src/policy/index.ts';
import { ALL_SCOPES, SCOPES } from '../../src/policy/scopes.ts';
import type { Subject } from '../../src/policy/subjects.ts';
import type { RoleKey } from '../helpers/users.ts';

/** A signed-in user with one seeded role and that role's permissions (reference §2). */
export function userOf(role: RoleKey, uid: string = role, username: string = role): AuthUser {
  const name = ROLES[role].role;
  const permissions: Permission[] = PERMISSIONS.filter((p) => ROLE_PERMISSION_IDS[name].includes(p.id)).map(
    (p) => p.permission,
  );
  return { uid, username, sessionId: 1, roles: [name], permissions };
}

export const anonymous: Subject = null;
export const user = userOf('defaultUser', 'u1', 'alice');
export const other = userOf('defaultUser', 'u2', 'bob');
export const admin = userOf('admin', 'a1', 'carol');
export const problemAdmin = userOf('problemAdmin', 'p1', 'dave');
export const root = userOf('root', 'r1', 'root');

/** The server's policy (group content not available yet) and one with every scope on. */
export const today = createPolicy(SCOPES);
export const allScopes = createPolicy(ALL_SCOPES);

/** 'allow', 'refuse' (any refusal), or the message of the expected refusal. */
export type Expected = 'allow' | 'refuse' | Message;

export interface Row<A extends Action> {
  name: string;
  user: Subject;
  resource: ResourceOf<A>;
  expected: Expected;
}

/** What a policy answers, in the terms of `Expected`. */
export function answer<A extends Action>(
  policy: Policy,
  action: A,
  row: Row<A>,
  expected: Expected,
): Expected {
  const refusal = (policy.refusal as (u: Subject, a: A, r: unknown) => { msg: Message } | null)(
    row.user,
    action,
    row.resource,
  );
  if (!refusal) return 'allow';
  return expected === 'refuse' ? 'refuse' : refusal.msg;
}
