import { Button, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { createGroup } from '../../api/group';
import { toast } from '../../feedback/toast';
import { emptyGroupDraft, GroupInfoFields } from './GroupInfoFields';
import { groupFormBody, groupFormProblems, type GroupDraft, type GroupField } from './group-rules';

/** The words of a refused call, for the form's alert (the client has toasted them as well). */
export const failureText = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

/**
 * The full-screen Create Group dialog (spec part 2 §2.2): the group form, checked before sending;
 * the server's refusal (a taken name, the quotas of reference §7.6) shows above the form.
 */
export function GroupCreateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (gid: number | null) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<GroupDraft>(emptyGroupDraft);
  const [tried, setTried] = useState(false);
  const [touched, setTouched] = useState<Set<GroupField>>(new Set());
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    setDraft(emptyGroupDraft());
    setTried(false);
    setTouched(new Set());
    setServerError(null);
  }, [open]);

  const save = async () => {
    setTried(true);
    if (Object.keys(groupFormProblems(draft)).length > 0) {
      toast.error(t('group.form.fixErrors'));
      return;
    }
    setSaving(true);
    setServerError(null);
    try {
      const gid = await createGroup(groupFormBody(draft));
      toast.success(t('group.form.created'));
      onCreated(typeof gid === 'number' ? gid : null);
    } catch (error) {
      setServerError(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('group.form.createTitle')}
      onCancel={onClose}
      width="100vw"
      wrapClassName="group-fullscreen-wrap"
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('group.form.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('group.form.create')}
          </Button>
        </Space>
      }
    >
      <GroupInfoFields
        idPrefix="group-create"
        draft={draft}
        onChange={setDraft}
        tried={tried}
        touched={touched}
        onTouch={(field) => setTouched((old) => new Set(old).add(field))}
        serverError={serverError}
      />
    </Modal>
  );
}
