import { isTrainingAdminMessageKey, TRAINING_ADMIN_MESSAGES } from '@verdict/shared';
import { useTranslation } from 'react-i18next';

/**
 * The text of a training form issue: a key of the shared TRAINING_ADMIN_MESSAGES reads the
 * server's own words in the interface language; 'colorRequired' is the category dialog's own.
 */
export function useTrainingText() {
  const { t, i18n } = useTranslation();
  return (key: string) =>
    isTrainingAdminMessageKey(key)
      ? TRAINING_ADMIN_MESSAGES[key][i18n.language === 'en-US' ? 'en' : 'zh']
      : t('adminTraining.category.colorRequired');
}
