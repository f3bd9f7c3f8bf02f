import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../api/home';
import { documentTitle, usePageSubjects } from './page-subject';
import { useCurrentMeta } from './route-meta';

/**
 * The page title follows the route, the page's subject and the website config (spec part 1 §1):
 * "A+B Problem - Verdict", or "Problem - Verdict" where a page names no subject (page-subject.ts).
 */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const meta = useCurrentMeta();
  const subjects = usePageSubjects();
  const { data: config } = useWebsiteConfig();
  // until the config has loaded, no name at all rather than a made-up one (issue 24 item 19)
  const shortName = config ? config.shortName || t('site.fallbackShortName') : '';
  const page = meta ? t(`title.${meta.title}`) : '';
  const title = documentTitle({ subjects, page, shortName });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
