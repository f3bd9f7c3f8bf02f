/** A relative time as a unit and a whole count, so that the screen can word it in either language. */
export type RelativeTime =
  { unit: 'justNow' } | { unit: 'seconds' | 'minutes' | 'hours' | 'days'; count: number };

/** How long ago `thenIso` was at `nowMs`; clocks a little ahead of the browser read as "just now". */
export function relativeTime(thenIso: string, nowMs: number): RelativeTime {
  const seconds = Math.floor((nowMs - new Date(thenIso).getTime()) / 1000);
  if (seconds < 5) return { unit: 'justNow' };
  if (seconds < 60) return { unit: 'seconds', count: seconds };
  if (seconds < 3600) return { unit: 'minutes', count: Math.floor(seconds / 60) };
  if (seconds < 86400) return { unit: 'hours', count: Math.floor(seconds / 3600) };
  return { unit: 'days', count: Math.floor(seconds / 86400) };
}

/** Bytes as MiB with one decimal, for the server process card. */
export const mebibytes = (bytes: string | number) => `${(Number(bytes) / 1024 / 1024).toFixed(1)} MiB`;
