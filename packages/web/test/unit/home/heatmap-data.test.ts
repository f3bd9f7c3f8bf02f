import { describe, expect, it } from 'vitest';
import { heatmapSeries, solvedByDifficulty } from '../../../src/pages/user-home/heatmap-data.ts';
import { weekChartDays } from '../../../src/pages/home/week-chart.ts';

describe('calendar heatmap data (spec part 2 §2.6, reference §7.11)', () => {
  it("covers the year ending on the server's endDate, starting the day after a year before", () => {
    const series = heatmapSeries({ endDate: '2026-11-26', dataList: [] });
    expect(series.range).toEqual(['2025-11-27', '2026-11-26']);
    expect(series).toMatchObject({ data: [], max: 1, total: 0 });
  });

  it('spans a leap day when the year has one', () => {
    expect(heatmapSeries({ endDate: '2028-03-01', dataList: [] }).range).toEqual([
      '2027-03-02',
      '2028-03-01',
    ]);
  });

  it('keeps the days of the window in order, sums repeated days and leaves out empty or outside days', () => {
    const series = heatmapSeries({
      endDate: '2026-11-26',
      dataList: [
        { date: '2026-11-26', count: 4 },
        { date: '2025-11-27', count: 1 },
        { date: '2025-11-26', count: 9 }, // a year and a day before: outside
        { date: '2026-11-27', count: 9 }, // after the end: outside
        { date: '2026-03-01', count: 0 },
        { date: '2026-03-01', count: 2 },
        { date: '2026-03-01', count: 3 },
      ],
    });
    expect(series.data).toEqual([
      ['2025-11-27', 1],
      ['2026-03-01', 5],
      ['2026-11-26', 4],
    ]);
    expect(series.max).toBe(5);
    expect(series.total).toBe(10);
  });
});

describe('user home problem lists (spec part 2 §2.6)', () => {
  it('groups solved problems by difficulty, easiest first, ids in natural order', () => {
    const groups = solvedByDifficulty({
      '3': [
        { id: 5, problemId: 'P1010', title: 'T', difficulty: 3 },
        { id: 4, problemId: 'P1002', title: 'T', difficulty: 3 },
      ],
      '0': [{ id: 1, problemId: 'P1000', title: 'T', difficulty: 0 }],
      '1': [],
    });
    expect(groups.map((g) => g.difficulty)).toEqual([0, 3]);
    expect(groups[1]!.problems.map((p) => p.problemId)).toEqual(['P1002', 'P1010']);
    expect(solvedByDifficulty(null)).toEqual([]);
  });
});

describe('last-week statistics chart (reference §7.17)', () => {
  it('one row per day, oldest first, with accepted and total', () => {
    expect(
      weekChartDays({ dateStrList: ['11-20', '11-21'], acCountList: [1, 0], totalCountList: [3, 2] }),
    ).toEqual([
      { label: '11-20', accepted: 1, total: 3 },
      { label: '11-21', accepted: 0, total: 2 },
    ]);
    expect(weekChartDays({ dateStrList: ['11-20'], acCountList: [], totalCountList: [] })).toEqual([
      { label: '11-20', accepted: 0, total: 0 },
    ]);
    expect(weekChartDays(undefined)).toEqual([]);
  });
});
