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
  // The message queries and the admin app's are the signed-in user's alone: refetched now, without
  // a token, their 401 would open the login dialog over the signed-out page, or replace the toast
  // above with "Please login again" (accounts browser test). Drop them instead.
  queryClient.removeQueries({ predicate: ({ queryKey: [area] }) => signedInOnly(area) });
  void queryClient.invalidateQueries();
}

const signedInOnly = (area: unknown) =>
  typeof area === 'string' && (area === 'msg' || area.startsWith('admin-'));
