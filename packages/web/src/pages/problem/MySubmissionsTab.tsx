import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubmissionRow } from '../../api/submission';
import { formatLength, formatMemory, formatTime, JudgeStatusTag } from '../../components/judge-status';
import { isAuthenticated, useSession } from '../../store/session';
import { useLiveRows } from '../submission/use-live-rows';
import { checkStatus, mySubmissions, problemPaths, PUBLIC_SCOPE, type ProblemScope } from './problem-scope';

/** Spec part 1 §9: my submissions, 10 a page. */
const PAGE_SIZE = 10;

export const mySubmissionsKey = (problemId: string, scope: ProblemScope = PUBLIC_SCOPE) =>
  scope.kind === 'contest'
    ? (['my-submissions', problemId, scope.cid, scope.containsEnd] as const)
    : scope.kind === 'group'
      ? (['my-submissions', problemId, 'group', scope.gid] as const)
      : (['my-submissions', problemId] as const);

/**
 * The "My Submission" tab of the problem page (spec part 1 §2): the signed-in user's submissions
 * of this problem, newest first, with unfinished ones polled; in a contest, those of the contest.
 */
export function MySubmissionsTab({
  problemId,
  isOi,
  scope = PUBLIC_SCOPE,
}: {
  problemId: string;
  isOi: boolean;
  scope?: ProblemScope;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [page, setPage] = useState(1);
  const signedIn = isAuthenticated(session);
  const list = useQuery({
    queryKey: [...mySubmissionsKey(problemId, scope), page],
    queryFn: () => mySubmissions(scope, problemId, page, PAGE_SIZE),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
  const { rows } = useLiveRows(list.data?.records, (ids) => checkStatus(scope, ids));

  if (!signedIn) return <Empty description={t('errors.pleaseLoginFirst')} />;

  const columns: ColumnsType<SubmissionRow> = [
    {
      key: 'submitTime',
      title: t('problem.submission.submitTime'),
      dataIndex: 'submitTime',
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      key: 'status',
      title: t('problem.submission.status'),
      render: (_, row) => (
        <Link to={problemPaths.submission(scope, problemId, row.submitId)}>
          <JudgeStatusTag status={row.status} />
        </Link>
      ),
    },
    ...(isOi
      ? [
          {
            key: 'score',
            title: t('problem.submission.score'),
            dataIndex: 'score',
            render: (value: number | null) => value ?? '--',
          },
        ]
      : []),
    { key: 'time', title: t('problem.submission.time'), render: (_, row) => formatTime(row.time) },
    { key: 'memory', title: t('problem.submission.memory'), render: (_, row) => formatMemory(row.memory) },
    {
      key: 'length',
      title: t('problem.submission.length'),
      responsive: ['md'],
      render: (_, row) => formatLength(row.length),
    },
    { key: 'language', title: t('problem.submission.language'), dataIndex: 'language', responsive: ['md'] },
  ];

  return (
    <div className="my-submissions">
      <div className="my-submissions__bar">
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
          {t('problem.common.refresh')}
        </Button>
      </div>
      <Table<SubmissionRow>
        rowKey="submitId"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('problem.mine.none')} />,
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          size: 'small',
          hideOnSinglePage: true,
        }}
      />
    </div>
  );
}
