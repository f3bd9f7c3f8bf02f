import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The Register tab of a site that asks for a mailed code but cannot send mail (issue 24 item 7):
 * why nobody can register now and who can change it, instead of a form that cannot finish.
 */
export function RegisterUnavailable() {
  const { t } = useTranslation();
  return (
    <Alert
      className="register-unavailable"
      type="warning"
      showIcon
      title={t('account.registerUnavailable.title')}
      description={t('account.registerUnavailable.reason')}
    />
  );
}
