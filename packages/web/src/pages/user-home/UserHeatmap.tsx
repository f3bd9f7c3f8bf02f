import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getUserCalendarHeatmap, type UserKey } from '../../api/user-home';
import { EChart, type EChartOption } from '../../components/charts/EChart';
import { useLanguage } from '../../i18n/use-language';
import { heatmapSeries } from './heatmap-data';

const GREENS = ['#ebedf0', '#9be9a8', '#40c463', '#30a14e', '#216e39'];

/** Spec part 2 §2.6: submissions per day over the last year as an ECharts calendar. */
export function UserHeatmap({ userKey }: { userKey: UserKey }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const heatmap = useQuery({
    queryKey: ['user-heatmap', userKey],
    queryFn: () => getUserCalendarHeatmap(userKey),
    staleTime: 60_000,
  });
  const series = useMemo(() => (heatmap.data ? heatmapSeries(heatmap.data) : null), [heatmap.data]);

  const option = useMemo<EChartOption>(() => {
    if (!series) return {};
    return {
      tooltip: {
        formatter: (p: { value: [string, number] }) =>
          t('userHome.heatmap.tooltip', { date: p.value[0], count: p.value[1] }),
      },
      visualMap: {
        show: false,
        type: 'piecewise',
        pieces: [
          { min: 0, max: 0, color: GREENS[0] },
          { min: 1, max: Math.max(1, Math.ceil(series.max / 4)), color: GREENS[1] },
          { min: Math.ceil(series.max / 4) + 1, max: Math.ceil(series.max / 2), color: GREENS[2] },
          { min: Math.ceil(series.max / 2) + 1, max: Math.ceil((series.max * 3) / 4), color: GREENS[3] },
          { min: Math.ceil((series.max * 3) / 4) + 1, color: GREENS[4] },
        ],
      },
      calendar: {
        range: series.range,
        top: 24,
        left: 36,
        right: 8,
        cellSize: ['auto', 14],
        splitLine: { show: false },
        itemStyle: { color: GREENS[0], borderColor: '#fff', borderWidth: 2 },
        yearLabel: { show: false },
        dayLabel: { nameMap: language === 'zh-CN' ? 'ZH' : 'EN', firstDay: 0, fontSize: 10 },
        monthLabel: { nameMap: language === 'zh-CN' ? 'ZH' : 'EN', fontSize: 10 },
      },
      series: [{ type: 'heatmap', coordinateSystem: 'calendar', data: series.data }],
    };
  }, [series, language, t]);

  return (
    <Card className="user-home-heatmap" title={t('userHome.heatmap.title')}>
      {heatmap.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : series ? (
        <>
          <div className="user-home-heatmap__scroll">
            <EChart
              option={option}
              height={130}
              label={t('userHome.heatmap.label')}
              className="user-home-heatmap__chart"
            />
          </div>
          <Typography.Text type="secondary" className="user-home-heatmap__summary">
            {t('userHome.heatmap.summary', { count: series.total })}
          </Typography.Text>
        </>
      ) : null}
    </Card>
  );
}
