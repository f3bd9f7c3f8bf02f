import type { WeekSubmissionStatistics } from '../../api/home';

/**
 * The last week's submissions (reference §7.17) as chart rows: one per day, oldest first, with the
 * accepted and total counts. Lists of unequal length are cut to the shortest, missing counts are 0.
 */
export interface WeekChartDay {
  label: string;
  accepted: number;
  total: number;
}

export function weekChartDays(statistics: WeekSubmissionStatistics | undefined): WeekChartDay[] {
  if (!statistics) return [];
  const { dateStrList, acCountList, totalCountList } = statistics;
  return dateStrList.map((label, i) => ({
    label,
    accepted: acCountList[i] ?? 0,
    total: totalCountList[i] ?? 0,
  }));
}
