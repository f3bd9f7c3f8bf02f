import { useCallback, useSyncExternalStore } from 'react';

/** Whether a media query matches, following changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Spec part 1 §9: the problem page stacks under 992 px. */
export const STACKED_QUERY = '(max-width: 991.98px)';
/** Spec part 1 §9: the mobile breakpoint. */
export const MOBILE_QUERY = '(max-width: 767.98px)';
