import { useEffect, useState } from 'react';
import { msUntilNextTick, secondsLeft } from './countdown';

/** Seconds left until `endsAt` (epoch ms), re-rendering as each second passes; 0 once it has passed. */
export function useSecondsLeft(endsAt: number): number {
  const [, setTick] = useState(0);
  const left = secondsLeft(endsAt, Date.now());

  // After each render, wake up when the shown number changes next.
  useEffect(() => {
    if (left === 0) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), msUntilNextTick(endsAt, Date.now()));
    return () => clearTimeout(timer);
  });

  return left;
}
