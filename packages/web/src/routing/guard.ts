import { redirect, type LoaderFunction } from 'react-router';
import { websiteConfigQuery, type WebsiteConfig } from '../api/home';
import { queryClient } from '../api/query-client';
import { toast } from '../feedback/toast';
import { translate } from '../i18n';
import type { Messages } from '../i18n/zh-CN';
import { openLoginModal } from '../store/login-modal';
import { clearSession, getSession, isAdminRole, isAuthenticated, isSuperAdmin } from '../store/session';
import { isAdminPath } from './navigate';
import type { AccessSwitch, RouteMeta } from './route-meta';

type ErrorKey = keyof Messages['errors'];

const ACCESS_RULES: Record<AccessSwitch, { flag: keyof WebsiteConfig; denied: ErrorKey }> = {
  discussion: { flag: 'openPublicDiscussion', denied: 'noAccessDiscussion' },
  groupDiscussion: { flag: 'openGroupDiscussion', denied: 'noAccessGroupDiscussion' },
  contestComment: { flag: 'openContestComment', denied: 'noAccessContestComment' },
};

/**
 * The navigation guard of spec part 2 §2.9 as a route loader, so it runs before the page renders.
 * Returns undefined for routes without rules.
 */
export function guardFor(meta: RouteMeta): LoaderFunction | undefined {
  const needsLogin = meta.requireAuth || meta.requireAdmin || meta.requireSuperAdmin;
  if (!needsLogin && !meta.access) return undefined;
  return async ({ request }) => {
    const adminArea = isAdminPath(new URL(request.url).pathname);
    if (needsLogin) checkLogin(meta, adminArea);
    if (meta.access) await checkAccess(meta.access);
    return null;
  };
}

function checkLogin(meta: RouteMeta, adminArea: boolean): void {
  const session = getSession();
  if (!isAuthenticated(session)) {
    throw denied(adminArea, adminArea ? 'adminLoginAgain' : 'pleaseLoginFirst');
  }
  const roleMissing =
    (meta.requireSuperAdmin && !isSuperAdmin(session.userInfo)) ||
    (meta.requireAdmin && !isAdminRole(session.userInfo));
  if (roleMissing) {
    // §2.9: without the role, the same redirect and the token is cleared.
    clearSession();
    throw denied(adminArea, adminArea ? 'adminLoginAgain' : 'loginAgain');
  }
}

/** Redirect home (admin: /admin/login) and, on the user site, open the login dialog. */
function denied(adminArea: boolean, message: ErrorKey): Response {
  // Spec part 1 §8: 'Please login first' is a warning; the other denials are errors.
  if (message === 'pleaseLoginFirst') toast.warning(translate(`errors.${message}`));
  else toast.error(translate(`errors.${message}`));
  if (adminArea) return redirect('/admin/login');
  openLoginModal('login');
  return redirect('/home');
}

async function checkAccess(access: AccessSwitch): Promise<void> {
  const rule = ACCESS_RULES[access];
  const config = await queryClient.ensureQueryData(websiteConfigQuery).catch(() => null);
  if (config?.[rule.flag] === true) return;
  toast.error(translate(`errors.${rule.denied}`));
  throw redirect('/home');
}
