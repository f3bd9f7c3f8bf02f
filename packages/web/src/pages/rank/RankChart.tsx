import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RankKind, RankRecord } from '../../api/rank';
import { EChart, type EChartOption } from '../../components/charts/EChart';

const AC_COLOR = '#52c41a';
const TOTAL_COLOR = '#1677ff';
const SCORE_COLOR = '#fa8c16';

/** Spec part 1 §2 "Rank lists": the top 10 as bars, AC and submissions (ACM) or score (OI). */
export function RankChart({ kind, top }: { kind: RankKind; top: RankRecord[] }) {
  const { t } = useTranslation();
  const acName = t('rank.series.ac');
  const totalName = t('rank.series.total');
  const scoreName = t('rank.series.score');

  const option = useMemo<EChartOption>(() => {
    const bar = (name: string, color: string, data: number[]) => ({
      name,
      type: 'bar',
      barMaxWidth: 32,
      itemStyle: { color },
      data,
    });
    const series =
      kind === 'acm'
        ? [
            bar(
              acName,
              AC_COLOR,
              top.map((r) => r.ac),
            ),
            bar(
              totalName,
              TOTAL_COLOR,
              top.map((r) => r.total),
            ),
          ]
        : [
            bar(
              scoreName,
              SCORE_COLOR,
              top.map((r) => r.score ?? 0),
            ),
          ];
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: top.map((r) => r.username),
        axisLabel: { interval: 0, rotate: top.length > 5 ? 30 : 0, width: 80, overflow: 'truncate' },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series,
    };
  }, [kind, top, acName, totalName, scoreName]);

  return <EChart option={option} height={320} label={t(`rank.chartLabel.${kind}`)} className="rank-chart" />;
}
