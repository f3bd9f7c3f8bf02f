import { STORAGE_KEYS } from '../config/constants';
import { adoptStoredSession, forgetSessionInMemory, getSession, readStoredToken } from './session';

export interface CrossTabSyncHandlers {
  /** Another tab signed in (or the token was refreshed there); the user info should be reloaded. */
  onAdopted(): void;
  /** Another tab signed out; this tab leaves for /home or /admin/login. */
  onSignedOut(): void;
}

/**
 * Spec part 1 §1: when the stored token changes while a tab is visible, the tab adopts it; if it
 * was removed, the tab clears the login. A hidden tab catches up when it becomes visible again.
 */
export function startCrossTabTokenSync(handlers: CrossTabSyncHandlers): () => void {
  const reconcile = () => {
    if (document.visibilityState !== 'visible') return;
    const stored = readStoredToken();
    const current = getSession().token;
    if (stored === current) return;
    if (stored) {
      adoptStoredSession();
      handlers.onAdopted();
    } else {
      forgetSessionInMemory();
      handlers.onSignedOut();
    }
  };
  // `key === null` means another tab cleared the whole storage.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.token || event.key === null) reconcile();
  };
  window.addEventListener('storage', onStorage);
  document.addEventListener('visibilitychange', reconcile);
  return () => {
    window.removeEventListener('storage', onStorage);
    document.removeEventListener('visibilitychange', reconcile);
  };
}
