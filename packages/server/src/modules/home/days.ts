import { startOfDay } from '../admin/dashboard/counts.ts';

/**
 * Calendar days in the server's time zone (the process's TZ), as the home statistics and the
 * heatmap count them (reference §7.17 `DATE(gmt_create)`): `count` consecutive days ending with the
 * day of `now`, oldest first. Each day runs from its midnight to the next one, so a day with a
 * daylight-saving change is 23 or 25 hours long. `bounds` has `count + 1` instants (the last is
 * tomorrow's midnight), the thresholds of `width_bucket`.
 */
export function localDays(now: Date, count: number): { bounds: Date[]; labels: string[] } {
  const today = startOfDay(now);
  const bounds: Date[] = [];
  for (let i = count - 1; i >= -1; i--) {
    const day = new Date(today);
    day.setDate(today.getDate() - i);
    bounds.push(day);
  }
  return { bounds, labels: bounds.slice(0, -1).map(isoDate) };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "yyyy-MM-dd" of a local day. */
export function isoDate(day: Date): string {
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}
