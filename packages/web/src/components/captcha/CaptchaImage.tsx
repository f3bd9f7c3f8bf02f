import { ReloadOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Captcha } from './use-captcha';
import './captcha.css';

/** The captcha picture; a click draws a new one. */
export function CaptchaImage({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="captcha-image"
      title={t('account.captchaRefresh')}
      aria-label={t('account.captchaRefresh')}
      onClick={captcha.refresh}
    >
      <CaptchaContent captcha={captcha} />
    </button>
  );
}

function CaptchaContent({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation();
  if (captcha.loading) return <Spin size="small" />;
  if (!captcha.img) return <ReloadOutlined />;
  return <img src={captcha.img} alt={t('account.captchaAlt')} />;
}
