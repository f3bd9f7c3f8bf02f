import { CheckOutlined, MinusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatusIcon } from './contest-rules';

/** The status column's icon of a contest problem (spec part 1 §2; chosen by `problemStatusIcon`). */
export function ContestProblemStatus({ icon }: { icon: StatusIcon }) {
  const { t } = useTranslation();
  switch (icon.kind) {
    case 'none':
      return null;
    case 'accepted':
      return (
        <CheckOutlined
          className="contest-status contest-status--ac"
          role="img"
          aria-label={t('contest.problems.solved')}
        />
      );
    case 'unknown':
      return (
        <Tooltip title={t('contest.problems.sealed')}>
          <QuestionCircleOutlined
            className="contest-status contest-status--unknown"
            role="img"
            aria-label={t('contest.problems.sealed')}
          />
        </Tooltip>
      );
    case 'score':
      return (
        <Tag
          className="contest-status contest-status--score"
          color={icon.full ? 'success' : icon.score > 0 ? 'warning' : 'error'}
          aria-label={t('contest.problems.score', { score: icon.score })}
        >
          {icon.score}
        </Tag>
      );
    default:
      return (
        <MinusOutlined
          className="contest-status contest-status--tried"
          role="img"
          aria-label={t('contest.problems.tried')}
        />
      );
  }
}
