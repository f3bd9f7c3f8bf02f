import { OrderedListOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Tooltip, type TableColumnsType } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
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
import { actionsColumn } from '../../admin/common/CrudRowActions';
import { CrudTable } from '../../admin/common/CrudTable';
import { TrainingEditor, type TrainingEditTarget } from '../../admin/training/TrainingEditPage';
import { MOBILE_QUERY, useMediaQuery } from '../problem/use-media-query';
import { TrainingAuthTag, TrainingCategoryTag } from '../training/TrainingTags';
import { TrainingProgress } from '../training/TrainingProgress';
import { GroupAdminButtons, groupRowTexts, useGroupAdminList, useGroupAdminMode } from './group-admin-mode';
import { GroupTrainingProblems } from './GroupTrainingProblems';
import type { GroupViewer } from '../group/group-rules';
import { useGroupViewer } from '../group/use-group';
import './group-activity.css';
import '../training/training.css';

dayjs.extend(relativeTime);

const PAGE_SIZES = [10, 20, 50];
const ADMIN_PAGE_SIZE = 10;

/** The admin mode's screens, kept in the query (`admin=list|create|edit|problems`, `tid`). */
const ADMIN_VIEWS = ['list', 'create', 'edit', 'problems'] as const;
type AdminView = (typeof ADMIN_VIEWS)[number];

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
  const mobile = useMediaQuery(MOBILE_QUERY);
  const groupID = useParams().groupID ?? '';
  const gid = Number(groupID);
  const group = useGroupViewer(gid);
  const { view, id: tid, go } = useGroupAdminMode(ADMIN_VIEWS, group.admin, 'tid');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(PAGE_SIZES[0]!);
  const base = `/group/${groupID}/training`;

  const list = useQuery({
    queryKey: ['group-training-list', gid, page, limit],
    queryFn: () => getGroupTrainingList({ gid, currentPage: page, limit }),
    enabled: view === null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const target: TrainingEditTarget = {
    listPath: `${base}?admin=list`,
    staleKey: ['group-admin-training-list', gid],
    categoryPath: '/admin/training/category',
    load: getGroupTraining,
    create: (body) => createGroupTraining(gid, body),
    update: (body) => updateGroupTraining(gid, body),
  };

  const adminButtons = group.admin ? (
    <GroupAdminButtons view={view} adminLabel={t('groupActivity.training.admin')} go={go} />
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
    return <GroupTrainingAdminTable gid={gid} viewer={group.viewer} head={adminButtons} go={go} />;
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

/**
 * The admin mode's list (spec part 2 §2.1 "Group training admin", reference §3.10
 * get-admin-training-list): every training of the group with its visible switch, edit, problems and
 * delete, disabled with the reason on another admin's training (reference §7.12: its author or the
 * group's root).
 */
function GroupTrainingAdminTable({
  gid,
  viewer,
  head,
  go,
}: {
  gid: number;
  viewer: GroupViewer;
  head: ReactNode;
  go: (view: AdminView, tid: number) => void;
}) {
  const { t } = useTranslation();
  const { list, busy, act, locked, visibleColumn } = useGroupAdminList<AdminTraining>(
    ['group-admin-training-list', gid],
    (currentPage, limit) => getGroupAdminTrainingList({ gid, currentPage, limit }),
    ADMIN_PAGE_SIZE,
    viewer,
    (row) => ({ author: row.author }),
  );
  const columns: TableColumnsType<AdminTraining> = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'title', title: t('groupActivity.training.name'), dataIndex: 'title', ellipsis: true },
    {
      key: 'auth',
      title: t('groupActivity.training.auth'),
      width: 90,
      render: (_, row) => <TrainingAuthTag auth={row.auth === 'Private' ? 'Private' : 'Public'} />,
    },
    visibleColumn(
      (row) => row.status,
      (row, status) => changeGroupTrainingStatus(row.id, status),
    ),
    {
      key: 'author',
      title: t('groupActivity.training.author'),
      dataIndex: 'author',
      width: 110,
      responsive: ['md'],
    },
    actionsColumn<AdminTraining>(
      t('groupActivity.common.actions'),
      groupRowTexts(t),
      (row) => ({
        name: row.title ?? '',
        confirmDelete: t('groupActivity.training.deleteConfirm'),
        onEdit: () => go('edit', row.id),
        onDelete: () =>
          act(`delete-${row.id}`, () => deleteGroupTraining(row.id), t('groupActivity.common.deleted')),
        deleting: busy === `delete-${row.id}`,
        locked: locked(row),
        extra: (
          <Tooltip title={locked(row) ?? t('groupActivity.training.problems')}>
            <Button
              type="text"
              icon={<OrderedListOutlined />}
              aria-label={`${t('groupActivity.training.problems')} ${row.title ?? ''}`}
              disabled={!!locked(row)}
              onClick={() => go('problems', row.id)}
            />
          </Tooltip>
        ),
      }),
      130,
    ),
  ];
  return (
    <div className="group-activity" data-testid="group-training-admin">
      <CrudTable<AdminTraining>
        list={list}
        columns={columns}
        emptyText={t('groupActivity.training.empty')}
        scrollX={560}
        title={t('groupActivity.training.adminTitle')}
        extra={head}
      />
    </div>
  );
}
