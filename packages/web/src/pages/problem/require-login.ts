import { toast } from '../../feedback/toast';
import { translate } from '../../i18n';
import { openLoginModal } from '../../store/login-modal';
import { isAuthenticated } from '../../store/session';

/**
 * Spec part 1 §6: opening a problem, running a test, submitting and viewing one's own submissions
 * need login — a warning and the login dialog. Answers whether the user is signed in.
 */
export function requireLogin(): boolean {
  if (isAuthenticated()) return true;
  toast.warning(translate('errors.pleaseLoginFirst'));
  openLoginModal('login');
  return false;
}
