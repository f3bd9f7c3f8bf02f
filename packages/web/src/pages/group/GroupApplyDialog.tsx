import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { joinGroup, type GroupDetailVO } from '../../api/group';
import { toast } from '../../feedback/toast';
import { failureText } from './GroupCreateDialog';
import { useProblemText } from './GroupInfoFields';
import { applyProblems, GROUP_AUTH, GROUP_LIMITS } from './group-rules';

/**
 * The apply dialog of a Protected or Private group (spec part 2 §2.2, §5 "Apply dialog"): the
 * invitation code (Private groups, exactly 6 characters) and the reason (5–100 characters); the
 * server's refusal (a wrong code) shows in the dialog.
 */
export function GroupApplyDialog({
  group,
  open,
  onClose,
  onApplied,
}: {
  group: GroupDetailVO;
  open: boolean;
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    setCode('');
    setReason('');
    setTried(false);
    setServerError(null);
  }, [open]);

  const problems = applyProblems(group.auth, code, reason);
  const codeHelp = tried ? problemText(t('group.apply.code'), problems.code) : undefined;
  const reasonHelp = tried ? problemText(t('group.apply.reason'), problems.reason) : undefined;

  const submit = async () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    setServerError(null);
    try {
      await joinGroup(group.id, group.auth === GROUP_AUTH.private ? code : undefined, reason.trim());
      toast.success(t('group.shell.applied'));
      onApplied();
    } catch (error) {
      setServerError(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('group.apply.title', { name: group.name })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('group.apply.submit')}
      cancelText={t('group.apply.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        {serverError ? (
          <Alert type="error" showIcon message={serverError} className="group-form__error" role="alert" />
        ) : null}
        {group.auth === GROUP_AUTH.private ? (
          <Form.Item
            label={t('group.apply.code')}
            htmlFor="group-apply-code"
            required
            validateStatus={codeHelp ? 'error' : undefined}
            help={codeHelp}
          >
            <Input
              id="group-apply-code"
              value={code}
              maxLength={GROUP_LIMITS.codeLength}
              placeholder={t('group.apply.codePlaceholder')}
              autoComplete="off"
              onChange={(e) => setCode(e.target.value)}
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label={t('group.apply.reason')}
          htmlFor="group-apply-reason"
          required
          validateStatus={reasonHelp ? 'error' : undefined}
          help={reasonHelp}
        >
          <Input.TextArea
            id="group-apply-reason"
            value={reason}
            maxLength={GROUP_LIMITS.reason.max}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('group.apply.reasonPlaceholder')}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
