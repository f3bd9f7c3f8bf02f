import { z } from 'zod';
import { pageOf, timestamp } from './envelope.ts';

/** A role as the admin user list shows it (reference §4.1 role). */
export const adminUserRoleVO = z.object({
  id: z.number().int(),
  role: z.string(),
  description: z.string().nullable(),
  status: z.number().int(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type AdminUserRole = z.output<typeof adminUserRoleVO>;

/**
 * reference §3.12 UserRolesVO, a row of `GET /api/admin/user/get-user-list`. reference §13: HOJ
 * sends the password hash; Verdict answers `password: null`.
 */
export const adminUserRowVO = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  school: z.string().nullable(),
  course: z.string().nullable(),
  number: z.string().nullable(),
  gender: z.string(),
  realname: z.string().nullable(),
  cfUsername: z.string().nullable(),
  github: z.string().nullable(),
  blog: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  signature: z.string().nullable(),
  /** 0 active, 1 banned */
  status: z.number().int(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
  password: z.null(),
  roles: z.array(adminUserRoleVO),
});
export type AdminUserRow = z.output<typeof adminUserRowVO>;

/** `GET /api/admin/user/get-user-list`: newest first. */
export const adminUserPageData = pageOf(adminUserRowVO);

/** Verdict's `GET /api/admin/user/import-progress`: `done` of `total` passwords hashed; null until started. */
export const importProgressData = z
  .object({
    id: z.string(),
    state: z.enum(['checking', 'hashing', 'writing', 'done', 'failed']),
    total: z.number().int(),
    done: z.number().int(),
  })
  .nullable();
export type ImportProgress = NonNullable<z.output<typeof importProgressData>>;

/** reference §3.12 `POST /api/admin/user/generate-user`: the key of the one download of the accounts. */
export const generateUserData = z.object({ key: z.string() });
