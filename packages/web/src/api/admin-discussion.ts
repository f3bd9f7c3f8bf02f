import type { DiscussionReportVO, DiscussionVO } from '@verdict/shared';
import { answerOf, get, put } from './answer-calls';
import { http, type ApiEnvelope, type Page } from './http';
import { inLanguage } from './problem';

/** The admin discussion calls (spec part 2 §7 "Admin", reference §3.12 "Discussions"). */

/** reference §3.8 get-discussion-list with `admin=true`: an admin sees the hidden posts too. */
export const getAdminDiscussions = (params: { currentPage: number; limit: number; keyword?: string }) =>
  get<Page<DiscussionVO>>('/api/get-discussion-list', { ...params, admin: true });

/** `PUT /api/admin/discussion`: hide or show (`status` 1 / 0) and pin (`topPriority`). */
export const updateAdminDiscussion = (body: { id: number; status?: 0 | 1; topPriority?: boolean }) =>
  put<null>('/api/admin/discussion', body);

/** `DELETE /api/admin/discussion` with the ids in the body. */
export const deleteAdminDiscussions = (ids: number[]) =>
  answerOf<null>(http.delete<ApiEnvelope<null>>('/api/admin/discussion', inLanguage({ data: ids })));

/** `GET /api/admin/discussion-report`: unhandled first, newest first. */
export const getDiscussionReports = (currentPage: number, limit: number) =>
  get<Page<DiscussionReportVO>>('/api/admin/discussion-report', { currentPage, limit });

/** `PUT /api/admin/discussion-report` `{id, status}`: handled (true) or not. */
export const setDiscussionReportState = (id: number, status: boolean) =>
  put<null>('/api/admin/discussion-report', { id, status });
