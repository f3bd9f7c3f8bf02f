import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { setLoginModalMode, type LoginModalMode } from '../store/login-modal';

/** The ways between the dialog's three forms, under each form. */
export function AccountLinks({ mode, registerOpen }: { mode: LoginModalMode; registerOpen: boolean }) {
  const { t } = useTranslation();
  const go = (target: LoginModalMode) => () => setLoginModalMode(target);
  return (
    <div className="account-links">
      {mode === 'login' ? (
        <>
          {registerOpen ? (
            <Button type="link" size="small" onClick={go('register')}>
              {t('account.links.toRegister')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="link" size="small" onClick={go('resetPassword')}>
            {t('account.links.forgotPassword')}
          </Button>
        </>
      ) : (
        <Button type="link" size="small" onClick={go('login')}>
          {mode === 'register' ? t('account.links.toLogin') : t('account.links.backToLogin')}
        </Button>
      )}
    </div>
  );
}
