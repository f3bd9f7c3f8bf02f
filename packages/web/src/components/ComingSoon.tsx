import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isAdminPath } from '../routing/navigate';
import { useCurrentMeta } from '../routing/route-meta';

/** Stands in for a screen that a later issue builds; the route, its guard and its title already work. */
export function ComingSoon() {
  const { t } = useTranslation();
  const homePath = isAdminPath(useLocation().pathname) ? '/admin/dashboard' : '/home';
  const meta = useCurrentMeta();
  return (
    <Result
      className="coming-soon"
      icon={<ToolOutlined />}
      title={meta ? t(`title.${meta.title}`) : undefined}
      subTitle={t('comingSoon.description')}
      extra={
        <Link to={homePath}>
          <Button type="primary">{t('comingSoon.goHome')}</Button>
        </Link>
      }
    />
  );
}
