import { createExternalStore, useExternalStore } from './external-store';

/** The mails whose resend is throttled (spec part 1 §4, §9; reference §7.4). */
export type CooldownName = 'registerCode' | 'resetMail' | 'changeEmailCode';

type Cooldowns = Partial<Record<CooldownName, number>>;

/**
 * When each resend becomes possible again (epoch ms). Kept outside the forms so that closing and
 * reopening the login dialog does not restart a countdown the server still enforces.
 */
const cooldownStore = createExternalStore<Cooldowns>({});

export function startCooldown(name: CooldownName, seconds: number, now = Date.now()): void {
  cooldownStore.set({ ...cooldownStore.get(), [name]: now + seconds * 1000 });
}

export function cooldownEndsAt(name: CooldownName): number {
  return cooldownStore.get()[name] ?? 0;
}

export function useCooldownEnd(name: CooldownName): number {
  return useExternalStore(cooldownStore)[name] ?? 0;
}
