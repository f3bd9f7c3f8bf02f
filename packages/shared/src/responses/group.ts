import { z } from 'zod';
import { pageOf, timestamp } from './envelope.ts';
import type { rankListData } from './home.ts';

/** reference §3.10 GroupVO: a group in the list. */
export const groupVO = z.object({
  id: z.number().int(),
  avatar: z.string().nullable(),
  owner: z.string(),
  name: z.string(),
  shortName: z.string(),
  brief: z.string().nullable(),
  description: z.string().nullable(),
  /** 1 public, 2 protected, 3 private */
  auth: z.number().int(),
  visible: z.boolean(),
  /** members at levels 3–5 */
  memberCount: z.number().int(),
  gmtCreate: timestamp,
});
export type GroupVO = z.output<typeof groupVO>;

/** `GET /api/get-group-list` */
export const groupListData = pageOf(groupVO);

/** reference §3.10 Group (the detail); `code` is null unless the caller is its root or site root. */
export const groupDetailData = z.object({
  id: z.number().int(),
  avatar: z.string().nullable(),
  name: z.string(),
  shortName: z.string(),
  brief: z.string().nullable(),
  description: z.string().nullable(),
  owner: z.string(),
  uid: z.string(),
  auth: z.number().int(),
  visible: z.boolean(),
  status: z.number().int(),
  code: z.string().nullable(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type GroupDetailVO = z.output<typeof groupDetailData>;

/** `GET /api/get-group-access`: true for members (3–5) and site root. */
export const groupAccessData = z.object({ access: z.boolean() });
export type GroupAccess = z.output<typeof groupAccessData>;

/** `GET /api/get-group-auth`: the caller's member level (0 none, 1 applying, 2 refused, 3–5 in it). */
export const groupAuthData = z.number().int();

/** `POST /api/group`: **Changed:** the new group's id (HOJ answers null; its client ignores `data`). */
export const createdGroupData = z.number().int();

/** reference §3.10 GroupMemberVO (`gmtModify` is HOJ's name). */
export const groupMemberVO = z.object({
  id: z.number().int(),
  gid: z.number().int(),
  uid: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  auth: z.number().int(),
  reason: z.string().nullable(),
  gmtCreate: timestamp,
  gmtModify: timestamp,
});
export type GroupMemberVO = z.output<typeof groupMemberVO>;

/** `GET /api/group/get-member-list` and `get-apply-list` */
export const groupMemberPageData = pageOf(groupMemberVO);

/**
 * One user of `GET /api/group/get-user-list`: what anyone may read on the user's home page, their
 * user type and their level in the group; `realname` only for callers who may read the site's
 * user admin list (the server's `modules/group/user-search.ts` says why), never e-mail, mobile or
 * password.
 */
export const groupUserCandidateVO = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  school: z.string().nullable(),
  avatar: z.string().nullable(),
  /** the user type: a role of reference §2 (root, admin, problem_admin, default_user, …) */
  role: z.string(),
  /** present for callers with the permission user_admin only */
  realname: z.string().nullable().optional(),
  /** the user's group_member.auth in the group: 0 none, 1 applying, 2 refused, 3–5 in it */
  groupAuth: z.number().int(),
});
export type GroupUserCandidateVO = z.output<typeof groupUserCandidateVO>;

/** `GET /api/group/get-user-list` */
export const groupUserPageData = pageOf(groupUserCandidateVO);

/** A row of `GET /api/get-group-rank-list`: the global rank list's (`rankListData`), counted in the group. */
export type GroupRankRow = z.output<typeof rankListData>['records'][number];
