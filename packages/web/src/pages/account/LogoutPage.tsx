import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../api/account';
import { signOut } from './sign-out';

/** /logout: calls logout, forgets the login and goes to /home (spec part 1 §2 "Logout page"). */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice in development
    started.current = true;
    void signOut(logout).then(() => navigate('/home', { replace: true }));
  }, [navigate]);

  return (
    <div className="page-loading">
      <Spin size="large" description={t('account.loggingOut')} />
    </div>
  );
}
