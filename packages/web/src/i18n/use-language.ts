import { useTranslation } from 'react-i18next';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from './language';

/** The current interface language, re-rendering on change. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
