import { useEffect, useRef, useState } from 'react';
import {
  countdownAt,
  msUntilNextSecond,
  serverTime,
  type ContestTimes,
  type CountdownView,
} from './contest-clock';

/**
 * The countdown of the contest shell: re-renders on each second of the server's clock (browser
 * time plus `offset`) until the contest ends. `onStatusChange` runs when the contest starts or ends
 * while the page is open, so the shell can read the contest again (its problems open at the start).
 */
export function useContestClock(
  times: ContestTimes | null,
  offset: number,
  onStatusChange?: (status: number) => void,
): CountdownView | null {
  const [, setTick] = useState(0);
  const view = times ? countdownAt(times, serverTime(offset, Date.now())) : null;
  const lastStatus = useRef<number | null>(null);
  const changed = useRef(onStatusChange);
  changed.current = onStatusChange;

  useEffect(() => {
    if (!view) return;
    if (lastStatus.current !== null && lastStatus.current !== view.status) changed.current?.(view.status);
    lastStatus.current = view.status;
  }, [view?.status]);

  // After each render, wake up when the shown second changes next.
  useEffect(() => {
    if (!times) return;
    const wait = msUntilNextSecond(times, serverTime(offset, Date.now()));
    if (wait === null) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), wait);
    return () => clearTimeout(timer);
  });

  return view;
}
