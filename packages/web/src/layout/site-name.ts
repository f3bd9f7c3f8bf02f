import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../api/home';

/**
 * The site's short name as the bars show it (the logo, the account dialog's title): the config's,
 * or null while the config is still loading, so that the page shows a neutral placeholder instead
 * of a made-up "OJ" that then changes (issue 24 item 19). The fallback only when the config could
 * not be read or names none.
 */
export function shortNameOf(
  config: { data?: { shortName?: string | null }; isPending: boolean },
  fallback: string,
): string | null {
  const name = config.data?.shortName?.trim();
  if (name) return name;
  return config.isPending ? null : fallback;
}

export function useSiteShortName(): string | null {
  const { t } = useTranslation();
  return shortNameOf(useWebsiteConfig(), t('site.fallbackShortName'));
}
