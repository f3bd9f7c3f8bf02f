import { ADMIN_ROLES, PROBLEM_AUTH } from '@verdict/shared';
import { hasAnyRole, type AuthUser } from '../../http/auth/access.ts';
import { fail, forbidden, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';

/** What the visibility rules need to know about a problem. */
export interface ProblemAccessInfo {
  auth: number;
  isGroup: boolean;
  author?: string | null;
}

export const isRoot = (user: AuthUser | null) => hasAnyRole(user, ['root']);

/** reference §3.12: the roles of the admin area, who manage problems (root, admin, problem_admin). */
export const isProblemManager = (user: AuthUser | null) => hasAnyRole(user, ADMIN_ROLES);

/** reference §7.10: roots and problem admins see every code and every case result. */
export const isCodeAdmin = (user: AuthUser | null) => hasAnyRole(user, ['root', 'problem_admin']);

/** reference §7.7: public lists and random picks show `auth = 1`, non-group problems only. */
export const isPublicProblem = (p: ProblemAccessInfo) => p.auth === PROBLEM_AUTH.public && !p.isGroup;

/**
 * reference §7.7: a problem opened by id outside a contest. Public problems are open to everyone;
 * hidden (2) and contest-only (3) problems to the admin roles only (spec part 1 §6: they edit and
 * preview them), everyone else is refused. Group problems need their group (not available yet).
 */
export function assertProblemViewable(user: AuthUser | null, p: ProblemAccessInfo | undefined, gid?: number) {
  if (!p) throw notFound(problemMessages.problemNotFound);
  if (p.isGroup) {
    if (gid !== undefined) throw fail(problemMessages.groupsNotAvailable);
    if (!isRoot(user)) throw forbidden(problemMessages.problemNotPublic);
    return;
  }
  if (p.auth !== PROBLEM_AUTH.public && !isProblemManager(user))
    throw forbidden(problemMessages.problemNotPublic);
}

/**
 * reference §3.12: admin calls on one problem are for root, problem_admin or the problem's author
 * (part 2 §6: non-root admins change only what they authored).
 */
export function assertProblemEditable(user: AuthUser, p: ProblemAccessInfo | undefined) {
  if (!p) throw notFound(problemMessages.problemNotFound);
  if (hasAnyRole(user, ['root', 'problem_admin'])) return;
  if (p.author && p.author === user.username) return;
  throw forbidden(problemMessages.problemNotYours);
}
