import { booleanParam, currentPageParam, int, limitParam, PROBLEM_PAGE, textParam } from '@verdict/shared';
import { z } from 'zod';

/**
 * Request shapes of the admin user calls (reference §3.12 "Users"). Field rules that need a
 * localised message (password length, e-mail, role) are checked by the services, not here.
 */
export const userListQuery = z.object({
  limit: limitParam(PROBLEM_PAGE.adminDefault),
  currentPage: currentPageParam,
  onlyAdmin: booleanParam,
  keyword: textParam(),
});

const optionalText = z.string().nullish();

export const editUserBody = z.object({
  uid: z.string().min(1).max(64),
  username: optionalText,
  realname: optionalText,
  email: optionalText,
  password: optionalText,
  /** role id (reference §2: 1000–1008) */
  type: int().nullish(),
  status: int().nullish(),
  setNewPwd: z.boolean().nullish(),
  titleName: optionalText,
  titleColor: optionalText,
});
export type EditUserInput = z.output<typeof editUserBody>;

export const deleteUsersBody = z.object({ ids: z.array(z.string().min(1).max(64)).max(1000) });

/** Rows are checked one by one by the import service so that each bad row is named. */
export const insertBatchBody = z.object({ users: z.array(z.unknown()) });

/** `/api/file/generate-user-excel?key=&format=` (format: Verdict's csv; xlsx by default). */
export const generatedFileQuery = z.object({
  key: z.string().min(1).max(64),
  format: z.enum(['xlsx', 'csv']).optional(),
});
