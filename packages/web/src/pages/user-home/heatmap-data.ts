import dayjs from 'dayjs';
import type { CalendarHeatmap, SolvedProblem } from '../../api/user-home';

/**
 * The one-year calendar (spec part 2 §2.6, reference §7.11 "Calendar heatmap"): the server's days
 * ("yyyy-MM-dd" in its time zone) as ECharts calendar data. The range ends on the server's
 * `endDate` and starts the day after the same date a year before, so it shows 365 or 366 days.
 */
export interface HeatmapSeries {
  range: [string, string];
  data: [string, number][];
  /** the largest day's count, at least 1 (the colour scale's top) */
  max: number;
  total: number;
}

const DAY = 'YYYY-MM-DD';

export function heatmapSeries(heatmap: CalendarHeatmap): HeatmapSeries {
  const end = dayjs(heatmap.endDate);
  const start = end.subtract(1, 'year').add(1, 'day');
  const startText = start.format(DAY);
  const endText = end.format(DAY);
  const byDay = new Map<string, number>();
  for (const { date, count } of heatmap.dataList) {
    // Days outside the window (a server on another clock) would stretch nothing: they are left out.
    if (date < startText || date > endText || count <= 0) continue;
    byDay.set(date, (byDay.get(date) ?? 0) + count);
  }
  const data = [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const counts = data.map(([, count]) => count);
  return {
    range: [startText, endText],
    data,
    max: Math.max(1, ...counts),
    total: counts.reduce((sum, count) => sum + count, 0),
  };
}

/** Solved problems by difficulty, easiest first, each group sorted by problem id (spec part 2 §2.6). */
export function solvedByDifficulty(
  groups: Record<string, SolvedProblem[]> | null | undefined,
): { difficulty: number; problems: SolvedProblem[] }[] {
  return Object.entries(groups ?? {})
    .map(([difficulty, problems]) => ({
      difficulty: Number(difficulty),
      problems: [...problems].sort((a, b) => a.problemId.localeCompare(b.problemId, 'en', { numeric: true })),
    }))
    .filter((group) => Number.isFinite(group.difficulty) && group.problems.length > 0)
    .sort((a, b) => a.difficulty - b.difficulty);
}
