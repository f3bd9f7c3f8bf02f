import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../api/home';
import { openLoginModal } from '../../store/login-modal';

/** Logged out: Login and (when the site allows it) Register open the account dialog. */
export function AuthButtons({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  const size = compact ? 'small' : 'middle';
  return (
    <Space size={compact ? 4 : 8}>
      <Button type="primary" shape="round" size={size} onClick={() => openLoginModal('login')}>
        {t('nav.login')}
      </Button>
      {config?.register === false ? null : (
        <Button shape="round" size={size} onClick={() => openLoginModal('register')}>
          {t('nav.register')}
        </Button>
      )}
    </Space>
  );
}
