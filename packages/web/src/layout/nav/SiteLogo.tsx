import { CodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWebsiteConfig } from '../../api/home';

/** The site's short name from the website config, linking home. */
export function SiteLogo() {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  const name = config?.shortName || t('site.fallbackShortName');
  return (
    <Link to="/home" className="site-logo" title={config?.name ?? undefined}>
      <CodeOutlined className="site-logo-icon" />
      <span className="site-logo-text">{name}</span>
    </Link>
  );
}
