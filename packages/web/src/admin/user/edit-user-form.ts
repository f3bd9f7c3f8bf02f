import { adminEditUserFields, type AdminEditUserField } from '@verdict/shared';
import type { EditUserBody } from '../../api/admin-user';

/**
 * The edit-user dialog's checks: each field with the shared schema the server checks it with
 * (shared/admin-user.ts), so the dialog refuses what the server would, before sending. The errors
 * are ACCOUNT_MESSAGES keys (shown with `accountText` in the interface language).
 */
export type EditUserErrors = Partial<Record<AdminEditUserField, string>>;

export function validateEditUser(draft: EditUserBody): EditUserErrors {
  const values: Record<AdminEditUserField, string | null> = {
    username: draft.username,
    realname: draft.realname,
    email: draft.email,
    // the password is only sent (and checked) when a new one is set
    password: draft.setNewPwd ? (draft.password ?? '') : null,
    titleName: draft.titleName,
    titleColor: draft.titleColor,
  };
  const errors: EditUserErrors = {};
  for (const field of Object.keys(values) as AdminEditUserField[]) {
    const value = values[field];
    if (value === null) continue;
    const result = adminEditUserFields[field].safeParse(value);
    if (!result.success) errors[field] = result.error.issues[0]?.message ?? '';
  }
  return errors;
}
