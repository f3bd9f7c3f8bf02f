import { AppstoreOutlined, TrophyOutlined } from '@ant-design/icons';
import { Button, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WebsiteConfig } from '../../api/home';
import { HOME_CAROUSEL_HEIGHT_PX, HOME_CAROUSEL_MOBILE_HEIGHT_PX } from '../../config/constants';
import { useIsMobile } from '../../layout/use-is-mobile';

/**
 * The banner in the carousel's place and size (spec part 1 §2 "Home": 440 px, 200 px under 768 px).
 * The carousel images come with the home-carousel call in a later issue.
 */
export function HomeBanner({ config, loading }: { config: WebsiteConfig | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const height = isMobile ? HOME_CAROUSEL_MOBILE_HEIGHT_PX : HOME_CAROUSEL_HEIGHT_PX;
  const name = config?.name || t('site.fallbackName');

  return (
    <section className="home-banner" style={{ height }}>
      {loading ? (
        <Skeleton active title paragraph={{ rows: 2 }} className="home-banner-skeleton" />
      ) : (
        <div className="home-banner-body">
          <Typography.Title level={1} className="home-banner-title">
            {t('home.welcome', { name })}
          </Typography.Title>
          <Typography.Paragraph className="home-banner-description" ellipsis={{ rows: isMobile ? 2 : 3 }}>
            {config?.description || t('home.defaultDescription')}
          </Typography.Paragraph>
          {isMobile ? null : (
            <Space size="middle">
              <Link to="/problem">
                <Button type="primary" size="large" icon={<AppstoreOutlined />}>
                  {t('home.browseProblems')}
                </Button>
              </Link>
              <Link to="/contest">
                <Button size="large" ghost icon={<TrophyOutlined />}>
                  {t('home.viewContests')}
                </Button>
              </Link>
            </Space>
          )}
        </div>
      )}
    </section>
  );
}
