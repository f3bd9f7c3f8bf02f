import type { ProblemCount } from '@verdict/shared';
import { useTranslation } from 'react-i18next';
import {
  acceptanceRate,
  distributionFields,
  statusInfo,
  useStatusLabel,
} from '../../components/judge-status';

export type Counts = Omit<ProblemCount, 'pid'>;

/**
 * Spec part 1 §2 "Problem list": the distribution of result statuses of a problem — 8 statuses,
 * 9 with Partial Accepted for OI — as small bars, shown when a row is hovered.
 */
export function StatusDistribution({ counts, isOi }: { counts: Counts; isOi: boolean }) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const fields = distributionFields(isOi);
  const max = Math.max(1, ...fields.map(({ field }) => counts[field]));
  return (
    <div className="status-distribution" aria-label={t('problem.list.distribution')}>
      <div className="status-distribution__head">
        {t('problem.list.acOverTotal', {
          ac: counts.ac,
          total: counts.total,
          rate: acceptanceRate(counts.ac, counts.total),
        })}
      </div>
      {fields.map(({ field, status }) => {
        const info = statusInfo(status);
        const n = counts[field];
        return (
          <div className="status-distribution__row" key={field} title={label(status)}>
            <span className="status-distribution__name">{info.short}</span>
            <span className="status-distribution__track">
              <span
                className="status-distribution__bar"
                style={{ width: `${(n / max) * 100}%`, backgroundColor: info.color }}
              />
            </span>
            <span className="status-distribution__count">{n}</span>
          </div>
        );
      })}
    </div>
  );
}
