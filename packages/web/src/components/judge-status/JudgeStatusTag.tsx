import { LoadingOutlined, RedoOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import type { MouseEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnfinished, statusInfo, type StatusKey } from './status';
import './judge-status.css';

/** The translated name of a judge status. */
export function useStatusLabel(): (status: number) => string {
  const { t } = useTranslation();
  return (status: number) => t(`problem.status.${statusInfo(status).key satisfies StatusKey}`);
}

export interface JudgeStatusTagProps {
  status: number;
  /** a bigger tag, for the status panels */
  large?: boolean;
  /** Submitted Failed on a remote problem offers a resubmit (spec part 1 §4) */
  resubmit?: boolean;
  onClick?: MouseEventHandler<HTMLSpanElement>;
  title?: string;
}

/** A judge status as a coloured tag; unfinished statuses spin (spec part 1 §4). */
export function JudgeStatusTag({ status, large, resubmit, onClick, title }: JudgeStatusTagProps) {
  const label = useStatusLabel();
  const info = statusInfo(status);
  const icon = resubmit ? <RedoOutlined /> : isUnfinished(status) ? <LoadingOutlined /> : undefined;
  const classes = ['judge-status-tag'];
  if (large) classes.push('judge-status-tag--large');
  if (onClick) classes.push('judge-status-tag--clickable');
  return (
    <Tag
      color={info.color}
      variant="solid"
      icon={icon}
      className={classes.join(' ')}
      onClick={onClick}
      title={title}
      data-status={status}
    >
      {label(status)}
    </Tag>
  );
}
