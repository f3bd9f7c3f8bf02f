import type {
  AdminSysNoticeVO,
  AnnouncementBody,
  AnnouncementVO,
  SwitchConfigBody,
  SwitchConfigVO,
  SysNoticeBody,
} from '@verdict/shared';
import { currentLanguage } from '../i18n';
import { http, type ApiEnvelope, type Page } from './http';

/** The admin area's site-content calls (reference §3.12 "Announcements", "System notices"). */

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

const NOTICE = '/api/admin/msg/notice';

/** reference §3.12 `/api/admin/msg/notice` (system notices). */
export const getSysNotices = async (currentPage: number, limit: number) =>
  (await http.get<ApiEnvelope<Page<AdminSysNoticeVO>>>(NOTICE, inLanguage({ currentPage, limit }))).data.data;
export const createSysNotice = (body: SysNoticeBody) =>
  http.post<ApiEnvelope<null>>(NOTICE, body, inLanguage());
export const updateSysNotice = (body: SysNoticeBody) =>
  http.put<ApiEnvelope<null>>(NOTICE, body, inLanguage());
export const deleteSysNotice = (id: number) => http.delete<ApiEnvelope<null>>(NOTICE, inLanguage({ id }));

/** reference §3.12 `/api/admin/switch/info` and `/api/admin/switch/update`. */
export const getSwitches = async () =>
  (await http.get<ApiEnvelope<SwitchConfigVO>>('/api/admin/switch/info', inLanguage())).data.data;
export const updateSwitches = (body: SwitchConfigBody) =>
  http.put<ApiEnvelope<null>>('/api/admin/switch/update', body, inLanguage());
