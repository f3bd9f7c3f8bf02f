import type {
  AnnouncementVO,
  GroupAccess,
  GroupDetailVO,
  GroupMemberVO,
  GroupRankRow,
  GroupUserCandidateVO,
  GroupVO,
} from '@verdict/shared';
import { apiDelete, apiGet, apiPost, apiPut, type Page } from './http';
import { inLanguage } from './problem';

/**
 * The group calls (spec part 2 §2.2, §7 "Groups"; reference §3.10, §7.12), with HOJ's paths,
 * parameter names and shapes (their answers' schemas: shared/src/responses/group.ts).
 */

export type { GroupDetailVO, GroupMemberVO, GroupRankRow, GroupUserCandidateVO, GroupVO };

export interface GroupListParams {
  currentPage: number;
  limit: number;
  keyword?: string;
  /** 0 = all, 1 public, 2 protected, 3 private */
  auth?: number;
  onlyMine?: boolean;
}

/** The group form as `POST|PUT /api/group` take it. */
export interface GroupForm {
  id?: number;
  name: string;
  shortName: string;
  brief: string;
  description: string;
  auth: number;
  code: string | null;
  visible: boolean;
}

export function getGroupList(params: GroupListParams): Promise<Page<GroupVO>> {
  return apiGet<Page<GroupVO>>('/api/get-group-list', { ...params }, inLanguage());
}

export function getGroupDetail(gid: number): Promise<GroupDetailVO> {
  return apiGet<GroupDetailVO>('/api/get-group-detail', { gid }, inLanguage());
}

/** The caller's member level in the group: 0 none, 1 applying, 2 refused, 3–5 member, admin, root. */
export function getGroupAuth(gid: number): Promise<number> {
  return apiGet<number>('/api/get-group-auth', { gid }, inLanguage());
}

export function getGroupAccess(gid: number): Promise<GroupAccess> {
  return apiGet<GroupAccess>('/api/get-group-access', { gid }, inLanguage());
}

/** Verdict answers the new group's id (HOJ: null). */
export function createGroup(form: GroupForm): Promise<number | null> {
  return apiPost<number | null>('/api/group', form, inLanguage());
}

export function updateGroup(form: GroupForm & { id: number }): Promise<null> {
  return apiPut<null>('/api/group', form, inLanguage());
}

/** `POST /api/file/upload-group-avatar` (reference §3.11): the cropped image and the group, as multipart. */
export function uploadGroupAvatar(gid: number, image: Blob): Promise<GroupDetailVO> {
  const form = new FormData();
  form.append('image', image, 'avatar.png');
  form.append('gid', String(gid));
  return apiPost<GroupDetailVO>('/api/file/upload-group-avatar', form, inLanguage());
}

export function deleteGroup(gid: number): Promise<null> {
  return apiDelete<null>('/api/group', { gid }, inLanguage());
}

export function getGroupRankList(params: {
  gid: number;
  type: 0 | 1;
  currentPage: number;
  limit: number;
  searchUser?: string;
}): Promise<Page<GroupRankRow>> {
  return apiGet<Page<GroupRankRow>>(
    '/api/get-group-rank-list',
    { ...params, searchUser: params.searchUser || undefined },
    inLanguage(),
  );
}

export interface MemberListParams {
  gid: number;
  currentPage: number;
  limit: number;
  keyword?: string;
  auth?: number;
}

export function getGroupMembers(params: MemberListParams): Promise<Page<GroupMemberVO>> {
  return apiGet<Page<GroupMemberVO>>(
    '/api/group/get-member-list',
    { ...params, keyword: params.keyword || undefined },
    inLanguage(),
  );
}

export function getGroupApplications(params: MemberListParams): Promise<Page<GroupMemberVO>> {
  return apiGet<Page<GroupMemberVO>>(
    '/api/group/get-apply-list',
    { ...params, keyword: params.keyword || undefined },
    inLanguage(),
  );
}

/** `POST /api/group/member?gid&code&reason`: join a public group, or apply to another. */
export function joinGroup(gid: number, code?: string, reason?: string): Promise<null> {
  return apiPost<null>('/api/group/member', undefined, {
    ...inLanguage(),
    params: { gid, code: code || undefined, reason: reason || undefined },
  });
}

/** `POST /api/group/member?gid&uid`: a group admin adds the user as a member (spec part 2 §2.2). */
export function addGroupMember(gid: number, uid: string): Promise<null> {
  return apiPost<null>('/api/group/member', undefined, { ...inLanguage(), params: { gid, uid } });
}

/** `GET /api/group/get-user-list`: the Add Group Member dialog's user search, for group admins. */
export function searchGroupUsers(params: {
  gid: number;
  currentPage: number;
  limit: number;
  keyword?: string;
}): Promise<Page<GroupUserCandidateVO>> {
  return apiGet<Page<GroupUserCandidateVO>>(
    '/api/group/get-user-list',
    { ...params, keyword: params.keyword || undefined },
    inLanguage(),
  );
}

/** `PUT /api/group/member`: a member's level, or an application approved (3) or refused (2). */
export function updateGroupMember(body: {
  gid: number;
  uid: string;
  auth: number;
  refusalReason?: string;
}): Promise<null> {
  return apiPut<null>('/api/group/member', body, inLanguage());
}

export function removeGroupMember(gid: number, uid: string): Promise<null> {
  return apiDelete<null>('/api/group/member', { gid, uid }, inLanguage());
}

export function exitGroup(gid: number): Promise<null> {
  return apiDelete<null>('/api/group/member/exit', { gid }, inLanguage());
}

export function getGroupAnnouncements(
  gid: number,
  currentPage: number,
  limit: number,
  admin = false,
): Promise<Page<AnnouncementVO>> {
  return apiGet<Page<AnnouncementVO>>(
    admin ? '/api/group/get-admin-announcement-list' : '/api/group/get-announcement-list',
    { gid, currentPage, limit },
    inLanguage(),
  );
}

export interface GroupAnnouncementForm {
  id?: number;
  gid: number;
  title: string;
  content: string;
  /** 0 shown, 1 hidden */
  status: 0 | 1;
}

export function saveGroupAnnouncement(form: GroupAnnouncementForm): Promise<null> {
  return form.id
    ? apiPut<null>('/api/group/announcement', form, inLanguage())
    : apiPost<null>('/api/group/announcement', form, inLanguage());
}

export function deleteGroupAnnouncement(aid: number): Promise<null> {
  return apiDelete<null>('/api/group/announcement', { aid }, inLanguage());
}
