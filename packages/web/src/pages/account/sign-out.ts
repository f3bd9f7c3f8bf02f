import type { Answer } from '../../api/answer-calls';
import { queryClient } from '../../api/query-client';
import { toast } from '../../feedback/toast';
import { translate } from '../../i18n';
import { clearSession } from '../../store/session';

/**
 * Signs this browser out through `call` (the user site's logout or the admin app's): the server's
 * message as a toast, then the login and every cached answer are dropped. Even if the call fails
 * (the API client has shown why), this browser is signed out.
 */
export async function signOut(call: () => Promise<Answer<null>>): Promise<void> {
  try {
    const { msg } = await call();
    toast.success(msg || translate('account.loggedOut'));
  } catch {
    // already shown by the API client (spec part 1 §8)
  }
  clearSession();
  // The message queries are the signed-in user's alone: refetched now, without a token, their 401
  // would open the login dialog over the signed-out page. Drop them instead.
  queryClient.removeQueries({ queryKey: ['msg'] });
  // The admin app's queries are neither refetched nor dropped while their pages are still shown
  // (dropping an active query makes it fetch again): either way their 401 would replace the toast
  // above with "Please login again" (accounts browser test). The admin sign-out drops them once
  // its login page shows (dropAdminQueries).
  void queryClient.invalidateQueries({ predicate: ({ queryKey: [area] }) => !isAdminArea(area) });
}

const isAdminArea = (area: unknown) => typeof area === 'string' && area.startsWith('admin-');

/** Forgets the admin pages' answers that no page shows any more, so the next login starts clean. */
export function dropAdminQueries(): void {
  queryClient.removeQueries({ predicate: ({ queryKey: [area] }) => isAdminArea(area), type: 'inactive' });
}
