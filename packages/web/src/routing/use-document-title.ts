import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../api/home';
import { useCurrentMeta } from './route-meta';

/** The page title follows the route and the website config (spec part 1 §1): "Page - SHORTNAME". */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const meta = useCurrentMeta();
  const { data: config } = useWebsiteConfig();
  const shortName = (config?.shortName || t('site.fallbackShortName')).toUpperCase();
  const page = meta ? t(`title.${meta.title}`) : '';
  useEffect(() => {
    document.title = page ? `${page} - ${shortName}` : shortName;
  }, [page, shortName]);
}
