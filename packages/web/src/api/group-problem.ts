import type { ProblemListRow } from '@verdict/shared';
import type { AdminProblem, ProblemCaseRow, ProblemDtoBody, TagRow } from './admin-problem';
import { del, get, post, put } from './answer-calls';
import type { Page } from './http';

/**
 * A group's problems (reference §3.10 `/api/group/*problem*`) and the site admins' review of those
 * applying to go public (reference §3.12 `/api/admin/group-problem/*`), as the server answers them
 * (packages/server/src/modules/group/problem-routes.ts, problem/admin/apply-public.ts).
 */

/** reference §4.2 apply_public_progress: null not applied, 1 applying, 2 public, 3 refused. */
export type ApplyProgress = 1 | 2 | 3 | null;

/** A row of the group admin's list and of the review list: the problem as the admin lists answer it. */
export interface GroupAdminProblem extends AdminProblem {
  applyPublicProgress: ApplyProgress;
}

export const getGroupProblemList = (params: { gid: number; currentPage: number; limit: number }) =>
  get<Page<ProblemListRow>>('/api/group/get-problem-list', params);

export const getGroupAdminProblemList = (params: {
  gid: number;
  currentPage: number;
  limit: number;
  keyword?: string;
}) => get<Page<GroupAdminProblem>>('/api/group/get-admin-problem-list', params);

export const getGroupProblem = (pid: number) => get<AdminProblem>('/api/group/problem', { pid });
export const createGroupProblem = (body: ProblemDtoBody) =>
  post<{ pid: number; problemId: string }>('/api/group/problem', body);
export const updateGroupProblem = (body: ProblemDtoBody) => put<null>('/api/group/problem', body);
export const deleteGroupProblem = (pid: number) => del<null>('/api/group/problem', { pid });
export const getGroupProblemCases = (pid: number, isUpload: boolean) =>
  get<ProblemCaseRow[]>('/api/group/get-problem-cases', { pid, isUpload });
export const getGroupTags = (gid: number) => get<TagRow[]>('/api/group/get-all-problem-tags', { gid });
export const changeGroupProblemAuth = (pid: number, auth: number) =>
  put<null>('/api/group/change-problem-auth', undefined, { pid, auth });
export const applyGroupProblemPublic = (pid: number, isApplied: boolean) =>
  put<null>('/api/group/apply-public', undefined, { pid, isApplied });

/** reference §3.12 `GET /api/admin/group-problem/list`: problems with an application, newest first. */
export const getApplyPublicList = (params: { currentPage: number; limit: number; keyword?: string }) =>
  get<Page<GroupAdminProblem>>('/api/admin/group-problem/list', params);
export const changeApplyProgress = (pid: number, progress: 1 | 2 | 3) =>
  put<null>('/api/admin/group-problem/change-progress', { pid, progress });
