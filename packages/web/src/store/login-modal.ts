import { createExternalStore, useExternalStore } from './external-store';

/** The shell's account dialog offers these three forms (spec part 1 §2 "Shell"). */
export type LoginModalMode = 'login' | 'register' | 'resetPassword';

export interface LoginModalState {
  open: boolean;
  mode: LoginModalMode;
  /** Filled into the login form, e.g. right after registering or resetting the password. */
  username: string;
}

const loginModalStore = createExternalStore<LoginModalState>({ open: false, mode: 'login', username: '' });

export function openLoginModal(mode: LoginModalMode = 'login', username = ''): void {
  loginModalStore.set({ open: true, mode, username });
}

export function closeLoginModal(): void {
  loginModalStore.set({ ...loginModalStore.get(), open: false });
}

export function setLoginModalMode(mode: LoginModalMode, username?: string): void {
  const current = loginModalStore.get();
  loginModalStore.set({ ...current, mode, username: username ?? current.username });
}

export function useLoginModal(): LoginModalState {
  return useExternalStore(loginModalStore);
}
