/**
 * Units of spec part 1 §9: memory in KB upward with base 1024, time in ms, length in B, the
 * acceptance rate with two decimals, and the progress colour steps at 20/40/60/80/100 percent.
 */

const EMPTY = '--';

const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || Number.isNaN(value);

/** Up to two decimals, without trailing zeros (1.50 → 1.5, 2.00 → 2). */
function twoDecimals(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** `memory` is in KB (reference §8.11). */
export function formatMemory(kb: number | null | undefined): string {
  if (isMissing(kb)) return EMPTY;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  if (kb < 1024 * 1024) return `${twoDecimals(kb / 1024)} MB`;
  return `${twoDecimals(kb / 1024 / 1024)} GB`;
}

export function formatTime(ms: number | null | undefined): string {
  if (isMissing(ms)) return EMPTY;
  return `${Math.round(ms)} ms`;
}

export function formatLength(bytes: number | null | undefined): string {
  if (isMissing(bytes)) return EMPTY;
  return `${Math.round(bytes)} B`;
}

/** Accepted over total as a percentage with two decimals; 0.00% when nothing was submitted. */
export function acceptanceRate(ac: number, total: number): string {
  if (!total) return '0.00%';
  return `${((ac / total) * 100).toFixed(2)}%`;
}

/** 0–100, rounded to two decimals. */
export function acceptancePercent(ac: number, total: number): number {
  if (!total) return 0;
  return Math.round((ac / total) * 10000) / 100;
}

const PROGRESS_COLORS = ['#909399', '#f56c6c', '#e6a23c', '#1890ff', '#52c41a'] as const;

/** Spec part 1 §9: the bar colour steps at 20, 40, 60, 80 and 100 percent. */
export function progressColor(percent: number): string {
  if (percent < 20) return PROGRESS_COLORS[0];
  if (percent < 40) return PROGRESS_COLORS[1];
  if (percent < 60) return PROGRESS_COLORS[2];
  if (percent < 80) return PROGRESS_COLORS[3];
  return PROGRESS_COLORS[4];
}
