import { ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProblemListRow } from '@verdict/shared';
import { Button, Card, Progress, Result, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getGroupProblemList } from '../../api/group-problem';
import { ApiError } from '../../api/http';
import { acceptancePercent, acceptanceRate, progressColor } from '../../components/judge-status';
import { useIsMobile } from '../../layout/use-is-mobile';
import { MyStatusIcon } from '../problem/MyStatusIcon';
import { levelColor, levelKey, positiveInt } from '../problem/problem-utils';
import { GroupProblemAdmin } from './GroupProblemAdmin';
import { GroupProblemEditor } from './GroupProblemEditor';
import { useGroupViewer } from '../group/use-group';
import { groupProblemListKey, useGroupId } from './use-group-id';
import '../problem/problem-common.css';
import '../problem/problem-list.css';
import './group-problem.css';

/** spec part 2 §2.2: the group's lists show 10 a page with a size selector. */
const PAGE_SIZE = 10;
const PAGE_SIZES = [10, 20, 30, 50];

/**
 * A group's problem tab (spec part 2 §2.2 GroupProblemList, /group/:groupID/problem): the problems
 * open to its members with their status, level, AC rate and tags; a group admin (level ≥ 4) also
 * has the admin mode (`?admin=1`) and, inside it, the problem editor (`&create=1`, `&edit=<pid>`).
 * The mode lives in the query string, so Back and a reload keep it.
 */
export function GroupProblemListPage() {
  const gid = useGroupId();
  const [params] = useSearchParams();
  const { viewer, admin: isGroupAdmin } = useGroupViewer(gid);
  const adminMode = params.get('admin') === '1' && isGroupAdmin;
  const editPid = positiveInt(params.get('edit'), 0);
  if (adminMode && (params.get('create') === '1' || editPid > 0)) {
    return <GroupProblemEditor key={editPid} gid={gid} pid={editPid > 0 ? editPid : null} />;
  }
  if (adminMode) return <GroupProblemAdmin gid={gid} viewer={viewer} />;
  return <MemberProblemList gid={gid} isGroupAdmin={isGroupAdmin} />;
}

function MemberProblemList({ gid, isGroupAdmin }: { gid: number; isGroupAdmin: boolean }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [params, setParams] = useSearchParams();
  const currentPage = positiveInt(params.get('currentPage'), 1);
  const limit = positiveInt(params.get('limit'), PAGE_SIZE);
  const list = useQuery({
    queryKey: [...groupProblemListKey(gid), currentPage, limit],
    queryFn: () => getGroupProblemList({ gid, currentPage, limit }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  if (list.isError) {
    const status = list.error instanceof ApiError ? list.error.status : undefined;
    return (
      <Result
        status={status === 403 ? '403' : status === 404 ? '404' : 'warning'}
        title={status === 403 ? t('groupProblem.list.notMember') : t('groupProblem.list.loadFailed')}
        subTitle={list.error instanceof ApiError ? list.error.message : undefined}
        extra={
          <Space wrap>
            <Button onClick={() => void list.refetch()}>{t('groupProblem.list.retry')}</Button>
            <Link to="/group">
              <Button type="primary">{t('groupProblem.list.backToGroups')}</Button>
            </Link>
          </Space>
        }
      />
    );
  }

  const columns: ColumnsType<ProblemListRow> = [
    {
      key: 'myStatus',
      width: mobile ? 32 : 48,
      align: 'center',
      title: '',
      render: (_, row) => <MyStatusIcon status={row.myStatus} />,
    },
    {
      key: 'problemId',
      dataIndex: 'problemId',
      title: t('groupProblem.list.id'),
      width: mobile ? 90 : 130,
      render: (value: string) => <span className="problem-list__id">{value}</span>,
    },
    {
      key: 'title',
      title: t('groupProblem.list.problemTitle'),
      render: (_, row) => (
        <div className="problem-list__title-cell">
          <Link
            className="problem-list__title"
            to={`/group/${gid}/problem/${encodeURIComponent(row.problemId)}`}
          >
            {row.title}
          </Link>
          {row.tags.length > 0 ? (
            <div className="problem-list__tags">
              {row.tags.map((tag) => (
                <Tag key={tag.id} color={tag.color ?? undefined} className="problem-list__tag">
                  {tag.name}
                </Tag>
              ))}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      key: 'difficulty',
      dataIndex: 'difficulty',
      title: t('groupProblem.list.level'),
      width: 96,
      responsive: ['sm'],
      render: (value: number) => (
        <Tag color={levelColor(value)} className="level-tag">
          {t(`problem.level.${levelKey(value)}`)}
        </Tag>
      ),
    },
    {
      key: 'total',
      dataIndex: 'total',
      title: t('groupProblem.list.total'),
      width: 80,
      align: 'right',
      responsive: ['md'],
    },
    {
      key: 'acRate',
      title: t('groupProblem.list.acRate'),
      width: mobile ? 72 : 160,
      render: (_, row) => {
        const percent = acceptancePercent(row.ac, row.total);
        return (
          <div className="problem-list__rate">
            {mobile ? null : (
              <Progress
                percent={percent}
                showInfo={false}
                size="small"
                strokeColor={progressColor(percent)}
              />
            )}
            <span className="problem-list__rate-text">{acceptanceRate(row.ac, row.total)}</span>
          </div>
        );
      },
    },
  ];

  const setPage = (page: number, size: number) => {
    const next = new URLSearchParams(params);
    next.set('currentPage', String(size !== limit ? 1 : page));
    next.set('limit', String(size));
    setParams(next);
  };

  return (
    <Card
      className="group-problem-card"
      title={t('groupProblem.list.title')}
      extra={
        <Space wrap>
          <Tooltip title={t('groupProblem.list.refresh')}>
            <Button
              icon={<ReloadOutlined spin={list.isFetching} />}
              aria-label={t('groupProblem.list.refresh')}
              onClick={() => void list.refetch()}
            />
          </Tooltip>
          {isGroupAdmin ? (
            <Button icon={<SettingOutlined />} onClick={() => setParams(new URLSearchParams({ admin: '1' }))}>
              {t('groupProblem.list.adminMode')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Table<ProblemListRow>
        rowKey="pid"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        locale={{ emptyText: t('groupProblem.list.empty') }}
        pagination={{
          current: currentPage,
          pageSize: limit,
          total: list.data?.total ?? 0,
          showSizeChanger: !mobile,
          pageSizeOptions: PAGE_SIZES,
          simple: mobile,
          hideOnSinglePage: false,
          onChange: setPage,
        }}
      />
    </Card>
  );
}
