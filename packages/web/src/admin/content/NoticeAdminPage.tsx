import { SYS_NOTICE_TYPES, type AdminSysNoticeVO, type SysNoticeType } from '@verdict/shared';
import { Form, Input, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { createSysNotice, deleteSysNotice, getSysNotices, updateSysNotice } from '../../api/admin-content';
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
/** admin_sys_notice.title is varchar(255) (reference §4.6) */
const TITLE_MAX = 255;
/** user_info.username is varchar(100) */
const USERNAME_MAX = 100;

interface Draft {
  id: number | null;
  title: string;
  content: string;
  type: SysNoticeType;
  /** a Single notice's recipient, typed by name (the server resolves it to the uid) */
  recipientUsername: string;
}

type DraftErrors = Partial<Record<'title' | 'content' | 'recipientUsername', string>>;

/**
 * /admin/notice (spec part 2 §2.7, reference §3.12 "System notices"): the system notices (to all
 * users, to one user by username, or to the admins) listed, sent, edited and deleted.
 */
export function NoticeAdminPage() {
  const { t } = useTranslation();
  const texts = contentCrudTexts(t, t('adminContent.notice.edit'));
  const list = useCrudList(['admin-content', 'notices'], getSysNotices, PAGE_SIZE);
  const { refresh } = list;
  const editor = useCrudEditor<Draft>(texts, refresh);
  const { draft, setDraft, tried } = editor;
  const typeLabel = (type: string | null) =>
    type === 'Single'
      ? t('adminContent.notice.typeSingle')
      : type === 'Admin'
        ? t('adminContent.notice.typeAdmin')
        : t('adminContent.notice.typeAll');

  // the same rules as sysNoticeBody, in the interface's words
  const errors: DraftErrors = {};
  if (draft) {
    if (draft.title.trim() === '') errors.title = t('adminContent.notice.titleRequired');
    if (draft.content.trim() === '') errors.content = t('adminContent.notice.contentRequired');
    if (draft.type === 'Single' && draft.recipientUsername.trim() === '')
      errors.recipientUsername = t('adminContent.notice.recipientRequired');
  }
  const shown = (key: keyof DraftErrors) => (tried ? errors[key] : undefined);

  const save = () =>
    void editor.save(
      Object.keys(errors).length > 0,
      (d) => {
        const body = {
          id: d.id,
          title: d.title.trim(),
          content: d.content,
          type: d.type,
          recipientUsername: d.type === 'Single' ? d.recipientUsername.trim() : null,
        };
        return d.id ? updateSysNotice(body) : createSysNotice(body);
      },
      !draft?.id,
    );

  const columns: TableColumnsType<AdminSysNoticeVO> = [
    { title: t('adminContent.notice.title'), dataIndex: 'title', ellipsis: true },
    { title: t('adminContent.notice.type'), dataIndex: 'type', width: 110, render: typeLabel },
    {
      title: t('adminContent.notice.recipient'),
      key: 'recipient',
      width: 150,
      ellipsis: true,
      render: (_, row) => row.recipientUsername ?? row.recipientId ?? '—',
    },
    { title: t('adminContent.notice.author'), dataIndex: 'adminUsername', width: 120, ellipsis: true },
    { title: t('adminContent.notice.created'), dataIndex: 'gmtCreate', width: 150, render: when },
    actionsColumn<AdminSysNoticeVO>(t('adminContent.notice.actions'), texts, (row) => ({
      name: row.title ?? '',
      confirmDelete: t('adminContent.notice.deleteConfirm', { title: row.title ?? '' }),
      onEdit: () =>
        editor.open({
          id: row.id,
          title: row.title ?? '',
          content: row.content ?? '',
          type: (SYS_NOTICE_TYPES as readonly string[]).includes(row.type ?? '')
            ? (row.type as SysNoticeType)
            : 'All',
          recipientUsername: row.recipientUsername ?? '',
        }),
      onDelete: () => editor.remove(() => deleteSysNotice(row.id)),
    })),
  ];

  return (
    <div className="ap-page">
      <CrudPageHead
        title={t('title.adminNotice')}
        refreshLabel={texts.refresh}
        fetching={list.fetching}
        onRefresh={() => void refresh()}
        create={{
          label: t('adminContent.notice.create'),
          onClick: () =>
            editor.open({ id: null, title: '', content: '', type: 'All', recipientUsername: '' }),
        }}
      />
      <CrudTable<AdminSysNoticeVO>
        list={list}
        columns={columns}
        emptyText={t('adminContent.notice.empty')}
        scrollX={720}
      />

      <CrudDialog<Draft>
        editor={editor}
        texts={texts}
        title={draft?.id ? t('adminContent.notice.edit') : t('adminContent.notice.create')}
        onSave={save}
        wide
      >
        {(d) => (
          <>
            <Form.Item
              label={t('adminContent.notice.title')}
              htmlFor="ac-notice-title"
              required
              validateStatus={shown('title') ? 'error' : undefined}
              help={shown('title')}
            >
              <Input
                id="ac-notice-title"
                value={d.title}
                maxLength={TITLE_MAX}
                onChange={(event) => setDraft({ ...d, title: event.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('adminContent.notice.type')} htmlFor="ac-notice-type">
              <Select<SysNoticeType>
                id="ac-notice-type"
                value={d.type}
                onChange={(type) => setDraft({ ...d, type })}
                options={SYS_NOTICE_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
              />
            </Form.Item>
            {d.type === 'Single' && (
              <Form.Item
                label={t('adminContent.notice.recipient')}
                htmlFor="ac-notice-recipient"
                required
                validateStatus={shown('recipientUsername') ? 'error' : undefined}
                help={shown('recipientUsername')}
              >
                <Input
                  id="ac-notice-recipient"
                  value={d.recipientUsername}
                  placeholder={t('adminContent.notice.recipientPlaceholder')}
                  maxLength={USERNAME_MAX}
                  onChange={(event) => setDraft({ ...d, recipientUsername: event.target.value })}
                />
              </Form.Item>
            )}
            <Form.Item validateStatus={shown('content') ? 'error' : undefined} help={shown('content')}>
              <MarkdownField
                label={t('adminContent.notice.content')}
                value={d.content}
                onChange={(content) => setDraft({ ...d, content })}
                rows={6}
              />
            </Form.Item>
          </>
        )}
      </CrudDialog>
    </div>
  );
}
