/** Whole seconds until `endsAt` (epoch ms), rounded up so that "1 s" shows until the very end. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** How long to wait before the shown number changes next (the next whole-second boundary). */
export function msUntilNextTick(endsAt: number, now: number): number {
  const remaining = endsAt - now;
  if (remaining <= 0) return 0;
  return remaining % 1000 || 1000;
}
