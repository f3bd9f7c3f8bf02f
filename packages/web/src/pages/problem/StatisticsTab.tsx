import type { ProblemCount } from '@verdict/shared';
import { Empty, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  acceptanceRate,
  distributionFields,
  statusInfo,
  useStatusLabel,
} from '../../components/judge-status';
import { PieChart } from './PieChart';

/** Spec part 1 §2: the problem's statistics — its result statuses as a chart. */
export function StatisticsTab({ counts, isOi }: { counts: ProblemCount; isOi: boolean }) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const slices = useMemo(
    () =>
      distributionFields(isOi)
        .map(({ field, status }) => ({
          name: label(status),
          value: counts[field],
          color: statusInfo(status).color,
        }))
        .filter((slice) => slice.value > 0),
    // `label` follows `t`
    [counts, isOi, t],
  );
  return (
    <div className="problem-statistics">
      <div className="problem-statistics__numbers">
        <Statistic title={t('problem.list.total')} value={counts.total} />
        <Statistic title={label(0)} value={counts.ac} />
        <Statistic title={t('problem.list.acRate')} value={acceptanceRate(counts.ac, counts.total)} />
      </div>
      {slices.length === 0 ? (
        <Empty description={t('problem.statistics.none')} />
      ) : (
        <PieChart slices={slices} label={t('problem.statistics.chart')} />
      )}
    </div>
  );
}
