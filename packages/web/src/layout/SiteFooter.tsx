import { Layout, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../api/home';

/**
 * The footer of spec part 1 §1, from the website config: contact phone and address, the record
 * (filing) link, the project credit, the contact e-mail and up to two QR images (each shown only
 * when set).
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  if (!config) return <Layout.Footer className="site-footer" />;
  return (
    <Layout.Footer className="site-footer">
      <Space orientation="vertical" size={4}>
        {config.contactPhone || config.address ? (
          <Space size={16} wrap className="site-footer__contact">
            {config.contactPhone ? (
              <span>
                {t('footer.phone')}
                <a href={`tel:${config.contactPhone.replace(/[^0-9+]/g, '')}`}>{config.contactPhone}</a>
              </span>
            ) : null}
            {config.address ? (
              <span>
                {t('footer.address')}
                {config.address}
              </span>
            ) : null}
          </Space>
        ) : null}
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
        {config.qrCodes?.length ? (
          <Space size={24} className="site-footer__qr-codes">
            {config.qrCodes.map((qr) => (
              <figure key={qr.url} className="site-footer__qr">
                <img src={qr.url} alt={qr.title} width={96} height={96} loading="lazy" />
                <figcaption>{qr.title}</figcaption>
              </figure>
            ))}
          </Space>
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
