import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TeamOutlined } from '@ant-design/icons';
import { deleteGroup, updateGroup, uploadGroupAvatar, type GroupDetailVO } from '../../api/group';
import { AvatarPicker } from '../../components/avatar-cropper/AvatarPicker';
import { toast } from '../../feedback/toast';
import { failureText } from './GroupCreateDialog';
import { GroupInfoFields } from './GroupInfoFields';
import { groupListKey } from './GroupListPage';
import {
  canDisband,
  groupFormBody,
  groupFormProblems,
  type GroupDraft,
  type GroupField,
} from './group-rules';
import { useGroupContext } from './use-group';

const draftOf = (group: GroupDetailVO): GroupDraft => ({
  name: group.name,
  shortName: group.shortName,
  brief: group.brief ?? '',
  description: group.description ?? '',
  auth: group.auth,
  code: group.code ?? '',
  visible: group.visible,
});

/**
 * The setting tab (spec part 2 §2.2, the group's root and site root): the avatar (cropped, as a
 * user's), the group form with the create dialog's fields and checks, and Disband for the owner and
 * site root.
 */
export function GroupSettingTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useGroupContext();
  const { group, viewer } = state;
  const [draft, setDraft] = useState<GroupDraft | null>(group ? draftOf(group) : null);
  const [tried, setTried] = useState(false);
  const [touched, setTouched] = useState<Set<GroupField>>(new Set());
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (group) setDraft(draftOf(group));
  }, [group]);

  if (!group || !draft) return null;

  const save = async () => {
    setTried(true);
    if (Object.keys(groupFormProblems(draft)).length > 0) {
      toast.error(t('group.form.fixErrors'));
      return;
    }
    setSaving(true);
    setServerError(null);
    try {
      await updateGroup({ ...groupFormBody(draft), id: group.id });
      toast.success(t('group.form.saved'));
      void queryClient.invalidateQueries({ queryKey: groupListKey });
      await state.refresh();
    } catch (error) {
      setServerError(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  const disband = () =>
    modal.confirm({
      title: t('group.setting.disband'),
      content: t('group.setting.disbandConfirm', { name: group.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteGroup(group.id);
          toast.success(t('group.setting.disbanded'));
          queryClient.removeQueries({ queryKey: ['group-detail', group.id] });
          void queryClient.invalidateQueries({ queryKey: groupListKey });
          navigate('/group');
        } catch {
          // shown by the client
        }
      },
    });

  const uploadAvatar = async (png: Blob) => {
    try {
      await uploadGroupAvatar(group.id, png);
      void queryClient.invalidateQueries({ queryKey: groupListKey });
      await state.refresh();
      return true;
    } catch {
      return false; // shown by the client
    }
  };

  return (
    <div className="group-panel">
      <Card title={t('group.setting.avatar')} data-testid="group-avatar">
        <AvatarPicker
          src={group.avatar}
          alt={t('group.setting.avatar')}
          icon={<TeamOutlined />}
          upload={uploadAvatar}
        />
      </Card>
      <Card
        title={t('group.form.editTitle')}
        data-testid="group-setting"
        extra={
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('group.form.save')}
          </Button>
        }
      >
        <GroupInfoFields
          idPrefix="group-setting"
          draft={draft}
          onChange={setDraft}
          tried={tried}
          touched={touched}
          onTouch={(field) => setTouched((old) => new Set(old).add(field))}
          serverError={serverError}
        />
      </Card>
      {canDisband(viewer) ? (
        <Card title={t('group.setting.dangerZone')} className="group-setting__danger">
          <p>{t('group.setting.disbandTips')}</p>
          <Button danger icon={<DeleteOutlined />} onClick={disband}>
            {t('group.setting.disband')}
          </Button>
        </Card>
      ) : null}
    </div>
  );
}
