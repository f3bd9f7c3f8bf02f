import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SYS_NOTICE_TYPES, type AdminSysNoticeVO, type SysNoticeType } from '@verdict/shared';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSysNotice, deleteSysNotice, getSysNotices, updateSysNotice } from '../../api/admin-content';
import { ApiError } from '../../api/http';
import { toast } from '../../feedback/toast';
import { useIsMobile } from '../../layout/use-is-mobile';
import { MarkdownField } from '../problem/components/MarkdownField';
import { when } from './when';
import '../problem/admin-problem.css';

const PAGE_SIZE = 10;
/** admin_sys_notice.title is varchar(255) (reference §4.6) */
const TITLE_MAX = 255;

interface Draft {
  id: number | null;
  title: string;
  content: string;
  type: SysNoticeType;
  recipientId: string;
}

type DraftErrors = Partial<Record<'title' | 'content' | 'recipientId', string>>;

/**
 * /admin/notice (spec part 2 §2.7, reference §3.12 "System notices"): the system notices (to all
 * users, to one user by uid, or to the admins) listed, sent, edited and deleted.
 */
export function NoticeAdminPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const list = useQuery({
    queryKey: ['admin-content', 'notices', page],
    queryFn: () => getSysNotices(page, PAGE_SIZE),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-content', 'notices'] });
  const typeLabel = (type: string | null) =>
    type === 'Single'
      ? t('adminContent.notice.typeSingle')
      : type === 'Admin'
        ? t('adminContent.notice.typeAdmin')
        : t('adminContent.notice.typeAll');

  const close = () => {
    setDraft(null);
    setTried(false);
    setSaveError(null);
  };
  // the same rules as sysNoticeBody, in the interface's words
  const errors: DraftErrors = {};
  if (draft) {
    if (draft.title.trim() === '') errors.title = t('adminContent.notice.titleRequired');
    if (draft.content.trim() === '') errors.content = t('adminContent.notice.contentRequired');
    if (draft.type === 'Single' && draft.recipientId.trim() === '')
      errors.recipientId = t('adminContent.notice.recipientRequired');
  }
  const shown = (key: keyof DraftErrors) => (tried ? errors[key] : undefined);

  const save = async () => {
    setTried(true);
    if (!draft || Object.keys(errors).length > 0) return;
    setSaving(true);
    setSaveError(null);
    const body = {
      id: draft.id,
      title: draft.title.trim(),
      content: draft.content,
      type: draft.type,
      recipientId: draft.type === 'Single' ? draft.recipientId.trim() : null,
    };
    try {
      await (draft.id ? updateSysNotice(body) : createSysNotice(body));
      toast.success(t(draft.id ? 'adminContent.announcement.updated' : 'adminContent.announcement.created_'));
      close();
      await refresh();
    } catch (error) {
      setSaveError(
        error instanceof ApiError && error.message
          ? error.message
          : t('adminContent.announcement.saveFailed'),
      );
    } finally {
      setSaving(false);
    }
  };

  const remove = async (row: AdminSysNoticeVO) => {
    try {
      await deleteSysNotice(row.id);
      toast.success(t('adminContent.announcement.deleted'));
      await refresh();
    } catch {
      // the client has shown the server's message
    }
  };

  const columns: TableColumnsType<AdminSysNoticeVO> = [
    { title: t('adminContent.notice.title'), dataIndex: 'title', ellipsis: true },
    { title: t('adminContent.notice.type'), dataIndex: 'type', width: 110, render: typeLabel },
    {
      title: t('adminContent.notice.recipient'),
      dataIndex: 'recipientId',
      width: 150,
      ellipsis: true,
      render: (uid: string | null) => uid ?? '—',
    },
    { title: t('adminContent.notice.author'), dataIndex: 'adminUsername', width: 120, ellipsis: true },
    { title: t('adminContent.notice.created'), dataIndex: 'gmtCreate', width: 150, render: when },
    {
      title: t('adminContent.notice.actions'),
      key: 'actions',
      width: 100,
      render: (_, row) => (
        <Space size={2}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('adminContent.notice.edit')} ${row.title ?? ''}`}
            onClick={() => {
              close();
              setDraft({
                id: row.id,
                title: row.title ?? '',
                content: row.content ?? '',
                type: (SYS_NOTICE_TYPES as readonly string[]).includes(row.type ?? '')
                  ? (row.type as SysNoticeType)
                  : 'All',
                recipientId: row.recipientId ?? '',
              });
            }}
          />
          <Popconfirm
            title={t('adminContent.notice.deleteConfirm', { title: row.title ?? '' })}
            okText={t('adminContent.announcement.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('adminContent.announcement.cancel')}
            onConfirm={() => remove(row)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('adminContent.announcement.delete')} ${row.title ?? ''}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="ap-page">
      <div className="ap-page-head">
        <Typography.Title level={3} className="ap-page-title">
          {t('title.adminNotice')}
        </Typography.Title>
        <Space wrap>
          <Tooltip title={t('adminContent.announcement.refresh')}>
            <Button
              icon={<ReloadOutlined spin={list.isFetching} />}
              aria-label={t('adminContent.announcement.refresh')}
              onClick={() => void refresh()}
            />
          </Tooltip>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              close();
              setDraft({ id: null, title: '', content: '', type: 'All', recipientId: '' });
            }}
          >
            {t('adminContent.notice.create')}
          </Button>
        </Space>
      </div>
      <Card>
        <Table<AdminSysNoticeVO>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          scroll={{ x: 720 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            simple: isMobile,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          locale={{ emptyText: t('adminContent.notice.empty') }}
        />
      </Card>

      <Modal
        open={draft !== null}
        title={draft?.id ? t('adminContent.notice.edit') : t('adminContent.notice.create')}
        onCancel={close}
        onOk={() => void save()}
        okText={t('adminContent.announcement.save')}
        cancelText={t('adminContent.announcement.cancel')}
        confirmLoading={saving}
        width={isMobile ? '100%' : 760}
        destroyOnHidden
      >
        {draft && (
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('adminContent.notice.title')}
              htmlFor="ac-notice-title"
              required
              validateStatus={shown('title') ? 'error' : undefined}
              help={shown('title')}
            >
              <Input
                id="ac-notice-title"
                value={draft.title}
                maxLength={TITLE_MAX}
                onChange={(event) => setDraft({ ...draft, title: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('adminContent.notice.type')} htmlFor="ac-notice-type">
              <Select<SysNoticeType>
                id="ac-notice-type"
                value={draft.type}
                onChange={(type) => setDraft({ ...draft, type })}
                options={SYS_NOTICE_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
              />
            </Form.Item>
            {draft.type === 'Single' && (
              <Form.Item
                label={t('adminContent.notice.recipient')}
                htmlFor="ac-notice-recipient"
                required
                validateStatus={shown('recipientId') ? 'error' : undefined}
                help={shown('recipientId')}
              >
                <Input
                  id="ac-notice-recipient"
                  value={draft.recipientId}
                  maxLength={64}
                  onChange={(event) => setDraft({ ...draft, recipientId: event.target.value })}
                />
              </Form.Item>
            )}
            <Form.Item validateStatus={shown('content') ? 'error' : undefined} help={shown('content')}>
              <MarkdownField
                label={t('adminContent.notice.content')}
                value={draft.content}
                onChange={(content) => setDraft({ ...draft, content })}
                rows={6}
              />
            </Form.Item>
            {saveError && <Alert type="error" showIcon title={saveError} />}
          </Form>
        )}
      </Modal>
    </div>
  );
}
