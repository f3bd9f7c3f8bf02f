import type { UserInfo } from '../../store/session';

/**
 * Who may do what in the admin contest screens, as the server decides it (reference §3.12
 * "Contests"): the creator or root manages a contest, only root deletes one. Buttons a user may not
 * use are disabled with the reason.
 */
export const isRoot = (user: UserInfo | null) => !!user && user.roleList.includes('root');

export const mayManageContest = (user: UserInfo | null, creatorUid: string | null | undefined) =>
  isRoot(user) || (!!user && !!creatorUid && creatorUid === user.uid);
