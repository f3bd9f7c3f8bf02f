import type { AdminUserRow, ImportProgress, LoginRecord } from '@verdict/shared';
import { DOWNLOAD_TIMEOUT_MS } from '../config/constants';
import { downloadFile } from './download';
import { apiDelete, apiGet, apiPost, apiPut, type Page } from './http';

export type { AdminUserRole, AdminUserRow, ImportProgress, LoginRecord } from '@verdict/shared';

/** The admin user calls (reference §3.12 "Users"), shapes as packages/server/src/modules/admin/user answers. */

export interface UserListQuery {
  currentPage: number;
  limit: number;
  keyword?: string;
  onlyAdmin?: boolean;
}

export const getUserList = (query: UserListQuery) =>
  apiGet<Page<AdminUserRow>>('/api/admin/user/get-user-list', { ...query });

export interface EditUserBody {
  uid: string;
  username: string;
  realname: string | null;
  email: string | null;
  password: string | null;
  type: number;
  status: number;
  setNewPwd: boolean;
  titleName: string | null;
  titleColor: string | null;
}

export const editUser = (body: EditUserBody) => apiPut<null>('/api/admin/user/edit-user', body);

/** reference §1: this DELETE takes a JSON body. */
export const deleteUsers = (ids: string[]) =>
  apiDelete<null>('/api/admin/user/delete-user', undefined, { data: { ids } });

/** A refused import answers `data.errors` (the rows with their localised reasons); nothing is written. */
export interface ImportRowError {
  row: number;
  username: string | null;
  reasons: string[];
}

/**
 * `insert-batch-user` with Verdict's `importId`, whose progress `getImportProgress` reads while the
 * request runs. 2,000 users take about two minutes (full-cost scrypt), beyond the usual timeout.
 */
export const importUsers = (users: string[][], importId: string) =>
  apiPost<null>('/api/admin/user/insert-batch-user', { users, importId }, { timeout: DOWNLOAD_TIMEOUT_MS });

export const getImportProgress = (id: string) =>
  apiGet<ImportProgress | null>('/api/admin/user/import-progress', { id });

export interface GenerateUserBody {
  prefix: string;
  suffix: string;
  number_from: number;
  number_to: number;
  password_length: number;
}

export const generateUsers = (body: GenerateUserBody) =>
  apiPost<{ key: string }>('/api/admin/user/generate-user', body);

/** The generated accounts of `key`, once (the server deletes them as it sends them). */
export const downloadGenerated = (key: string, format: 'xlsx' | 'csv') =>
  downloadFile('/api/file/generate-user-excel', { key, format });

/** Whose logins: the uid (a user row's link) or the username an admin typed. */
export type LoginRecordsOf = { uid: string } | { username: string };

export const getLoginRecords = (who: LoginRecordsOf, currentPage: number, limit: number) =>
  apiGet<Page<LoginRecord>>('/api/admin/user/get-sessions', { ...who, currentPage, limit });
