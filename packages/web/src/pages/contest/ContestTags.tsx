import { LockFilled } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { splitDuration } from './clock/contest-clock';
import { CONTEST_AUTH } from './contest-rules';

/** The small pieces the contest list and the shell share (spec part 1 §2). */

const STATUS_COLOR: Record<number, string> = { [-1]: 'blue', 0: 'green', 1: 'red' };
const STATUS_KEY = { [-1]: 'scheduled', 0: 'running', 1: 'ended' } as const;

export function ContestStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const key = STATUS_KEY[status as -1 | 0 | 1] ?? 'ended';
  return (
    <Tag color={STATUS_COLOR[status] ?? 'default'} className="contest-status-tag" data-status={status}>
      {t(`contest.status.${key}`)}
    </Tag>
  );
}

const AUTH_KEY = { 0: 'public', 1: 'private', 2: 'protected' } as const;
const AUTH_COLOR: Record<number, string> = { 0: 'green', 1: 'red', 2: 'orange' };

/** Public, Private or Protected, with what it means in the tooltip. */
export function ContestAuthTag({ auth }: { auth: number }) {
  const { t } = useTranslation();
  const key = AUTH_KEY[auth as 0 | 1 | 2] ?? 'public';
  return (
    <Tooltip title={t(`contest.authTips.${key}`)}>
      <Tag color={AUTH_COLOR[auth]} className="contest-auth-tag" data-auth={auth}>
        {t(`contest.auth.${key}`)}
      </Tag>
    </Tooltip>
  );
}

/** Spec part 1 §2: a red lock for private, an orange one for protected contests. */
export function ContestLock({ auth }: { auth: number }) {
  const { t } = useTranslation();
  if (auth === CONTEST_AUTH.public) return null;
  const key = auth === CONTEST_AUTH.private ? 'private' : 'protected';
  return (
    <LockFilled
      className={`contest-lock contest-lock--${key}`}
      aria-label={t(`contest.auth.${key}`)}
      role="img"
    />
  );
}

/** A length of time in words: "2 d 03:00:00" style for long ones, "05:00:00" otherwise. */
export function useDurationText() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const { days, clock } = splitDuration(seconds);
    return days > 0 ? t('contest.duration.days', { count: days, clock }) : clock;
  };
}
