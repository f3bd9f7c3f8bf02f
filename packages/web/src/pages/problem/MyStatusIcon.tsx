import {
  CheckCircleFilled,
  CloseCircleFilled,
  MinusCircleFilled,
  QuestionCircleFilled,
} from '@ant-design/icons';
import { JudgeStatus } from '@verdict/shared';
import { Tooltip } from 'antd';
import { isUnfinished, useStatusLabel } from '../../components/judge-status';

/** The signed-in user's status on a problem: a check when solved, nothing when never submitted. */
export function MyStatusIcon({ status }: { status: number | null | undefined }) {
  const label = useStatusLabel();
  if (status === null || status === undefined || status === JudgeStatus.NOT_SUBMITTED) return null;
  let icon;
  if (status === JudgeStatus.ACCEPTED) icon = <CheckCircleFilled className="my-status my-status--ac" />;
  else if (status === JudgeStatus.SUBMITTED_UNKNOWN_RESULT || isUnfinished(status))
    icon = <QuestionCircleFilled className="my-status my-status--pending" />;
  else if (status === JudgeStatus.PARTIAL_ACCEPTED)
    icon = <MinusCircleFilled className="my-status my-status--partial" />;
  else icon = <CloseCircleFilled className="my-status my-status--failed" />;
  return (
    <Tooltip title={label(status)}>
      <span role="img" aria-label={label(status)} data-my-status={status}>
        {icon}
      </span>
    </Tooltip>
  );
}
