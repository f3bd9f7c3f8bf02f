import { Layout, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../api/home';

/**
 * The record (filing) link and the project credit from the website config (spec part 1 §1).
 * The config has no phone, address or QR images, so those are not shown.
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  if (!config) return <Layout.Footer className="site-footer" />;
  return (
    <Layout.Footer className="site-footer">
      <Space orientation="vertical" size={4}>
        {config.recordName ? <ExternalLink href={config.recordUrl}>{config.recordName}</ExternalLink> : null}
        {config.projectName ? (
          <span>
            {t('footer.poweredBy')} <ExternalLink href={config.projectUrl}>{config.projectName}</ExternalLink>
          </span>
        ) : null}
        {config.email ? (
          <span>
            {t('footer.contact')}
            <a href={`mailto:${config.email}`}>{config.email}</a>
          </span>
        ) : null}
      </Space>
    </Layout.Footer>
  );
}

function ExternalLink({ href, children }: { href: string | null; children: string }) {
  if (!href) return <span>{children}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer">
      {children}
    </a>
  );
}
