import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { progressColor } from '../../components/judge-status';
import { progressPercent } from './training-rules';

/**
 * The signed-in user's progress in a training (spec part 2 §2.1): acCount of problemCount, the
 * percentage with two decimals, the colour stepping at 20/40/60/80/100 percent.
 */
export function TrainingProgress({
  acCount,
  problemCount,
  size = 'small',
}: {
  acCount: number | null;
  problemCount: number;
  size?: 'small' | 'default';
}) {
  const { t } = useTranslation();
  const percent = progressPercent(acCount, problemCount);
  return (
    <div className="training-progress" data-ac={acCount ?? 0} data-total={problemCount}>
      <Progress
        percent={percent}
        size={size}
        strokeColor={progressColor(percent)}
        format={() => t('training.shell.progressOf', { ac: acCount ?? 0, total: problemCount })}
        aria-label={t('training.shell.progress')}
      />
    </div>
  );
}
