import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** reference §4.4: type 0 ACM, 1 OI. */
export function TypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={type === 1 ? 'purple' : 'blue'}>
      {t(type === 1 ? 'adminContest.type.oi' : 'adminContest.type.acm')}
    </Tag>
  );
}

const AUTH = {
  0: ['green', 'adminContest.auth.public'],
  1: ['red', 'adminContest.auth.private'],
  2: ['orange', 'adminContest.auth.protected'],
} as const;

/** reference §4.4: auth 0 public, 1 private, 2 protected (red and orange as the contest list's lock). */
export function AuthTag({ auth }: { auth: number }) {
  const { t } = useTranslation();
  const [color, key] = AUTH[auth as 0 | 1 | 2] ?? AUTH[0];
  return <Tag color={color}>{t(key)}</Tag>;
}

const STATUS = {
  '-1': ['gold', 'adminContest.status.scheduled'],
  '0': ['green', 'adminContest.status.running'],
  '1': ['default', 'adminContest.status.ended'],
} as const;

/** reference §4.4: status -1 scheduled, 0 running, 1 ended. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const [color, key] = STATUS[String(status) as '-1' | '0' | '1'] ?? STATUS['-1'];
  return <Tag color={color}>{t(key)}</Tag>;
}
