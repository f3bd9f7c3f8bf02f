import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  NotificationOutlined,
  OrderedListOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Input,
  Popconfirm,
  Space,
  Switch,
  Table,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  changeContestVisible,
  cloneContest,
  deleteContest,
  getAdminContestList,
  type AdminContestRow,
} from '../../api/admin-contest';
import { useIsMobile } from '../../layout/use-is-mobile';
import { RefreshButton } from '../common/RefreshButton';
import { useRowAction } from '../common/use-row-action';
import { AcSubmissionsDownload } from '../../pages/contest/staff/AcSubmissionsDownload';
import { useSession } from '../../store/session';
import { when } from '../content/when';
import { AuthTag, StatusTag, TypeTag } from './ContestTags';
import { contestPaths } from './paths';
import { isRoot, mayManageContest } from './permissions';
import '../problem/admin-problem.css';
import './admin-contest.css';

const PAGE_SIZE = 10;

/**
 * /admin/contest (spec part 2 §2.7, reference §3.12 "Contests"): the contests with a keyword
 * search, the visible switch (saved at once), and per row edit, problems, announcements, download
 * of accepted code, clone and delete (root).
 */
export function ContestListPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  const [search, setSearch] = useSearchParams();
  const keyword = search.get('keyword') ?? '';
  const page = Math.max(1, Number(search.get('currentPage')) || 1);
  const [keywordInput, setKeywordInput] = useState(keyword);

  const list = useQuery({
    queryKey: ['admin-contest', 'list', page, keyword],
    queryFn: () =>
      getAdminContestList({ currentPage: page, limit: PAGE_SIZE, keyword: keyword || undefined }),
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-contest', 'list'] });
  const { busy, act } = useRowAction(refresh);

  const setQuery = (values: { keyword?: string; currentPage?: number }) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined || value === '' || value === 1) next.delete(key);
      else next.set(key, String(value));
    }
    setSearch(next);
  };

  const columns: TableColumnsType<AdminContestRow> = [
    // at 1280 px the whole table fits beside the side menu: the title wraps instead of being cut to a
    // few characters, and every action (Delete last) stays in view (issue 24 item 18)
    { title: t('adminContest.list.id'), dataIndex: 'id', width: 56 },
    {
      title: t('adminContest.list.title'),
      dataIndex: 'title',
      minWidth: 180,
      className: 'acn-title',
      render: (title: string, row) =>
        mayManageContest(userInfo, row.uid) ? <Link to={contestPaths.edit(row.id)}>{title}</Link> : title,
    },
    {
      title: t('adminContest.list.type'),
      dataIndex: 'type',
      width: 64,
      render: (type: number) => <TypeTag type={type} />,
    },
    {
      title: t('adminContest.list.auth'),
      dataIndex: 'auth',
      width: 76,
      render: (auth: number) => <AuthTag auth={auth} />,
    },
    {
      title: t('adminContest.list.status'),
      dataIndex: 'status',
      width: 80,
      render: (status: number) => <StatusTag status={status} />,
    },
    {
      title: t('adminContest.list.visible'),
      dataIndex: 'visible',
      width: 64,
      render: (visible: boolean, row) => (
        <Switch
          size="small"
          checked={visible}
          loading={busy === `visible-${row.id}`}
          disabled={!mayManageContest(userInfo, row.uid)}
          aria-label={`${t('adminContest.list.visible')} ${row.title}`}
          onChange={(next) =>
            void act(
              `visible-${row.id}`,
              () => changeContestVisible(row.id, row.uid, next),
              t('adminContest.common.updated'),
            )
          }
        />
      ),
    },
    {
      title: t('adminContest.list.info'),
      key: 'info',
      width: 190,
      render: (_, row) => (
        <div className="acn-info">
          <div>
            <span className="acn-info-label">{t('adminContest.list.start')}</span> {when(row.startTime)}
          </div>
          <div>
            <span className="acn-info-label">{t('adminContest.list.end')}</span> {when(row.endTime)}
          </div>
          <div>
            <span className="acn-info-label">{t('adminContest.list.creator')}</span> {row.author ?? '—'}
          </div>
        </div>
      ),
    },
    {
      title: t('adminContest.common.actions'),
      key: 'actions',
      width: 212,
      render: (_, row) => {
        const mine = mayManageContest(userInfo, row.uid);
        const tip = mine ? undefined : t('adminContest.list.notYours');
        const icon = (label: string, node: ReactNode, onClick: () => void, extra = {}) => (
          <Tooltip title={tip ?? label}>
            <Button
              type="text"
              icon={node}
              aria-label={`${label} ${row.title}`}
              disabled={!mine}
              onClick={onClick}
              {...extra}
            />
          </Tooltip>
        );
        return (
          <Space size={0}>
            {icon(
              t('adminContest.common.edit'),
              <EditOutlined />,
              () => void navigate(contestPaths.edit(row.id)),
            )}
            {icon(
              t('adminContest.list.problems'),
              <OrderedListOutlined />,
              () => void navigate(contestPaths.problems(row.id)),
            )}
            {icon(
              t('adminContest.list.announcements'),
              <NotificationOutlined />,
              () => void navigate(contestPaths.announcement(row.id)),
            )}
            <AcSubmissionsDownload cid={row.id} row={{ name: row.title ?? '', locked: tip }} />
            <Popconfirm
              title={t('adminContest.list.cloneConfirm', { title: row.title })}
              okText={t('adminContest.list.clone')}
              cancelText={t('adminContest.common.cancel')}
              onConfirm={() =>
                act(`clone-${row.id}`, () => cloneContest(row.id), t('adminContest.list.cloned'))
              }
              disabled={!mine}
            >
              <Button
                title={tip ?? t('adminContest.list.clone')}
                type="text"
                icon={<CopyOutlined />}
                loading={busy === `clone-${row.id}`}
                aria-label={`${t('adminContest.list.clone')} ${row.title}`}
                disabled={!mine}
              />
            </Popconfirm>
            <Popconfirm
              title={t('adminContest.list.deleteConfirm', { title: row.title })}
              okText={t('adminContest.common.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('adminContest.common.cancel')}
              onConfirm={() =>
                act(`delete-${row.id}`, () => deleteContest(row.id), t('adminContest.common.deleted'))
              }
              disabled={!isRoot(userInfo)}
            >
              <Button
                // titles, not tooltips, inside a confirmation: a tooltip would cover its buttons
                title={
                  isRoot(userInfo) ? t('adminContest.common.delete') : t('adminContest.list.deleteRootOnly')
                }
                type="text"
                danger
                icon={<DeleteOutlined />}
                loading={busy === `delete-${row.id}`}
                aria-label={`${t('adminContest.common.delete')} ${row.title}`}
                disabled={!isRoot(userInfo)}
              />
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="ap-page">
      <div className="ap-page-head">
        <Typography.Title level={3} className="ap-page-title">
          {t('title.adminContestList')}
        </Typography.Title>
        <Space wrap>
          <RefreshButton
            label={t('adminContest.common.refresh')}
            fetching={list.isFetching}
            onRefresh={() => void refresh()}
          />
          <Link to={contestPaths.create}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('adminContest.list.create')}
            </Button>
          </Link>
        </Space>
      </div>
      <Card>
        <div className="ap-toolbar">
          <Input.Search
            className="ap-search"
            allowClear
            value={keywordInput}
            placeholder={t('adminContest.list.search')}
            aria-label={t('adminContest.list.search')}
            onChange={(event) => setKeywordInput(event.target.value)}
            onSearch={(value) => setQuery({ keyword: value.trim(), currentPage: undefined })}
          />
        </div>
        <Table<AdminContestRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          scroll={{ x: 922 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            simple: isMobile,
            showSizeChanger: false,
            hideOnSinglePage: true,
            showTotal: (count) => t('adminContest.common.total', { count }),
            onChange: (currentPage) => setQuery({ currentPage }),
          }}
          locale={{ emptyText: t('adminContest.list.empty') }}
        />
      </Card>
    </div>
  );
}
