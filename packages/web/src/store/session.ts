import { ADMIN_ROLES, ROLES, type RoleName, type UserInfoVO } from '@verdict/shared';
import { STORAGE_KEYS } from '../config/constants';
import { browserStorage } from './browser-storage';
import { createExternalStore, useExternalStore } from './external-store';

/**
 * The signed-in user as the login call returns it (reference §3.1 `UserInfoVO`). Only uid,
 * username and roles are sure to be there: a stored copy may come from an older version.
 */
export type UserInfo = Pick<UserInfoVO, 'uid' | 'username' | 'roleList'> &
  Partial<Omit<UserInfoVO, 'uid' | 'username' | 'roleList'>>;

export interface Session {
  /** Raw JWT, sent back as-is in the Authorization header (reference §1.3, no "Bearer"). */
  token: string;
  userInfo: UserInfo | null;
}

function readStoredSession(): Session {
  return {
    token: browserStorage.get(STORAGE_KEYS.token) ?? '',
    userInfo: browserStorage.getJson<UserInfo>(STORAGE_KEYS.userInfo),
  };
}

const sessionStore = createExternalStore<Session>(readStoredSession());

export function getSession(): Session {
  return sessionStore.get();
}

export function subscribeSession(listener: () => void): () => void {
  return sessionStore.subscribe(listener);
}

export function useSession(): Session {
  return useExternalStore(sessionStore);
}

export function isAuthenticated(session: Session = getSession()): boolean {
  return session.token !== '';
}

/** Admin role check: super admin, admin or problem admin (spec part 1 §6). */
export function isAdminRole(user: UserInfo | null): boolean {
  return !!user && user.roleList.some((role) => ADMIN_ROLES.includes(role as RoleName));
}

export function isSuperAdmin(user: UserInfo | null): boolean {
  return !!user && user.roleList.includes(ROLES.root.role);
}

/** Called by the login form once the server has answered with a token and the user. */
export function signIn(token: string, userInfo: UserInfo): void {
  // The token goes last: other tabs adopt the login when it changes, and read the user with it.
  browserStorage.setJson(STORAGE_KEYS.userInfo, userInfo);
  browserStorage.setJson(STORAGE_KEYS.authed, true);
  browserStorage.set(STORAGE_KEYS.token, token);
  sessionStore.set({ token, userInfo });
}

/** A refreshed token replaces the stored one (reference §1.3 `Refresh-Token`). */
export function replaceToken(token: string): void {
  if (token === '' || token === sessionStore.get().token) return;
  browserStorage.set(STORAGE_KEYS.token, token);
  sessionStore.set({ ...sessionStore.get(), token });
}

export function updateUserInfo(patch: Partial<UserInfo>): void {
  const current = sessionStore.get();
  if (!current.token) return;
  const userInfo: UserInfo = { uid: '', username: '', roleList: [], ...current.userInfo, ...patch };
  browserStorage.setJson(STORAGE_KEYS.userInfo, userInfo);
  sessionStore.set({ ...current, userInfo });
}

/** Forget the login in this tab and in storage. Other keys (language, editor settings) stay. */
export function clearSession(): void {
  browserStorage.remove(STORAGE_KEYS.token);
  browserStorage.remove(STORAGE_KEYS.authed);
  browserStorage.remove(STORAGE_KEYS.userInfo);
  forgetSessionInMemory();
}

/** Another tab already removed the stored login; only this tab's copy needs to go. */
export function forgetSessionInMemory(): void {
  const current = sessionStore.get();
  if (current.token === '' && current.userInfo === null) return;
  sessionStore.set({ token: '', userInfo: null });
}

/** Another tab stored a different token: adopt it together with the user it stored. */
export function adoptStoredSession(): void {
  sessionStore.set(readStoredSession());
}

export function readStoredToken(): string {
  return browserStorage.get(STORAGE_KEYS.token) ?? '';
}
