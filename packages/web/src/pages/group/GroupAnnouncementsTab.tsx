import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { AnnouncementVO } from '@verdict/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Space, Switch, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteGroupAnnouncement, getGroupAnnouncements, saveGroupAnnouncement } from '../../api/group';
import { MarkdownComposer } from '../../components/comments';
import { toast } from '../../feedback/toast';
import { failureText } from './GroupCreateDialog';
import { groupAnnouncementsKey } from './GroupHome';
import { useSession } from '../../store/session';
import { canChangeGroupContent, GROUP_MEMBER_PAGE_SIZE, isGroupAdmin } from './group-rules';
import { useGroupContext } from './use-group';

interface Draft {
  id?: number;
  title: string;
  content: string;
  visible: boolean;
}

/** announcement.title is varchar(255) (reference §4.6). */
const TITLE_MAX = 255;

/**
 * The announcements tab (spec part 2 §2.2, group admins): the group's announcements, shown and
 * hidden, created and edited in a full-screen dialog (title, markdown content, visible), deleted
 * after a confirmation; editing and deleting are for the author, the group's root and site root,
 * disabled with the reason for the group's other admins.
 */
export function GroupAnnouncementsTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const { gid, viewer } = useGroupContext();
  const { userInfo } = useSession();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const admin = isGroupAdmin(viewer);
  const list = useQuery({
    queryKey: [...groupAnnouncementsKey(gid), 'admin', page],
    queryFn: () => getGroupAnnouncements(gid, page, GROUP_MEMBER_PAGE_SIZE, true),
    placeholderData: keepPreviousData,
    enabled: admin,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: groupAnnouncementsKey(gid) });
  /** reference §7.12: why the viewer may not edit or delete the row (its author, the group root and site root may) */
  const locked = (row: AnnouncementVO) =>
    canChangeGroupContent(viewer, userInfo, { uid: row.uid, author: row.username })
      ? undefined
      : t('group.notYours');

  const openDraft = (next: Draft) => {
    setDraft(next);
    setTried(false);
    setServerError(null);
  };

  const titleError = draft && draft.title.trim() === '' ? t('group.announcement.titleRequired') : undefined;
  const contentError =
    draft && draft.content.trim() === '' ? t('group.announcement.contentRequired') : undefined;

  const save = async () => {
    if (!draft) return;
    setTried(true);
    if (titleError || contentError) return;
    setSaving(true);
    setServerError(null);
    try {
      await saveGroupAnnouncement({
        id: draft.id,
        gid,
        title: draft.title.trim(),
        content: draft.content,
        status: draft.visible ? 0 : 1,
      });
      toast.success(t(draft.id ? 'group.announcement.saved' : 'group.announcement.created'));
      setDraft(null);
      await refresh();
    } catch (error) {
      setServerError(failureText(error));
    } finally {
      setSaving(false);
    }
  };

  const remove = (row: AnnouncementVO) =>
    modal.confirm({
      title: t('group.announcement.delete'),
      content: t('group.announcement.deleteConfirm', { title: row.title }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteGroupAnnouncement(row.id);
          toast.success(t('group.announcement.deleted'));
          await refresh();
        } catch {
          // shown by the client
        }
      },
    });

  const columns: ColumnsType<AnnouncementVO> = [
    { key: 'title', title: t('group.announcement.titleField'), dataIndex: 'title', ellipsis: true },
    {
      key: 'status',
      title: t('group.announcement.status'),
      width: 90,
      render: (_, row) =>
        row.status === 0 ? (
          <Tag color="green">{t('group.announcement.shown')}</Tag>
        ) : (
          <Tag>{t('group.announcement.hidden')}</Tag>
        ),
    },
    {
      key: 'author',
      title: t('group.announcement.author'),
      dataIndex: 'username',
      width: 120,
      ellipsis: true,
      responsive: ['md'],
    },
    {
      key: 'created',
      title: t('group.announcement.createdAt'),
      width: 150,
      responsive: ['md'],
      render: (_, row) => dayjs(row.gmtCreate).format('YYYY-MM-DD HH:mm'),
    },
    {
      key: 'actions',
      title: t('group.announcement.actions'),
      width: 100,
      render: (_, row) => (
        <Space size={4}>
          <Tooltip title={locked(row) ?? t('group.announcement.edit')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={`${t('group.announcement.edit')} ${row.title}`}
              disabled={!!locked(row)}
              onClick={() =>
                openDraft({
                  id: row.id,
                  title: row.title,
                  content: row.content ?? '',
                  visible: row.status === 0,
                })
              }
            />
          </Tooltip>
          <Tooltip title={locked(row) ?? t('group.announcement.delete')}>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('group.announcement.delete')} ${row.title}`}
              disabled={!!locked(row)}
              onClick={() => remove(row)}
            />
          </Tooltip>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('group.announcement.title')}
      data-testid="group-announcement-admin"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => openDraft({ title: '', content: '', visible: true })}
        >
          {t('group.announcement.create')}
        </Button>
      }
    >
      <Table<AnnouncementVO>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('group.announcement.empty') }}
        pagination={{
          current: page,
          pageSize: GROUP_MEMBER_PAGE_SIZE,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
      <Modal
        open={draft !== null}
        title={t(draft?.id ? 'group.announcement.editTitle' : 'group.announcement.createTitle')}
        width="100vw"
        wrapClassName="group-fullscreen-wrap"
        maskClosable={false}
        destroyOnHidden
        onCancel={() => setDraft(null)}
        footer={
          <Space>
            <Button onClick={() => setDraft(null)}>{t('group.announcement.cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              {t('group.announcement.save')}
            </Button>
          </Space>
        }
      >
        {draft ? (
          <Form layout="vertical" component="div" className="group-form">
            {serverError ? (
              <Alert type="error" showIcon message={serverError} className="group-form__error" role="alert" />
            ) : null}
            <Form.Item
              label={t('group.announcement.titleField')}
              htmlFor="group-announcement-title"
              required
              validateStatus={tried && titleError ? 'error' : undefined}
              help={tried ? titleError : undefined}
            >
              <Input
                id="group-announcement-title"
                value={draft.title}
                maxLength={TITLE_MAX}
                showCount
                onChange={(e) => setDraft({ ...draft, title: e.target.value })}
              />
            </Form.Item>
            <Form.Item
              required
              validateStatus={tried && contentError ? 'error' : undefined}
              help={tried ? contentError : undefined}
            >
              <MarkdownComposer
                label={t('group.announcement.content')}
                value={draft.content}
                onChange={(content) => setDraft({ ...draft, content })}
                rows={12}
              />
            </Form.Item>
            <Form.Item label={t('group.announcement.visible')}>
              <Switch
                aria-label={t('group.announcement.visible')}
                checked={draft.visible}
                onChange={(visible) => setDraft({ ...draft, visible })}
              />
            </Form.Item>
          </Form>
        ) : null}
      </Modal>
    </Card>
  );
}
