import type { AnnouncementBody, AnnouncementVO } from '@verdict/shared';
import { currentLanguage } from '../i18n';
import { http, type ApiEnvelope, type Page } from './http';

/** The admin area's site-content calls (reference §3.12 "Announcements"). */

/** Server messages follow the interface language (ARCHITECTURE "Server messages"). */
const inLanguage = (params?: Record<string, unknown>) => ({
  params,
  headers: { 'Accept-Language': currentLanguage() },
});

const ANNOUNCEMENT = '/api/admin/announcement';

export const getAdminAnnouncements = async (currentPage: number, limit: number) =>
  (await http.get<ApiEnvelope<Page<AnnouncementVO>>>(ANNOUNCEMENT, inLanguage({ currentPage, limit }))).data
    .data;
export const createAnnouncement = (body: AnnouncementBody) =>
  http.post<ApiEnvelope<null>>(ANNOUNCEMENT, body, inLanguage());
export const updateAnnouncement = (body: AnnouncementBody) =>
  http.put<ApiEnvelope<null>>(ANNOUNCEMENT, body, inLanguage());
export const deleteAnnouncement = (aid: number) =>
  http.delete<ApiEnvelope<null>>(ANNOUNCEMENT, inLanguage({ aid }));
