import type { NavigateFunction } from 'react-router';

/** Back in history when this tab has somewhere to go back to, otherwise to the fallback page. */
export function goBack(navigate: NavigateFunction, fallback = '/home'): void {
  const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (index > 0) void navigate(-1);
  else void navigate(fallback);
}
