import type { UserInfo } from '../../store/session';

/**
 * Who may do what in the admin problem screens, as the server decides it (reference §3.11, §3.12,
 * §3.4; spec part 2 §6): the buttons a user may not use are disabled with the reason.
 */
const hasRole = (user: UserInfo | null, ...roles: string[]) =>
  !!user && user.roleList.some((role) => roles.includes(role));

/** Root and problem admins manage every problem; other admins only what they authored. */
export const mayEditProblem = (user: UserInfo | null, author: string | null) =>
  hasRole(user, 'root', 'problem_admin') || (!!user && !!author && author === user.username);

/** `DELETE /api/admin/problem`: root and problem admins. */
export const mayDeleteProblem = (user: UserInfo | null) => hasRole(user, 'root', 'problem_admin');

/** reference §3.12 change-problem-auth: only root and problem admins make a problem public. */
export const mayPublish = (user: UserInfo | null) => hasRole(user, 'root', 'problem_admin');

/** reference §3.4: the admin judge calls are root's (with the rejudge permission). */
export const mayRejudge = (user: UserInfo | null) => hasRole(user, 'root');

/** reference §3.12 `/api/admin/tag`: root and problem admins. */
export const mayManageTags = (user: UserInfo | null) => hasRole(user, 'root', 'problem_admin');
