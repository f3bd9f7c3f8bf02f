import { JudgeStatus, MANUAL_JUDGE_STATUSES } from '@verdict/shared';
import { Button, Form, InputNumber, Modal, Popconfirm, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelJudge, manualJudge, type Submission, type SubmissionRow } from '../../api/submission';
import { JudgeStatusTag, useStatusLabel } from '../../components/judge-status';
import { toast } from '../../feedback/toast';
import { canCancelJudge, canSetVerdict } from './submission-rules';

interface ManualJudgeModalProps {
  submission: SubmissionRow | null;
  onClose: () => void;
  onChanged: (submission: Submission) => void;
}

/**
 * Spec part 1 §4 "Manual judge" (super admin): set a final status (and an OI score), or cancel the
 * judging. The update is not offered over a pending or cancelled submission; cancelling is refused
 * while it compiles or runs.
 */
export function ManualJudgeModal({ submission, onClose, onChanged }: ManualJudgeModalProps) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const [status, setStatus] = useState<number>(JudgeStatus.ACCEPTED);
  const [score, setScore] = useState<number | null>(null);
  const [busy, setBusy] = useState<'update' | 'cancel' | null>(null);

  useEffect(() => {
    if (!submission) return;
    setStatus(MANUAL_JUDGE_STATUSES.includes(submission.status) ? submission.status : JudgeStatus.ACCEPTED);
    setScore(submission.score);
  }, [submission]);

  const run = async (kind: 'update' | 'cancel') => {
    if (!submission) return;
    setBusy(kind);
    try {
      const changed =
        kind === 'update'
          ? await manualJudge(submission.submitId, status, score ?? undefined)
          : await cancelJudge(submission.submitId);
      toast.success(t(kind === 'update' ? 'problem.admin.updated' : 'problem.admin.cancelled'));
      onChanged(changed);
      onClose();
    } catch {
      // shown by the client
    } finally {
      setBusy(null);
    }
  };

  const current = submission?.status ?? JudgeStatus.PENDING;
  return (
    <Modal
      open={submission !== null}
      title={t('problem.admin.manualJudgeTitle', { id: submission?.submitId ?? '' })}
      onCancel={onClose}
      footer={
        <Space wrap>
          <Popconfirm
            title={t('problem.admin.cancelConfirm')}
            onConfirm={() => void run('cancel')}
            okText={t('problem.common.ok')}
            cancelText={t('problem.common.cancel')}
            disabled={!canCancelJudge(current)}
          >
            <Button
              danger
              loading={busy === 'cancel'}
              disabled={!canCancelJudge(current) || busy === 'update'}
            >
              {t('problem.admin.cancelJudge')}
            </Button>
          </Popconfirm>
          <Button onClick={onClose}>{t('problem.common.cancel')}</Button>
          <Button
            type="primary"
            loading={busy === 'update'}
            disabled={!canSetVerdict(current) || busy === 'cancel'}
            onClick={() => void run('update')}
          >
            {t('problem.admin.update')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('problem.admin.currentStatus')}>
          <JudgeStatusTag status={current} />
        </Form.Item>
        <Form.Item label={t('problem.admin.newStatus')} htmlFor="manual-judge-status">
          <Select
            id="manual-judge-status"
            value={status}
            onChange={setStatus}
            // tall enough to show all nine targets without scrolling
            listHeight={320}
            options={MANUAL_JUDGE_STATUSES.map((code) => ({ value: code, label: label(code) }))}
          />
        </Form.Item>
        <Form.Item
          label={t('problem.admin.score')}
          extra={t('problem.admin.scoreHint')}
          htmlFor="manual-judge-score"
        >
          <InputNumber
            id="manual-judge-score"
            min={0}
            precision={0}
            value={score}
            onChange={(value) => setScore(value)}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
