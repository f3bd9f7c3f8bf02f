import { z } from 'zod';
import { ACCOUNT_LIMITS, isEmailAddress, newPasswordField, usernameField } from './account.ts';

/**
 * The fields of the admin's `PUT /api/admin/user/edit-user` (reference §3.12 "Users"), one schema
 * each: the server checks what it is sent with them and the edit dialog checks what is typed, so
 * both refuse the same input with the same words (issue messages are ACCOUNT_MESSAGES keys).
 * Optional text fields are '' when cleared (stored as null).
 */

export const ADMIN_USER_LIMITS = {
  /** user_info.title_name and title_color are varchar(255) */
  titleMax: 255,
} as const;

const optionalUpTo = (max: number, message: 'realnameTooLong' | 'titleNameTooLong' | 'titleColorTooLong') =>
  z.string().trim().max(max, message);

export const adminEditUserFields = {
  /** registration's rule: 1 to 20 characters once trimmed */
  username: usernameField,
  realname: optionalUpTo(ACCOUNT_LIMITS.realnameMax, 'realnameTooLong'),
  /** empty clears it; otherwise a valid address */
  email: z
    .string()
    .trim()
    .refine((value) => value === '' || isEmailAddress(value), 'emailInvalid'),
  /** only when a new password is set: 6 to 20 characters */
  password: newPasswordField,
  titleName: optionalUpTo(ADMIN_USER_LIMITS.titleMax, 'titleNameTooLong'),
  titleColor: optionalUpTo(ADMIN_USER_LIMITS.titleMax, 'titleColorTooLong'),
} as const;

export type AdminEditUserField = keyof typeof adminEditUserFields;
