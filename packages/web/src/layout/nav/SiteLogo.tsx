import { CodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWebsiteConfig } from '../../api/home';
import { useSiteShortName } from '../site-name';

/**
 * The site's short name from the website config, linking home; a neutral placeholder while the
 * config loads (site-name.ts).
 */
export function SiteLogo() {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  const name = useSiteShortName();
  return (
    <Link
      to="/home"
      className="site-logo"
      title={config?.name ?? undefined}
      aria-label={name === null ? t('nav.home') : undefined}
    >
      <CodeOutlined className="site-logo-icon" />
      {name === null ? (
        <span
          className="site-logo-text site-logo-text--pending"
          aria-hidden
          data-testid="site-logo-pending"
        />
      ) : (
        <span className="site-logo-text">{name}</span>
      )}
    </Link>
  );
}
