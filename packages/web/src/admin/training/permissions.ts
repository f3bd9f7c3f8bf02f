import type { UserInfo } from '../../store/session';

/**
 * Who may do what in the admin training screens, as the server decides it (reference §3.12
 * "Trainings"): root or the training's author changes it, only root deletes one, root and problem
 * admins manage categories and training problems' links. Buttons a user may not use are disabled
 * with the reason.
 */
const hasRole = (user: UserInfo | null, ...roles: string[]) =>
  !!user && user.roleList.some((role) => roles.includes(role));

export const mayManageTraining = (user: UserInfo | null, author: string | null | undefined) =>
  hasRole(user, 'root') || (!!user && !!author && author === user.username);

export const mayDeleteTraining = (user: UserInfo | null) => hasRole(user, 'root');

export const mayManageCategories = (user: UserInfo | null) => hasRole(user, 'root', 'problem_admin');
