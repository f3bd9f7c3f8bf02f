import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../api/account';
import { queryClient } from '../../api/query-client';
import { toast } from '../../feedback/toast';
import { clearSession } from '../../store/session';

/** /logout: calls logout, forgets the login and goes to /home (spec part 1 §2 "Logout page"). */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode mounts twice in development
    started.current = true;
    void logout()
      .then(({ msg }) => toast.success(msg || t('account.loggedOut')))
      // Even if the server call fails (already reported), this browser is signed out.
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        void queryClient.invalidateQueries();
        void navigate('/home', { replace: true });
      });
  }, [navigate, t]);

  return (
    <div className="page-loading">
      <Spin size="large" description={t('account.loggingOut')} />
    </div>
  );
}
