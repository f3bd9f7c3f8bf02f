import { CONTEST_ADMIN_MESSAGES, isContestAdminMessageKey } from '@verdict/shared';
import { useTranslation } from 'react-i18next';
import type { adminContestZhCN } from '../../i18n/areas/admin-contest.zh-CN';

type FormOnlyKey = keyof typeof adminContestZhCN.errors;

/**
 * The text of a contest form issue: a key of the shared CONTEST_ADMIN_MESSAGES reads the server's
 * own words in the interface language; the form's own checks read the adminContest.errors area.
 */
export function useContestText() {
  const { t, i18n } = useTranslation();
  return (key: string, params: Record<string, string | number> = {}) =>
    isContestAdminMessageKey(key)
      ? CONTEST_ADMIN_MESSAGES[key][i18n.language === 'en-US' ? 'en' : 'zh']
      : t(`adminContest.errors.${key as FormOnlyKey}`, params);
}
