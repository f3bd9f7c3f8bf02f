import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnnouncementVO } from '@verdict/shared';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type Page } from '../../api/http';
import { toast } from '../../feedback/toast';
import { useIsMobile } from '../../layout/use-is-mobile';
import { MarkdownField } from '../problem/components/MarkdownField';
import { when } from './when';
import '../problem/admin-problem.css';

const PAGE_SIZE = 10;
/** announcement.title is varchar(255) (reference §4.6) */
const TITLE_MAX = 255;

interface Draft {
  id: number | null;
  title: string;
  content: string;
  status: number;
}

/** An announcement as the create and update calls take it (reference §4.6: status 0 shown, 1 hidden). */
export interface AnnouncementDraft {
  id: number | null;
  title: string;
  content: string;
  status: 0 | 1;
}

/** Where a list of announcements lives: the site's (/admin/announcement) or a contest's. */
export interface AnnouncementSource {
  queryKey: unknown[];
  load: (currentPage: number, limit: number) => Promise<Page<AnnouncementVO>>;
  save: (draft: AnnouncementDraft) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}

/**
 * A list of announcements with their shown/hidden switch, created and edited in a dialog with the
 * problem form's markdown field, deleted after a confirmation (reference §3.12 "Announcements";
 * the contest's in §3.12 "Contests").
 */
export function AnnouncementManager({
  source,
  heading,
  headExtra,
  statusLabel,
}: {
  source: AnnouncementSource;
  heading: ReactNode;
  headExtra?: ReactNode;
  /** the dialog's label of the shown switch */
  statusLabel: string;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [flipping, setFlipping] = useState<number | null>(null);

  const list = useQuery({
    queryKey: [...source.queryKey, page],
    queryFn: () => source.load(page, PAGE_SIZE),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: source.queryKey });

  const close = () => {
    setDraft(null);
    setTried(false);
    setSaveError(null);
  };
  const titleError = draft && draft.title.trim() === '' ? t('adminContent.announcement.titleRequired') : null;

  const save = async () => {
    setTried(true);
    if (!draft || titleError) return;
    setSaving(true);
    setSaveError(null);
    const body = {
      id: draft.id,
      title: draft.title.trim(),
      content: draft.content,
      status: draft.status as 0 | 1,
    };
    try {
      await source.save(body);
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

  // reference §4.6: status 0 shown, 1 hidden; the switch saves the row as it is with the other status.
  const flip = async (row: AnnouncementVO, shown: boolean) => {
    setFlipping(row.id);
    try {
      await source.save({ id: row.id, title: row.title, content: row.content ?? '', status: shown ? 0 : 1 });
      toast.success(t('adminContent.announcement.updated'));
      await refresh();
    } catch {
      // the client has shown the server's message
    } finally {
      setFlipping(null);
    }
  };

  const remove = async (row: AnnouncementVO) => {
    try {
      await source.remove(row.id);
      toast.success(t('adminContent.announcement.deleted'));
      await refresh();
    } catch {
      // the client has shown the server's message
    }
  };

  const columns: TableColumnsType<AnnouncementVO> = [
    { title: t('adminContent.announcement.id'), dataIndex: 'id', width: 70 },
    { title: t('adminContent.announcement.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('adminContent.announcement.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: number, row) => (
        <Switch
          size="small"
          checked={status === 0}
          loading={flipping === row.id}
          aria-label={`${t('adminContent.announcement.status')} ${row.title}`}
          onChange={(shown) => void flip(row, shown)}
        />
      ),
    },
    { title: t('adminContent.announcement.author'), dataIndex: 'username', width: 120, ellipsis: true },
    { title: t('adminContent.announcement.created'), dataIndex: 'gmtCreate', width: 150, render: when },
    { title: t('adminContent.announcement.modified'), dataIndex: 'gmtModified', width: 150, render: when },
    {
      title: t('adminContent.announcement.actions'),
      key: 'actions',
      width: 100,
      render: (_, row) => (
        <Space size={2}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('adminContent.announcement.edit')} ${row.title}`}
            onClick={() => {
              close();
              setDraft({ id: row.id, title: row.title, content: row.content ?? '', status: row.status });
            }}
          />
          <Popconfirm
            title={t('adminContent.announcement.deleteConfirm', { title: row.title })}
            okText={t('adminContent.announcement.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('adminContent.announcement.cancel')}
            onConfirm={() => remove(row)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('adminContent.announcement.delete')} ${row.title}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="ap-page">
      <div className="ap-page-head">
        {heading}
        <Space wrap>
          {headExtra}
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
              setDraft({ id: null, title: '', content: '', status: 0 });
            }}
          >
            {t('adminContent.announcement.create')}
          </Button>
        </Space>
      </div>
      <Card>
        <Table<AnnouncementVO>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          scroll={{ x: 760 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            simple: isMobile,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          locale={{ emptyText: t('adminContent.announcement.empty') }}
        />
      </Card>

      <Modal
        open={draft !== null}
        title={draft?.id ? t('adminContent.announcement.edit') : t('adminContent.announcement.create')}
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
              label={t('adminContent.announcement.title')}
              htmlFor="ac-announcement-title"
              required
              validateStatus={tried && titleError ? 'error' : undefined}
              help={tried && titleError ? titleError : undefined}
            >
              <Input
                id="ac-announcement-title"
                value={draft.title}
                maxLength={TITLE_MAX}
                onChange={(event) => setDraft({ ...draft, title: event.target.value })}
              />
            </Form.Item>
            <Form.Item>
              <MarkdownField
                label={t('adminContent.announcement.content')}
                value={draft.content}
                onChange={(content) => setDraft({ ...draft, content })}
                rows={8}
              />
            </Form.Item>
            <Form.Item label={statusLabel} htmlFor="ac-announcement-status">
              <Switch
                id="ac-announcement-status"
                checked={draft.status === 0}
                onChange={(shown) => setDraft({ ...draft, status: shown ? 0 : 1 })}
              />
            </Form.Item>
            {saveError && <Alert type="error" showIcon title={saveError} />}
          </Form>
        )}
      </Modal>
    </div>
  );
}
