import {
  DeleteOutlined,
  EditOutlined,
  NotificationOutlined,
  OrderedListOutlined,
  PlusOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  List,
  Pagination,
  Popconfirm,
  Skeleton,
  Space,
  Switch,
  Table,
  Tooltip,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { AdminContestRow } from '../../api/admin-contest';
import type { ContestSummary } from '../../api/contest';
import {
  changeGroupContestVisible,
  createGroupContest,
  deleteGroupContest,
  getGroupAdminContestList,
  getGroupContest,
  getGroupContestList,
  updateGroupContest,
} from '../../api/group-activity';
import { ContestEditor, type ContestEditTarget } from '../../admin/contest/ContestEditPage';
import { AuthTag, StatusTag, TypeTag } from '../../admin/contest/ContestTags';
import { toast } from '../../feedback/toast';
import { ContestListRow } from '../contest/ContestListPage';
import { MOBILE_QUERY, useMediaQuery } from '../problem/use-media-query';
import { GroupContestAnnouncements, GroupContestProblems } from './GroupContestAdmin';
import { GroupContestProblemCreate } from './GroupContestProblemCreate';
import { useGroupViewer } from '../group/use-group';
import '../contest/contest.css';
import './group-activity.css';

const PAGE_SIZE = 10;

type AdminView = 'list' | 'create' | 'edit' | 'problems' | 'create-problem' | 'announcements';
const ADMIN_VIEWS: readonly string[] = [
  'list',
  'create',
  'edit',
  'problems',
  'create-problem',
  'announcements',
];

/**
 * A group's contests (/group/:groupID/contest, spec part 2 §2.2 "Group contest list", reference
 * §3.10): members see the contest cards of the site's list (rule trophy, title opening the public
 * contest page, lock, start, length, status, left border in the status's colour). Group admins get
 * the admin mode: the table (ID, title, type, auth, status, visible switch, start and end, edit,
 * problems, announcements, delete), the site's contest form told the group, the contest's problems
 * and its announcements.
 */
export function GroupContestListPage() {
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
  const cid = Number(params.get('cid'));
  const [page, setPage] = useState(1);
  const [adminPage, setAdminPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const base = `/group/${groupID}/contest`;
  const goAdmin = (next: AdminView | null, id?: number) =>
    setParams(next ? { admin: next, ...(id ? { cid: String(id) } : {}) } : {});

  const list = useQuery({
    queryKey: ['group-contest-list', gid, page],
    queryFn: () => getGroupContestList({ gid, currentPage: page, limit: PAGE_SIZE }),
    enabled: view === null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const adminList = useQuery({
    queryKey: ['group-admin-contest-list', gid, adminPage],
    queryFn: () => getGroupAdminContestList({ gid, currentPage: adminPage, limit: PAGE_SIZE }),
    enabled: view === 'list',
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const act = async (key: string, run: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await run();
      toast.success(done);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['group-admin-contest-list', gid] }),
        queryClient.invalidateQueries({ queryKey: ['group-contest-list', gid] }),
      ]);
    } catch {
      // the client has shown the server's refusal
    } finally {
      setBusy(null);
    }
  };

  const target: ContestEditTarget = {
    listPath: `${base}?admin=list`,
    load: getGroupContest,
    create: (body) => createGroupContest(gid, body),
    update: (body) => updateGroupContest(gid, body),
  };

  const adminButtons = group.admin ? (
    <Space wrap>
      {view !== null ? (
        <Button onClick={() => goAdmin(view === 'list' ? null : 'list')}>
          {t(view === 'list' ? 'groupActivity.common.backToList' : 'groupActivity.common.back')}
        </Button>
      ) : (
        <Button icon={<SettingOutlined />} onClick={() => goAdmin('list')}>
          {t('groupActivity.contest.admin')}
        </Button>
      )}
      {view !== 'create' ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => goAdmin('create')}>
          {t('groupActivity.common.create')}
        </Button>
      ) : null}
    </Space>
  ) : null;

  if (view !== null && view !== 'list') {
    return (
      <div className="group-activity">
        <div className="group-activity__bar">{adminButtons}</div>
        {view === 'problems' ? (
          <GroupContestProblems cid={cid} onCreate={() => goAdmin('create-problem', cid)} />
        ) : view === 'create-problem' ? (
          <GroupContestProblemCreate cid={cid} listPath={`${base}?admin=problems&cid=${cid}`} />
        ) : view === 'announcements' ? (
          <GroupContestAnnouncements cid={cid} />
        ) : (
          <ContestEditor key={`${view}-${cid}`} target={target} editId={view === 'edit' ? cid : null} />
        )}
      </div>
    );
  }

  if (view === 'list') {
    const columns: ColumnsType<AdminContestRow> = [
      { key: 'id', title: t('groupActivity.contest.id'), dataIndex: 'id', width: 70 },
      {
        key: 'title',
        title: t('groupActivity.contest.name'),
        ellipsis: true,
        render: (_, row) => <Link to={`/contest/${row.id}`}>{row.title}</Link>,
      },
      {
        key: 'type',
        title: t('groupActivity.contest.type'),
        width: 80,
        render: (_, row) => <TypeTag type={row.type} />,
      },
      {
        key: 'auth',
        title: t('groupActivity.contest.auth'),
        width: 90,
        responsive: ['md'],
        render: (_, row) => <AuthTag auth={row.auth} />,
      },
      {
        key: 'status',
        title: t('groupActivity.contest.status'),
        width: 90,
        render: (_, row) => <StatusTag status={row.status} />,
      },
      {
        key: 'visible',
        title: t('groupActivity.common.visible'),
        width: 80,
        render: (_, row) => (
          <Switch
            size="small"
            checked={row.visible}
            loading={busy === `visible-${row.id}`}
            aria-label={`${t('groupActivity.common.visible')} ${row.title}`}
            onChange={(visible) =>
              void act(
                `visible-${row.id}`,
                () => changeGroupContestVisible(row.id, visible),
                t('groupActivity.common.updated'),
              )
            }
          />
        ),
      },
      {
        key: 'info',
        title: t('groupActivity.contest.info'),
        width: 220,
        responsive: ['lg'],
        render: (_, row) => (
          <div className="group-activity__info">
            <div>
              {t('groupActivity.contest.start')}: {dayjs(row.startTime).format('YYYY-MM-DD HH:mm')}
            </div>
            <div>
              {t('groupActivity.contest.end')}: {dayjs(row.endTime).format('YYYY-MM-DD HH:mm')}
            </div>
            <div>
              {t('groupActivity.contest.creator')}: {row.author ?? ''}
            </div>
          </div>
        ),
      },
      {
        key: 'actions',
        title: t('groupActivity.common.actions'),
        width: 170,
        render: (_, row) => (
          <Space size={0}>
            <Tooltip title={t('groupActivity.common.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={`${t('groupActivity.common.edit')} ${row.title}`}
                onClick={() => goAdmin('edit', row.id)}
              />
            </Tooltip>
            <Tooltip title={t('groupActivity.contest.problems')}>
              <Button
                type="text"
                icon={<OrderedListOutlined />}
                aria-label={`${t('groupActivity.contest.problems')} ${row.title}`}
                onClick={() => goAdmin('problems', row.id)}
              />
            </Tooltip>
            <Tooltip title={t('groupActivity.contest.announcements')}>
              <Button
                type="text"
                icon={<NotificationOutlined />}
                aria-label={`${t('groupActivity.contest.announcements')} ${row.title}`}
                onClick={() => goAdmin('announcements', row.id)}
              />
            </Tooltip>
            <Popconfirm
              title={t('groupActivity.contest.deleteConfirm')}
              okButtonProps={{ danger: true }}
              okText={t('groupActivity.common.delete')}
              cancelText={t('groupActivity.common.cancel')}
              onConfirm={() =>
                act(`delete-${row.id}`, () => deleteGroupContest(row.id), t('groupActivity.common.deleted'))
              }
            >
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                loading={busy === `delete-${row.id}`}
                aria-label={`${t('groupActivity.common.delete')} ${row.title}`}
              />
            </Popconfirm>
          </Space>
        ),
      },
    ];
    return (
      <Card
        className="group-activity"
        title={t('groupActivity.contest.adminTitle')}
        extra={adminButtons}
        data-testid="group-contest-admin"
      >
        <Table<AdminContestRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={adminList.data?.records ?? []}
          loading={adminList.isFetching}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: adminPage,
            pageSize: PAGE_SIZE,
            total: adminList.data?.total ?? 0,
            hideOnSinglePage: true,
            simple: mobile,
            onChange: setAdminPage,
          }}
          locale={{
            emptyText: adminList.isError
              ? t('groupActivity.common.loadFailed')
              : t('groupActivity.contest.empty'),
          }}
        />
      </Card>
    );
  }

  const records = list.data?.records ?? [];
  const open = (contest: ContestSummary) => void navigate(`/contest/${contest.id}`);
  return (
    <Card
      className="group-activity contest-list"
      title={t('groupActivity.contest.title')}
      extra={adminButtons}
      data-testid="group-contest-list"
    >
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.isError ? (
        <Empty description={t('groupActivity.common.loadFailed')} />
      ) : records.length === 0 ? (
        <Empty description={t('groupActivity.contest.empty')} />
      ) : (
        <List
          className="contest-list__rows group-contest-cards"
          loading={list.isFetching && list.isPlaceholderData}
          dataSource={records}
          rowKey="id"
          renderItem={(contest) => (
            <ContestListRow
              contest={contest}
              onOpen={open}
              countWhenPublic={false}
              className={`group-contest-card group-contest-card--${statusClass(contest.status)}`}
            />
          )}
        />
      )}
      <Pagination
        className="contest-list__pages"
        current={page}
        pageSize={PAGE_SIZE}
        total={list.data?.total ?? 0}
        showSizeChanger={false}
        hideOnSinglePage
        onChange={setPage}
      />
    </Card>
  );
}

/** The card's left border (spec part 2 §2.2): scheduled, running or ended (reference §4.4 status). */
function statusClass(status: number | null | undefined): string {
  if (status === 0) return 'running';
  if (status === 1) return 'ended';
  return 'scheduled';
}
