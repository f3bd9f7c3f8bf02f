import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminLogout } from '../api/account';
import { queryClient } from '../api/query-client';
import { toast } from '../feedback/toast';
import { clearSession } from '../store/session';

/**
 * The admin app's sign-out: `GET /api/admin/logout`, then the login is forgotten and the admin
 * login page opens (spec part 2 §2.7; reference §3.1).
 */
export function useAdminLogout(): () => void {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useCallback(() => {
    void adminLogout()
      .then(({ msg }) => toast.success(msg || t('account.loggedOut')))
      // Even if the server call fails (already reported), this browser is signed out.
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        void queryClient.invalidateQueries();
        void navigate('/admin/login', { replace: true });
      });
  }, [navigate, t]);
}
