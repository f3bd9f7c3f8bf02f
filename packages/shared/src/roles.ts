/** reference §2: the seeded roles. The ids and strings are HOJ's (including its spelling), so data and clients carry over. */
export const ROLES = {
  root: { id: 1000, role: 'root', description: 'super admin' },
  admin: { id: 1001, role: 'admin', description: 'admin' },
  defaultUser: { id: 1002, role: 'default_user', description: 'default user' },
  noSubmitUser: { id: 1003, role: 'no_subimit_user', description: 'cannot submit' },
  noDiscussUser: { id: 1004, role: 'no_discuss_user', description: 'cannot post discussions' },
  muteUser: { id: 1005, role: 'mute_user', description: 'cannot post discussions, comments or replies' },
  noSubmitNoDiscussUser: {
    id: 1006,
    role: 'no_submit_no_discuss_user',
    description: 'cannot submit or post discussions',
  },
  noSubmitMuteUser: {
    id: 1007,
    role: 'no_submit_mute_user',
    description: 'cannot submit, post discussions, comments or replies',
  },
  problemAdmin: { id: 1008, role: 'problem_admin', description: 'problem admin' },
} as const;

export type RoleName = (typeof ROLES)[keyof typeof ROLES]['role'];

/** reference §2: permission strings, `auth` table ids 1–14. */
export const PERMISSIONS = [
  { id: 1, permission: 'problem_admin' },
  { id: 2, permission: 'submit' },
  { id: 3, permission: 'contest_admin' },
  { id: 4, permission: 'rejudge' },
  { id: 5, permission: 'announcement_admin' },
  { id: 6, permission: 'user_admin' },
  { id: 7, permission: 'system_info_admin' },
  { id: 8, permission: 'discussion_add' },
  { id: 9, permission: 'discussion_del' },
  { id: 10, permission: 'discussion_edit' },
  { id: 11, permission: 'comment_add' },
  { id: 12, permission: 'reply_add' },
  { id: 13, permission: 'group_add' },
  { id: 14, permission: 'group_del' },
] as const;

export type Permission = (typeof PERMISSIONS)[number]['permission'];

/** reference §2: role → permission ids as seeded in `role_auth`. */
export const ROLE_PERMISSION_IDS: Record<RoleName, readonly number[]> = {
  root: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
  admin: [1, 2, 3, 8, 9, 10, 11, 12, 13, 14],
  default_user: [2, 8, 9, 10, 11, 12, 13, 14],
  no_subimit_user: [8, 9, 10, 11, 12],
  no_discuss_user: [2, 9, 10, 11, 12],
  mute_user: [2, 9, 10],
  no_submit_no_discuss_user: [9, 10, 11, 12],
  no_submit_mute_user: [9, 10],
  problem_admin: [1, 2, 3, 8, 9, 10, 11, 12, 13, 14],
};

/** reference §2: roles that may sign in to the admin app. */
export const ADMIN_ROLES: readonly RoleName[] = ['root', 'admin', 'problem_admin'];
