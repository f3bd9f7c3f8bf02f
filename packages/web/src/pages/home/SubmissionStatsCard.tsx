import { BarChartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getLastWeekSubmissionStatistics } from '../../api/home';
import { EChart, type EChartOption } from '../../components/charts/EChart';
import { weekChartDays } from './week-chart';

const ACCEPTED_COLOR = '#52c41a';
const TOTAL_COLOR = '#1677ff';

/**
 * Spec part 1 §2 "Home", reference §7.17: accepted and total submissions of each of the last seven
 * days, every scope counted. The server caches the figures for 30 minutes, so this card does too.
 */
export function SubmissionStatsCard() {
  const { t } = useTranslation();
  const statistics = useQuery({
    queryKey: ['last-week-submissions'],
    queryFn: getLastWeekSubmissionStatistics,
    staleTime: 30 * 60_000,
  });
  const days = useMemo(() => weekChartDays(statistics.data), [statistics.data]);
  const accepted = t('home.accepted');
  const total = t('home.total');

  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { data: [accepted, total], top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((day) => day.label) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: accepted,
          type: 'bar',
          barMaxWidth: 28,
          itemStyle: { color: ACCEPTED_COLOR },
          data: days.map((day) => day.accepted),
        },
        {
          name: total,
          type: 'bar',
          barMaxWidth: 28,
          itemStyle: { color: TOTAL_COLOR },
          data: days.map((day) => day.total),
        },
      ],
    }),
    [days, accepted, total],
  );

  return (
    <Card
      className="home-card home-statistics"
      title={
        <span>
          <BarChartOutlined /> {t('home.lastWeekSubmissions')}
        </span>
      }
    >
      {statistics.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : days.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.loadFailed')} />
      ) : (
        <>
          <EChart option={option} height={300} label={t('home.chartLabel')} />
          {/* The figures as text too, for screen readers and for the browser tests. */}
          <ul className="home-statistics__figures">
            {days.map((day) => (
              <li key={day.label} data-day={day.label}>
                {day.label}: {accepted} {day.accepted} / {total} {day.total}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
