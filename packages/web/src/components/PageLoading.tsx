import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Progress feedback while a page or its data is on its way. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullScreen ? 'page-loading page-loading--full' : 'page-loading'} role="status">
      <Spin size="large" description={t('loading')} />
    </div>
  );
}
