import {
  DeleteOutlined,
  EditOutlined,
  OrderedListOutlined,
  PlusOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Switch, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { AdminTraining } from '../../api/admin-training';
import {
  changeGroupTrainingStatus,
  createGroupTraining,
  deleteGroupTraining,
  getGroupAdminTrainingList,
  getGroupTraining,
  getGroupTrainingList,
  updateGroupTraining,
} from '../../api/group-activity';
import type { TrainingVO } from '../../api/training';
import { TrainingEditor, type TrainingEditTarget } from '../../admin/training/TrainingEditPage';
import { toast } from '../../feedback/toast';
import { MOBILE_QUERY, useMediaQuery } from '../problem/use-media-query';
import { TrainingAuthTag, TrainingCategoryTag } from '../training/TrainingTags';
import { TrainingProgress } from '../training/TrainingProgress';
import { GroupTrainingProblems } from './GroupTrainingProblems';
import { useGroupViewer } from '../group/use-group';
import './group-activity.css';
import '../training/training.css';

dayjs.extend(relativeTime);

const PAGE_SIZES = [10, 20, 50];

/** The admin mode's screens, kept in the query (`admin=list|create|edit|problems`, `tid`). */
type AdminView = 'list' | 'create' | 'edit' | 'problems';
const ADMIN_VIEWS: readonly string[] = ['list', 'create', 'edit', 'problems'];

/**
 * A group's trainings (/group/:groupID/training, spec part 2 §2.1 "Group training list", reference
 * §3.10): members see the table (number, title, auth, category, progress, problem count, author,
 * last modified) and open a training in the group's training pages. Group admins (level 4 and
 * above) get the admin mode: every training of the group, create and edit in the site's training
 * form told the group, hide or show, delete, and each training's problems.
 */
export function GroupTrainingListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const groupID = useParams().groupID ?? '';
  const gid = Number(groupID);
  const group = useGroupViewer(gid);
  const [params, setParams] = useSearchParams();
  const viewParam = params.get('admin');
  const view = group.admin && viewParam && ADMIN_VIEWS.includes(viewParam) ? (viewParam as AdminView) : null;
  const tid = Number(params.get('tid'));
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZES[0]!);
  const [adminPage, setAdminPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const base = `/group/${groupID}/training`;
  const goAdmin = (next: AdminView | null, id?: number) =>
    setParams(next ? { admin: next, ...(id ? { tid: String(id) } : {}) } : {});

  const list = useQuery({
    queryKey: ['group-training-list', gid, page, limit],
    queryFn: () => getGroupTrainingList({ gid, currentPage: page, limit }),
    enabled: view === null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const adminList = useQuery({
    queryKey: ['group-admin-training-list', gid, adminPage],
    queryFn: () => getGroupAdminTrainingList({ gid, currentPage: adminPage, limit: 10 }),
    enabled: view === 'list',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['group-admin-training-list', gid] }),
      queryClient.invalidateQueries({ queryKey: ['group-training-list', gid] }),
    ]);
  const act = async (key: string, run: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await run();
      toast.success(done);
      await refresh();
    } catch {
      // the client has shown the server's refusal
    } finally {
      setBusy(null);
    }
  };

  const target: TrainingEditTarget = {
    listPath: `${base}?admin=list`,
    categoryPath: '/admin/training/category',
    load: getGroupTraining,
    create: (body) => createGroupTraining(gid, body),
    update: (body) => updateGroupTraining(gid, body),
  };

  const adminButtons = group.admin ? (
    <Space wrap>
      {view !== null ? (
        <Button onClick={() => goAdmin(view === 'list' ? null : 'list')}>
          {t(view === 'list' ? 'groupActivity.common.backToList' : 'groupActivity.common.back')}
        </Button>
      ) : (
        <Button icon={<SettingOutlined />} onClick={() => goAdmin('list')}>
          {t('groupActivity.training.admin')}
        </Button>
      )}
      {view !== 'create' ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => goAdmin('create')}>
          {t('groupActivity.common.create')}
        </Button>
      ) : null}
    </Space>
  ) : null;

  if (view === 'create' || view === 'edit') {
    return (
      <div className="group-activity">
        <div className="group-activity__bar">{adminButtons}</div>
        <TrainingEditor key={`${view}-${tid}`} target={target} editId={view === 'edit' ? tid : null} />
      </div>
    );
  }
  if (view === 'problems') {
    return (
      <div className="group-activity">
        <div className="group-activity__bar">{adminButtons}</div>
        <GroupTrainingProblems tid={tid} />
      </div>
    );
  }

  if (view === 'list') {
    const adminColumns: ColumnsType<AdminTraining> = [
      { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
      { key: 'title', title: t('groupActivity.training.name'), dataIndex: 'title', ellipsis: true },
      {
        key: 'auth',
        title: t('groupActivity.training.auth'),
        width: 90,
        render: (_, row) => <TrainingAuthTag auth={row.auth === 'Private' ? 'Private' : 'Public'} />,
      },
      {
        key: 'status',
        title: t('groupActivity.common.visible'),
        width: 90,
        render: (_, row) => (
          <Switch
            size="small"
            checked={row.status}
            loading={busy === `status-${row.id}`}
            aria-label={`${t('groupActivity.common.visible')} ${row.title ?? ''}`}
            onChange={(status) =>
              void act(
                `status-${row.id}`,
                () => changeGroupTrainingStatus(row.id, status),
                t('groupActivity.common.updated'),
              )
            }
          />
        ),
      },
      {
        key: 'author',
        title: t('groupActivity.training.author'),
        dataIndex: 'author',
        width: 110,
        responsive: ['md'],
      },
      {
        key: 'actions',
        title: t('groupActivity.common.actions'),
        width: 130,
        render: (_, row) => (
          <Space size={0}>
            <Tooltip title={t('groupActivity.common.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${t('groupActivity.common.edit')} ${row.title ?? ''}`}
                onClick={() => goAdmin('edit', row.id)}
              />
            </Tooltip>
            <Tooltip title={t('groupActivity.training.problems')}>
              <Button
                type="text"
                icon={<OrderedListOutlined />}
                aria-label={`${t('groupActivity.training.problems')} ${row.title ?? ''}`}
                onClick={() => goAdmin('problems', row.id)}
              />
            </Tooltip>
            <Popconfirm
              title={t('groupActivity.training.deleteConfirm')}
              okButtonProps={{ danger: true }}
              okText={t('groupActivity.common.delete')}
              cancelText={t('groupActivity.common.cancel')}
              onConfirm={() =>
                act(`delete-${row.id}`, () => deleteGroupTraining(row.id), t('groupActivity.common.deleted'))
              }
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                loading={busy === `delete-${row.id}`}
                aria-label={`${t('groupActivity.common.delete')} ${row.title ?? ''}`}
              />
            </Popconfirm>
          </Space>
        ),
      },
    ];
    return (
      <Card
        className="group-activity"
        title={t('groupActivity.training.adminTitle')}
        extra={adminButtons}
        data-testid="group-training-admin"
      >
        <Table<AdminTraining>
          rowKey="id"
          size="middle"
          columns={adminColumns}
          dataSource={adminList.data?.records ?? []}
          loading={adminList.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: adminPage,
            pageSize: 10,
            total: adminList.data?.total ?? 0,
            hideOnSinglePage: true,
            simple: mobile,
            onChange: setAdminPage,
          }}
          locale={{
            emptyText: adminList.isError
              ? t('groupActivity.common.loadFailed')
              : t('groupActivity.training.empty'),
          }}
        />
      </Card>
    );
  }

  const open = (training: TrainingVO) => void navigate(`${base}/${training.id}`, { state: { training } });
  const columns: ColumnsType<TrainingVO> = [
    {
      key: 'rank',
      title: t('groupActivity.training.number'),
      dataIndex: 'rank',
      width: 72,
      align: 'center',
      responsive: ['sm'],
    },
    {
      key: 'title',
      title: t('groupActivity.training.name'),
      render: (_, row) => <span className="training-list__title">{row.title}</span>,
    },
    {
      key: 'auth',
      title: t('groupActivity.training.auth'),
      width: 90,
      render: (_, row) => <TrainingAuthTag auth={row.auth} />,
    },
    {
      key: 'category',
      title: t('groupActivity.training.category'),
      width: 120,
      responsive: ['md'],
      render: (_, row) => <TrainingCategoryTag name={row.categoryName} color={row.categoryColor} />,
    },
    {
      key: 'progress',
      title: t('groupActivity.training.progress'),
      width: mobile ? 110 : 180,
      render: (_, row) => <TrainingProgress acCount={row.acCount} problemCount={row.problemCount} />,
    },
    {
      key: 'problemCount',
      title: t('groupActivity.training.problemCount'),
      dataIndex: 'problemCount',
      width: 90,
      align: 'center',
      responsive: ['md'],
    },
    {
      key: 'author',
      title: t('groupActivity.training.author'),
      dataIndex: 'author',
      width: 110,
      ellipsis: true,
      responsive: ['lg'],
    },
    {
      key: 'updated',
      title: t('groupActivity.training.updated'),
      width: 130,
      responsive: ['lg'],
      render: (_, row) => (
        <Tooltip title={dayjs(row.gmtModified).format('YYYY-MM-DD HH:mm:ss')}>
          <time dateTime={row.gmtModified}>{dayjs(row.gmtModified).fromNow()}</time>
        </Tooltip>
      ),
    },
  ];

  return (
    <Card
      className="group-activity"
      title={t('groupActivity.training.title')}
      extra={adminButtons}
      data-testid="group-training-list"
    >
      <Table<TrainingVO>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) =>
          ({
            'data-training-id': row.id,
            className: 'group-activity__row',
            onClick: () => open(row),
          }) as HTMLAttributes<HTMLElement>
        }
        pagination={{
          current: page,
          pageSize: limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          simple: mobile,
          showTotal: (count) => t('groupActivity.common.total', { count }),
          onChange: (next, size) => {
            setPage(size === limit ? next : 1);
            setLimit(size);
          },
        }}
        locale={{
          emptyText: list.isError ? t('groupActivity.common.loadFailed') : t('groupActivity.training.empty'),
        }}
      />
    </Card>
  );
}
