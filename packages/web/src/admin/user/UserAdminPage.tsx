import { DeleteOutlined, EditOutlined, HistoryOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLES } from '@verdict/shared';
import {
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Modal,
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
import { toast } from '../../feedback/toast';
import { UserGenerateCard } from './UserGenerateCard';
import { UserImportCard } from './UserImportCard';
import '../problem/admin-problem.css';

const PAGE_SIZE = 10;
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
  const [draft, setDraft] = useState<EditUserBody | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const list = useQuery({
    queryKey: ['admin-user', 'list', page, keyword, onlyAdmin],
    queryFn: () => getUserList({ currentPage: page, limit: PAGE_SIZE, keyword, onlyAdmin }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-user'] });

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await editUser(draft);
      toast.success(t('adminUser.saved'));
      setDraft(null);
      await refresh();
    } catch {
      // the client has shown the server's message
    } finally {
      setSaving(false);
    }
  };
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
              setDraft({
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
      <Modal
        open={draft !== null}
        title={draft ? t('adminUser.editTitle', { name: draft.username }) : ''}
        okText={t('adminUser.save')}
        cancelText={t('adminUser.cancel')}
        confirmLoading={saving}
        onOk={() => void save()}
        onCancel={() => setDraft(null)}
        destroyOnHidden
      >
        {draft && (
          <Form layout="vertical">
            <Form.Item label={t('adminUser.realname')}>
              <Input
                value={draft.realname ?? ''}
                onChange={(e) => setDraft({ ...draft, realname: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('adminUser.email')}>
              <Input
                value={draft.email ?? ''}
                onChange={(e) => setDraft({ ...draft, email: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('adminUser.role')}>
              <Select
                aria-label={t('adminUser.role')}
                value={draft.type}
                options={ROLE_OPTIONS}
                onChange={(type) => setDraft({ ...draft, type })}
              />
            </Form.Item>
            <Form.Item label={t('adminUser.status')}>
              <Select
                aria-label={t('adminUser.status')}
                value={draft.status}
                options={[
                  { value: 0, label: t('adminUser.normal') },
                  { value: 1, label: t('adminUser.banned') },
                ]}
                onChange={(status) => setDraft({ ...draft, status })}
              />
            </Form.Item>
            <Form.Item label={t('adminUser.setNewPwd')}>
              <Switch
                aria-label={t('adminUser.setNewPwd')}
                checked={draft.setNewPwd}
                onChange={(setNewPwd) => setDraft({ ...draft, setNewPwd })}
              />
            </Form.Item>
            {draft.setNewPwd && (
              <Form.Item label={t('adminUser.newPassword')}>
                <Input.Password
                  value={draft.password ?? ''}
                  onChange={(e) => setDraft({ ...draft, password: e.target.value })}
                />
              </Form.Item>
            )}
            <Form.Item label={t('adminUser.titleName')}>
              <Input
                value={draft.titleName ?? ''}
                onChange={(e) => setDraft({ ...draft, titleName: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('adminUser.titleColor')}>
              <Input
                value={draft.titleColor ?? ''}
                placeholder="#1677ff"
                onChange={(e) => setDraft({ ...draft, titleColor: e.target.value })}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </div>
  );
}
