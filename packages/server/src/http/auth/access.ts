import { ADMIN_ROLES, type Permission, type RoleName } from '@verdict/shared';

/**
 * Who may call a route (reference §3 conventions), declared in the route's `config.access`. Every
 * route must declare one: a route without it fails to register (plugin.ts, closed by default).
 * - `anon`: anyone; a token is used when valid and silently ignored when not (@AnonApi).
 * - `open`: anyone, but a token that is sent must be valid (no annotation in HOJ).
 * - `login`: a valid token is required; optionally one of `roles` and all of `permissions`.
 * - `judge`: judge workers (the gateway checks X-Judge-Token); user tokens are not read.
 * - `publicAsset`: the built web app's files; no user is involved, tokens are not read.
 * - `service`: operations (health, readiness, metrics); user tokens are not read, a route that
 *   needs one checks its own.
 */
export type Access =
  | { auth: 'anon' }
  | { auth: 'open' }
  | { auth: 'login'; roles?: readonly RoleName[]; permissions?: readonly Permission[] }
  | { auth: 'judge' }
  | { auth: 'publicAsset' }
  | { auth: 'service' };

export const access = {
  anon: { auth: 'anon' },
  open: { auth: 'open' },
  login: { auth: 'login' },
  judge: { auth: 'judge' },
  publicAsset: { auth: 'publicAsset' },
  service: { auth: 'service' },
  anyRole: (...roles: RoleName[]): Access => ({ auth: 'login', roles }),
  permission: (...permissions: Permission[]): Access => ({ auth: 'login', permissions }),
  /** reference §3.12: the admin area, R(root|admin|problem_admin) */
  adminArea: { auth: 'login', roles: ADMIN_ROLES },
  /** reference §3.12: tags and deleting problems, R(root|problem_admin) */
  problemAdmins: { auth: 'login', roles: ['root', 'problem_admin'] },
  /** reference §3.4: the admin judge calls, R(root) and P(rejudge) */
  rootRejudge: { auth: 'login', roles: ['root'], permissions: ['rejudge'] },
  /** reference §3.12: site configuration, P(system_info_admin) */
  systemInfo: { auth: 'login', permissions: ['system_info_admin'] },
  /** reference §3.12: user management, P(user_admin) */
  userAdmin: { auth: 'login', permissions: ['user_admin'] },
} as const satisfies Record<string, Access | ((...args: never[]) => Access)>;

/**
 * The permission each user action needs (reference §2; §3.4 submit, §3.8 discussion, comment and
 * reply), so that every route doing it declares the same rule: `{ config: { access: actionAccess.comment } }`.
 * The restricted roles lack some of them: 1003 submit; 1004 discussion; 1005 discussion, comment
 * and reply; 1006 submit and discussion; 1007 all four.
 */
export const actionAccess = {
  submit: access.permission('submit'),
  discussion: access.permission('discussion_add'),
  comment: access.permission('comment_add'),
  reply: access.permission('reply_add'),
} as const satisfies Record<string, Access>;

/** The signed-in user of a request, with what they may do. */
export interface AuthUser {
  uid: string;
  username: string;
  sessionId: number;
  roles: RoleName[];
  permissions: Permission[];
}
