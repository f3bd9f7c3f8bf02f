import type { AnnouncementVO } from '@verdict/shared';
import { Form, Input, Switch, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../api/http';
import { toast } from '../../feedback/toast';
import { CrudDialog } from '../common/CrudDialog';
import { CrudPageHead } from '../common/CrudPageHead';
import { actionsColumn } from '../common/CrudRowActions';
import { useCrudList } from '../common/use-crud-list';
import { CrudTable } from '../common/CrudTable';
import { useCrudEditor } from '../common/use-crud-editor';
import { MarkdownField } from '../problem/components/MarkdownField';
import { contentCrudTexts } from './content-texts';
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
  title,
  subtitle,
  headExtra,
  statusLabel,
}: {
  source: AnnouncementSource;
  title: string;
  subtitle?: ReactNode;
  headExtra?: ReactNode;
  /** the dialog's label of the shown switch */
  statusLabel: string;
}) {
  const { t } = useTranslation();
  const texts = contentCrudTexts(t, t('adminContent.announcement.edit'));
  const [flipping, setFlipping] = useState<number | null>(null);
  const list = useCrudList(source.queryKey, source.load, PAGE_SIZE);
  const { refresh } = list;
  const editor = useCrudEditor<Draft>(texts, refresh);
  const { draft, setDraft, tried } = editor;

  const titleError = draft && draft.title.trim() === '' ? t('adminContent.announcement.titleRequired') : null;
  const save = () =>
    void editor.save(
      titleError !== null,
      (d) => {
        const body = { id: d.id, title: d.title.trim(), content: d.content, status: d.status as 0 | 1 };
        return source.save(body);
      },
      !draft?.id,
    );

  // reference §4.6: status 0 shown, 1 hidden; the switch saves the row as it is with the other status.
  const flip = async (row: AnnouncementVO, shown: boolean) => {
    setFlipping(row.id);
    try {
      await source.save({ id: row.id, title: row.title, content: row.content ?? '', status: shown ? 0 : 1 });
      toast.success(texts.updated);
      await refresh();
    } catch {
      // the client has shown the server's message
    } finally {
      setFlipping(null);
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
    actionsColumn<AnnouncementVO>(t('adminContent.announcement.actions'), texts, (row) => ({
      name: row.title,
      confirmDelete: t('adminContent.announcement.deleteConfirm', { title: row.title }),
      onEdit: () =>
        editor.open({ id: row.id, title: row.title, content: row.content ?? '', status: row.status }),
      onDelete: () => editor.remove(() => source.remove(row.id)),
    })),
  ];

  return (
    <div className="ap-page">
      <CrudPageHead
        title={title}
        subtitle={subtitle}
        refreshLabel={texts.refresh}
        fetching={list.fetching}
        onRefresh={() => void refresh()}
        create={{
          label: t('adminContent.announcement.create'),
          onClick: () => editor.open({ id: null, title: '', content: '', status: 0 }),
        }}
      >
        {headExtra}
      </CrudPageHead>
      <CrudTable<AnnouncementVO>
        list={list}
        columns={columns}
        emptyText={t('adminContent.announcement.empty')}
        scrollX={760}
      />

      <CrudDialog<Draft>
        editor={editor}
        texts={texts}
        title={draft?.id ? t('adminContent.announcement.edit') : t('adminContent.announcement.create')}
        onSave={save}
        wide
      >
        {(d) => (
          <>
            <Form.Item
              label={t('adminContent.announcement.title')}
              htmlFor="ac-announcement-title"
              required
              validateStatus={tried && titleError ? 'error' : undefined}
              help={tried && titleError ? titleError : undefined}
            >
              <Input
                id="ac-announcement-title"
                value={d.title}
                maxLength={TITLE_MAX}
                onChange={(event) => setDraft({ ...d, title: event.target.value })}
              />
            </Form.Item>
            <Form.Item>
              <MarkdownField
                label={t('adminContent.announcement.content')}
                value={d.content}
                onChange={(content) => setDraft({ ...d, content })}
                rows={8}
              />
            </Form.Item>
            <Form.Item label={statusLabel} htmlFor="ac-announcement-status">
              <Switch
                id="ac-announcement-status"
                checked={d.status === 0}
                onChange={(shown) => setDraft({ ...d, status: shown ? 0 : 1 })}
              />
            </Form.Item>
          </>
        )}
      </CrudDialog>
    </div>
  );
}
