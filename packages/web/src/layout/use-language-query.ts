import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { changeLanguage, currentLanguage } from '../i18n';
import { LANGUAGE_QUERY_PARAM, isLanguage } from '../i18n/language';

/** `?l=en-US` / `?l=zh-CN` on any in-app link chooses the language too (spec part 1 §1). */
export function useLanguageQuery(): void {
  const { search } = useLocation();
  useEffect(() => {
    const requested = new URLSearchParams(search).get(LANGUAGE_QUERY_PARAM);
    if (isLanguage(requested) && requested !== currentLanguage()) changeLanguage(requested);
  }, [search]);
}
