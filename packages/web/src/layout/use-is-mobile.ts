import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../config/constants';

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia(query).matches;

/** True under 768 px, where the shell switches to the drawer layout (spec part 1 §2 "Shell"). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
