import { Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before a submission is judged again (spec part 1 §4 rejudge); `children` is the button. */
export function RejudgeConfirm({
  submitId,
  onConfirm,
  children,
}: {
  submitId: number;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={t('problem.admin.rejudgeOneConfirm', { id: submitId })}
      onConfirm={onConfirm}
      okText={t('problem.common.ok')}
      cancelText={t('problem.common.cancel')}
    >
      {children}
    </Popconfirm>
  );
}
