import { describe, expect, it } from 'vitest';
import { msUntilNextTick, secondsLeft } from '../../src/components/countdown/countdown.ts';

describe('resend countdown (spec part 1 §9: register 60 s, reset mail 90 s)', () => {
  const start = 1_000_000;
  const endsAt = start + 60_000;

  it('counts whole seconds, rounded up, and stops at 0', () => {
    expect(secondsLeft(endsAt, start)).toBe(60);
    expect(secondsLeft(endsAt, start + 1)).toBe(60);
    expect(secondsLeft(endsAt, start + 999)).toBe(60);
    expect(secondsLeft(endsAt, start + 1000)).toBe(59);
    expect(secondsLeft(endsAt, endsAt - 1)).toBe(1);
    expect(secondsLeft(endsAt, endsAt)).toBe(0);
    expect(secondsLeft(endsAt, endsAt + 5000)).toBe(0);
    expect(secondsLeft(0, start)).toBe(0);
  });

  it('wakes up exactly when the shown number changes', () => {
    expect(msUntilNextTick(endsAt, start)).toBe(1000);
    expect(msUntilNextTick(endsAt, start + 250)).toBe(750);
    expect(msUntilNextTick(endsAt, endsAt - 10)).toBe(10);
    expect(msUntilNextTick(endsAt, endsAt)).toBe(0);
    // After waiting that long, the number is one less.
    const now = start + 250;
    expect(secondsLeft(endsAt, now + msUntilNextTick(endsAt, now))).toBe(secondsLeft(endsAt, now) - 1);
  });
});
