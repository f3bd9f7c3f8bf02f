import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { ROUTE_PROGRESS_SPEED_MS } from '../config/constants';

type Phase = 'idle' | 'running' | 'finishing';

/** A thin bar at the top of the page while a route change is under way (spec part 2 §2.9). */
export function RouteProgressBar() {
  const navigating = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (navigating) {
      setPhase('running');
      return;
    }
    setPhase((previous) => (previous === 'running' ? 'finishing' : previous));
    const timer = setTimeout(() => setPhase('idle'), ROUTE_PROGRESS_SPEED_MS);
    return () => clearTimeout(timer);
  }, [navigating]);

  if (phase === 'idle') return null;
  return (
    <div
      className={`route-progress route-progress--${phase}`}
      style={{ animationDuration: `${ROUTE_PROGRESS_SPEED_MS}ms` }}
      aria-hidden
    />
  );
}
