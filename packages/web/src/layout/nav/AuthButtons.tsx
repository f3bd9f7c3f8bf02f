import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { registerModeOf, useWebsiteConfig } from '../../api/home';
import { openLoginModal } from '../../store/login-modal';

/**
 * Logged out: Login and (when the site allows it) Register open the account dialog. A registration
 * that cannot work still shows Register: its dialog says why (issue 24 item 7).
 */
export function AuthButtons({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { data: config } = useWebsiteConfig();
  const size = compact ? 'small' : 'middle';
  return (
    <Space size={compact ? 4 : 8}>
      <Button type="primary" shape="round" size={size} onClick={() => openLoginModal('login')}>
        {t('nav.login')}
      </Button>
      {registerModeOf(config) === 'closed' ? null : (
        <Button shape="round" size={size} onClick={() => openLoginModal('register')}>
          {t('nav.register')}
        </Button>
      )}
    </Space>
  );
}
