import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { adminLogout } from '../api/account';
import { dropAdminQueries, signOut } from '../pages/account/sign-out';

/**
 * The admin app's sign-out: `GET /api/admin/logout`, then the login is forgotten and the admin
 * login page opens (spec part 2 §2.7; reference §3.1); the admin pages' answers are dropped then.
 */
export function useAdminLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void signOut(adminLogout)
      .then(() => navigate('/admin/login', { replace: true }))
      .then(dropAdminQueries);
  }, [navigate]);
}
