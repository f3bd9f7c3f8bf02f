import { DashboardOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../api/home';
import { useSession } from '../store/session';

/** The admin landing page; the statistics of the dashboard come in a later issue. */
export function AdminDashboard() {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  const { userInfo } = useSession();
  return (
    <Result
      icon={<DashboardOutlined />}
      title={t('admin.welcome', { name: config?.name || t('site.fallbackName') })}
      subTitle={userInfo?.username}
      extra={<p>{t('comingSoon.description')}</p>}
    />
  );
}
