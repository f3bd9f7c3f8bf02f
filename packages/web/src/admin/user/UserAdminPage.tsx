import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLES } from '@verdict/shared';
import {
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  deleteUsers,
  editUser,
  getUserList,
  type AdminUserRow,
  type EditUserBody,
} from '../../api/admin-user';
import { accountText } from '../../components/account-form/rules';
import { toast } from '../../feedback/toast';
import { CrudDialog } from '../common/CrudDialog';
import { useCrudEditor } from '../common/use-crud-editor';
import { validateEditUser } from './edit-user-form';
import { UserGenerateCard } from './UserGenerateCard';
import { UserImportCard } from './UserImportCard';
import '../problem/admin-problem.css';

const PAGE_SIZE = 10;

/** The edit dialog's body, plus the name it was opened for (its title keeps it while the username is edited). */
type Draft = EditUserBody & { shownName: string };
const ROLE_OPTIONS = Object.values(ROLES).map((r) => ({ value: r.id, label: `${r.role} (${r.id})` }));

/**
 * /admin/user (spec part 2 §2.7, reference §3.12 "Users"): the user table with search, admin filter
 * and paging; edit, multi-select delete; CSV import with a preview; the account generator.
 */
export function UserAdminPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [onlyAdmin, setOnlyAdmin] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);

  const list = useQuery({
    queryKey: ['admin-user', 'list', page, keyword, onlyAdmin],
    queryFn: () => getUserList({ currentPage: page, limit: PAGE_SIZE, keyword, onlyAdmin }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-user'] });
  const editor = useCrudEditor<Draft>(
    {
      created: t('adminUser.saved'),
      updated: t('adminUser.saved'),
      deleted: t('adminUser.deleted'),
      saveFailed: t('adminUser.saveFailed'),
    },
    refresh,
  );
  const { draft, setDraft, tried } = editor;
  const errors = draft ? validateEditUser(draft) : {};
  /** a field's error once a save was tried, in the interface language */
  const fieldError = (field: keyof typeof errors) => {
    const key = tried ? errors[field] : undefined;
    return key ? { validateStatus: 'error' as const, help: accountText(key) } : {};
  };
  const save = () =>
    void editor.save(
      Object.keys(errors).length > 0,
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- shownName is the dialog's own
      ({ shownName, ...body }) => editUser(body),
      false,
    );
  const remove = async () => {
    setDeleting(true);
    try {
      await deleteUsers(selected);
      toast.success(t('adminUser.deleted'));
      setSelected([]);
      await refresh();
    } catch {
      // the client has shown the server's message
    } finally {
      setDeleting(false);
    }
  };

  const columns: TableColumnsType<AdminUserRow> = [
    {
      title: t('adminUser.username'),
      dataIndex: 'username',
      render: (name: string, row) => (
        <Space size={4}>
          {name}
          {row.titleName && <Tag color={row.titleColor ?? undefined}>{row.titleName}</Tag>}
        </Space>
      ),
    },
    { title: t('adminUser.realname'), dataIndex: 'realname', render: (v: string | null) => v ?? '—' },
    { title: t('adminUser.email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
    {
      title: t('adminUser.roles'),
      key: 'roles',
      render: (_, row) => row.roles.map((r) => <Tag key={r.id}>{r.role}</Tag>),
    },
    {
      title: t('adminUser.status'),
      dataIndex: 'status',
      render: (status: number) =>
        status === 1 ? (
          <Tag color="error">{t('adminUser.banned')}</Tag>
        ) : (
          <Tag color="success">{t('adminUser.normal')}</Tag>
        ),
    },
    {
      title: t('adminUser.created'),
      dataIndex: 'gmtCreate',
      render: (v: string) => new Date(v).toLocaleString(),
    },
    {
      title: t('adminUser.actions'),
      key: 'actions',
      fixed: 'right',
      width: 100,
      render: (_, row) => (
        <Space size={2}>
          <Button
            type="text"
            icon={<HistoryOutlined />}
            aria-label={`${t('adminUser.logins')} ${row.username}`}
            onClick={() => void navigate(`/admin/session?uid=${encodeURIComponent(row.uid)}`)}
          />
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('adminUser.edit')} ${row.username}`}
            onClick={() =>
              editor.open({
                shownName: row.username,
                uid: row.uid,
                username: row.username,
                realname: row.realname,
                email: row.email,
                password: null,
                type: row.roles[0]?.id ?? ROLES.defaultUser.id,
                status: row.status,
                setNewPwd: false,
                titleName: row.titleName,
                titleColor: row.titleColor,
              })
            }
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="ap-page">
      <div className="ap-page-head">
        <Typography.Title level={3} className="ap-page-title">
          {t('title.adminUser')}
        </Typography.Title>
      </div>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          title={t('adminUser.list')}
          extra={
            <Popconfirm
              title={t('adminUser.deleteConfirm', { count: selected.length })}
              okText={t('adminUser.deleteSelected')}
              okButtonProps={{ danger: true }}
              cancelText={t('adminUser.cancel')}
              onConfirm={() => remove()}
              disabled={selected.length === 0}
            >
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} loading={deleting}>
                {t('adminUser.deleteSelected')}
              </Button>
            </Popconfirm>
          }
        >
          <Space wrap style={{ marginBottom: 12 }}>
            <Input.Search
              aria-label={t('adminUser.keyword')}
              placeholder={t('adminUser.keyword')}
              allowClear
              onSearch={(value) => {
                setKeyword(value.trim());
                setPage(1);
              }}
              style={{ width: 280, maxWidth: '100%' }}
            />
            <Checkbox
              checked={onlyAdmin}
              onChange={(e) => {
                setOnlyAdmin(e.target.checked);
                setPage(1);
              }}
            >
              {t('adminUser.onlyAdmin')}
            </Checkbox>
          </Space>
          <Table<AdminUserRow>
            rowKey="uid"
            size="small"
            columns={columns}
            dataSource={list.data?.records ?? []}
            loading={list.isFetching}
            scroll={{ x: 'max-content' }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              showSizeChanger: false,
              onChange: setPage,
            }}
          />
        </Card>
        <UserImportCard />
        <UserGenerateCard />
      </Space>
      <CrudDialog<Draft>
        editor={editor}
        texts={{ save: t('adminUser.save'), cancel: t('adminUser.cancel') }}
        title={draft ? t('adminUser.editTitle', { name: draft.shownName }) : ''}
        onSave={save}
      >
        {(d) => (
          <>
            <Form.Item
              label={t('adminUser.username')}
              htmlFor="au-edit-username"
              required
              {...fieldError('username')}
            >
              <Input
                id="au-edit-username"
                value={d.username}
                onChange={(e) => setDraft({ ...d, username: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('adminUser.realname')} htmlFor="au-edit-realname" {...fieldError('realname')}>
              <Input
                id="au-edit-realname"
                value={d.realname ?? ''}
                onChange={(e) => setDraft({ ...d, realname: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('adminUser.email')} htmlFor="au-edit-email" {...fieldError('email')}>
              <Input
                id="au-edit-email"
                value={d.email ?? ''}
                onChange={(e) => setDraft({ ...d, email: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('adminUser.role')}>
              <Select
                aria-label={t('adminUser.role')}
                value={d.type}
                options={ROLE_OPTIONS}
                onChange={(type) => setDraft({ ...d, type })}
              />
            </Form.Item>
            <Form.Item label={t('adminUser.status')}>
              <Select
                aria-label={t('adminUser.status')}
                value={d.status}
                options={[
                  { value: 0, label: t('adminUser.normal') },
                  { value: 1, label: t('adminUser.banned') },
                ]}
                onChange={(status) => setDraft({ ...d, status })}
              />
            </Form.Item>
            <Form.Item label={t('adminUser.setNewPwd')}>
              <Switch
                aria-label={t('adminUser.setNewPwd')}
                checked={d.setNewPwd}
                onChange={(setNewPwd) => setDraft({ ...d, setNewPwd })}
              />
            </Form.Item>
            {d.setNewPwd && (
              <Form.Item
                label={t('adminUser.newPassword')}
                htmlFor="au-edit-password"
                required
                {...fieldError('password')}
              >
                <Input.Password
                  id="au-edit-password"
                  value={d.password ?? ''}
                  onChange={(e) => setDraft({ ...d, password: e.target.value })}
                />
              </Form.Item>
            )}
            <Form.Item label={t('adminUser.titleName')} htmlFor="au-edit-title" {...fieldError('titleName')}>
              <Input
                id="au-edit-title"
                value={d.titleName ?? ''}
                onChange={(e) => setDraft({ ...d, titleName: e.target.value })}
              />
            </Form.Item>
            <Form.Item
              label={t('adminUser.titleColor')}
              htmlFor="au-edit-title-color"
              {...fieldError('titleColor')}
            >
              <Input
                id="au-edit-title-color"
                value={d.titleColor ?? ''}
                placeholder="#1677ff"
                onChange={(e) => setDraft({ ...d, titleColor: e.target.value })}
              />
            </Form.Item>
          </>
        )}
      </CrudDialog>
    </div>
  );
}
