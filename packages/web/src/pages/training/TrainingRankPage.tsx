import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Avatar, Card, Input, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { getTrainingProblems, getTrainingRank, type TrainingRankRow } from '../../api/training';
import { useStatusLabel } from '../../components/judge-status';
import { useIsMobile } from '../../layout/use-is-mobile';
import { useSession } from '../../store/session';
import {
  rankCellSubmissionsPath,
  rankCellView,
  rankSequence,
  TRAINING_RANK_PAGE_SIZE,
  trainingBasePath,
} from './training-rules';
import { trainingProblemsKey, useTrainingContext } from './use-training';

/**
 * The training rank (/training/:trainingID/rank, spec part 2 §2.1, reference §3.5, §7.13): a
 * search box; rows with the place, the user (Own and Girl flags, school), the real name for
 * training admins only, total AC with total run time, and one column per problem with the short
 * coloured status and run time. A problem cell opens the submission list of that user and problem.
 * 100 a page.
 */
export function TrainingRankPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const statusLabel = useStatusLabel();
  const { userInfo } = useSession();
  const { tid, admin } = useTrainingContext();
  const base = trainingBasePath(tid, useParams().groupID);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const problems = useQuery({
    queryKey: trainingProblemsKey(tid),
    queryFn: () => getTrainingProblems(tid),
    staleTime: 0,
  });
  const rank = useQuery({
    queryKey: ['training-rank', tid, page, keyword],
    queryFn: () =>
      getTrainingRank({
        tid,
        currentPage: page,
        limit: TRAINING_RANK_PAGE_SIZE,
        keyword: keyword || undefined,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const columns: ColumnsType<TrainingRankRow> = [
    {
      key: 'sequence',
      title: t('training.rank.sequence'),
      width: 56,
      align: 'center',
      fixed: isMobile ? undefined : 'left',
      render: (_, _row, index) => rankSequence(page, TRAINING_RANK_PAGE_SIZE, index),
    },
    {
      key: 'user',
      title: t('training.rank.user'),
      width: isMobile ? 160 : 240,
      fixed: isMobile ? undefined : 'left',
      render: (_, row) => (
        <div className="training-rank__user">
          {isMobile ? null : (
            <Avatar size={32} src={row.avatar || undefined}>
              {row.username.slice(0, 1).toUpperCase()}
            </Avatar>
          )}
          <div className="training-rank__who">
            <Link
              to={`/user-home?username=${encodeURIComponent(row.username)}`}
              className="training-rank__name"
            >
              {row.uid === userInfo?.uid ? <Tag color="blue">{t('training.rank.own')}</Tag> : null}
              {row.gender === 'female' ? <Tag color="magenta">{t('training.rank.girl')}</Tag> : null}
              {row.username}
            </Link>
            {row.school ? <span className="training-rank__school">{row.school}</span> : null}
          </div>
        </div>
      ),
    },
    ...(admin
      ? [
          {
            key: 'realname',
            title: t('training.rank.realname'),
            width: 110,
            ellipsis: true,
            render: (_: unknown, row: TrainingRankRow) => row.realname ?? '',
          },
        ]
      : []),
    {
      key: 'ac',
      title: t('training.rank.ac'),
      width: 90,
      align: 'center',
      render: (_, row) => (
        <div className="training-rank__total">
          <Link to={`/status?username=${encodeURIComponent(row.username)}&status=0`}>{row.ac}</Link>
          <span className="training-rank__time">({row.totalRunTime}ms)</span>
        </div>
      ),
    },
    ...(problems.data ?? []).map((problem) => ({
      key: `p-${problem.problemId}`,
      title: <Link to={`${base}/problem/${encodeURIComponent(problem.problemId)}`}>{problem.problemId}</Link>,
      width: 84,
      align: 'center' as const,
      onCell: (row: TrainingRankRow) => ({
        className: row.submissionInfo[problem.problemId] ? 'training-rank__cell--clickable' : undefined,
        onClick: () => {
          if (row.submissionInfo[problem.problemId])
            navigate(rankCellSubmissionsPath(row.username, problem.problemId));
        },
      }),
      render: (_: unknown, row: TrainingRankRow) => {
        const cell = row.submissionInfo[problem.problemId];
        const view = rankCellView(cell);
        if (!view || !cell) return null;
        return (
          <Tooltip title={statusLabel(cell.status)}>
            <div
              className="training-rank__cell"
              data-status={cell.status}
              aria-label={t('training.rank.cellTitle', {
                username: row.username,
                problem: problem.problemId,
              })}
            >
              <span className="training-rank__status" style={{ color: view.color }}>
                {view.short}
              </span>
              {view.runTime ? <span className="training-rank__time">({view.runTime})</span> : null}
            </div>
          </Tooltip>
        );
      },
    })),
  ];

  return (
    <Card className="training-rank" title={t('training.tabs.rank')}>
      <div className="training-rank__search" role="search">
        <Input.Search
          allowClear
          placeholder={t('training.rank.search')}
          aria-label={t('training.rank.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
        />
      </div>
      <Table<TrainingRankRow>
        rowKey="uid"
        size="small"
        bordered
        columns={columns}
        dataSource={rank.data?.records ?? []}
        loading={rank.isFetching}
        scroll={{ x: 'max-content' }}
        rowClassName={(row) => (row.uid === userInfo?.uid ? 'training-rank__row--own' : '')}
        pagination={{
          current: page,
          pageSize: TRAINING_RANK_PAGE_SIZE,
          total: rank.data?.total ?? 0,
          simple: isMobile,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        locale={{ emptyText: t('training.rank.empty') }}
      />
    </Card>
  );
}
