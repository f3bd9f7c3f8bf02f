import { NotificationOutlined, OrderedListOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Pagination, Skeleton, Tooltip, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminContestRow } from '../../api/admin-contest';
import type { ContestSummary } from '../../api/contest';
import {
  changeGroupContestVisible,
  createGroupContest,
  createGroupContestProblem,
  deleteGroupContest,
  getGroupAdminContestList,
  getGroupContest,
  getGroupContestList,
  updateGroupContest,
} from '../../api/group-activity';
import { actionsColumn } from '../../admin/common/CrudRowActions';
import { CrudTable } from '../../admin/common/CrudTable';
import { ContestEditor, type ContestEditTarget } from '../../admin/contest/ContestEditPage';
import { ContestProblemEditor } from '../../admin/contest/ContestProblemEditPage';
import { AuthTag, StatusTag, TypeTag } from '../../admin/contest/ContestTags';
import { ContestListRow } from '../contest/ContestListPage';
import { AcSubmissionsDownload } from '../contest/staff/AcSubmissionsDownload';
import { GroupContestAnnouncements, GroupContestProblems } from './GroupContestAdmin';
import { GroupAdminButtons, groupRowTexts, useGroupAdminList, useGroupAdminMode } from './group-admin-mode';
import type { GroupViewer } from '../group/group-rules';
import { useGroupViewer } from '../group/use-group';
import '../contest/contest.css';
import './group-activity.css';

const PAGE_SIZE = 10;

const ADMIN_VIEWS = ['list', 'create', 'edit', 'problems', 'create-problem', 'announcements'] as const;
type AdminView = (typeof ADMIN_VIEWS)[number];

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
  const groupID = useParams().groupID ?? '';
  const gid = Number(groupID);
  const group = useGroupViewer(gid);
  const { view, id: cid, go } = useGroupAdminMode(ADMIN_VIEWS, group.admin, 'cid');
  const [page, setPage] = useState(1);
  const base = `/group/${groupID}/contest`;

  const list = useQuery({
    queryKey: ['group-contest-list', gid, page],
    queryFn: () => getGroupContestList({ gid, currentPage: page, limit: PAGE_SIZE }),
    enabled: view === null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const target: ContestEditTarget = {
    listPath: `${base}?admin=list`,
    staleKey: ['group-admin-contest-list', gid],
    load: getGroupContest,
    create: (body) => createGroupContest(gid, body),
    update: (body) => updateGroupContest(gid, body),
  };

  const adminButtons = group.admin ? (
    <GroupAdminButtons view={view} adminLabel={t('groupActivity.contest.admin')} go={go} />
  ) : null;

  if (view === 'list')
    return <GroupContestAdminTable gid={gid} viewer={group.viewer} head={adminButtons} go={go} />;
  if (view !== null) {
    return (
      <div className="group-activity">
        <div className="group-activity__bar">{adminButtons}</div>
        {view === 'problems' ? (
          <GroupContestProblems cid={cid} onCreate={() => go('create-problem', cid)} />
        ) : view === 'create-problem' ? (
          <ContestProblemEditor
            cid={cid}
            pid={null}
            listPath={`${base}?admin=problems&cid=${cid}`}
            listKey={['group-contest-problems', cid]}
            create={createGroupContestProblem}
          />
        ) : view === 'announcements' ? (
          <GroupContestAnnouncements cid={cid} />
        ) : (
          <ContestEditor key={`${view}-${cid}`} target={target} editId={view === 'edit' ? cid : null} />
        )}
      </div>
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

/**
 * The admin mode's list (spec part 2 §2.2 "Group contest admin mode", reference §3.10
 * get-admin-contest-list): ID, title, type, auth, status, the visible switch, start, end and
 * creator, and per contest edit, problems, announcements, the accepted code's download and delete,
 * disabled with the reason on another admin's contest (spec part 2 §6, reference §7.12: its
 * creator or the group's root).
 */
function GroupContestAdminTable({
  gid,
  viewer,
  head,
  go,
}: {
  gid: number;
  viewer: GroupViewer;
  head: ReactNode;
  go: (view: AdminView, cid: number) => void;
}) {
  const { t } = useTranslation();
  const { list, busy, act, locked, visibleColumn } = useGroupAdminList<AdminContestRow>(
    ['group-admin-contest-list', gid],
    (currentPage, limit) => getGroupAdminContestList({ gid, currentPage, limit }),
    PAGE_SIZE,
    viewer,
    (row) => ({ uid: row.uid }),
  );
  const iconButton = (row: AdminContestRow, label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={locked(row) ?? label}>
      <Button
        type="text"
        icon={icon}
        aria-label={`${label} ${row.title}`}
        disabled={!!locked(row)}
        onClick={onClick}
      />
    </Tooltip>
  );
  const columns: TableColumnsType<AdminContestRow> = [
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
    visibleColumn(
      (row) => row.visible,
      (row, visible) => changeGroupContestVisible(row.id, visible),
    ),
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
    actionsColumn<AdminContestRow>(
      t('groupActivity.common.actions'),
      groupRowTexts(t),
      (row) => ({
        name: row.title ?? '',
        confirmDelete: t('groupActivity.contest.deleteConfirm'),
        onEdit: () => go('edit', row.id),
        onDelete: () =>
          act(`delete-${row.id}`, () => deleteGroupContest(row.id), t('groupActivity.common.deleted')),
        deleting: busy === `delete-${row.id}`,
        locked: locked(row),
        extra: (
          <>
            {iconButton(row, t('groupActivity.contest.problems'), <OrderedListOutlined />, () =>
              go('problems', row.id),
            )}
            {iconButton(row, t('groupActivity.contest.announcements'), <NotificationOutlined />, () =>
              go('announcements', row.id),
            )}
            <AcSubmissionsDownload cid={row.id} row={{ name: row.title ?? '', locked: locked(row) }} />
          </>
        ),
      }),
      210,
    ),
  ];
  return (
    <div className="group-activity" data-testid="group-contest-admin">
      <CrudTable<AdminContestRow>
        list={list}
        columns={columns}
        emptyText={t('groupActivity.contest.empty')}
        scrollX={720}
        title={t('groupActivity.contest.adminTitle')}
        extra={head}
      />
    </div>
  );
}

/** The card's left border (spec part 2 §2.2): scheduled, running or ended (reference §4.4 status). */
function statusClass(status: number | null | undefined): string {
  if (status === 0) return 'running';
  if (status === 1) return 'ended';
  return 'scheduled';
}
