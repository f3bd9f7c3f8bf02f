import { DatabaseOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, InputNumber, Space, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  getAdminTraining,
  getTrainingProblemList,
  removeTrainingProblem,
  updateTrainingProblem,
  type TrainingProblemLink,
} from '../../api/admin-training';
import { useRowAction } from '../common/use-row-action';
import { CrudPageHead } from '../common/CrudPageHead';
import { NotFoundResult } from '../common/editor/NotFoundResult';
import { LinkedProblemsTable } from '../common/linked-problems/LinkedProblemsTable';
import { RemoveProblemButton } from '../common/linked-problems/RemoveProblemButton';
import { useLinkedProblems, type LinkedProblemRow } from '../common/linked-problems/use-linked-problems';
import { trainingPaths } from './paths';
import { TrainingBankModal } from './TrainingBankModal';
import { TRAINING_LIMITS } from './training-form';
import '../problem/admin-problem.css';

const PAGE_SIZE = 50;

type Row = LinkedProblemRow<TrainingProblemLink>;

/**
 * /admin/training/:trainingId/problems (spec part 2 §2.7, reference §3.12 "Trainings"): the
 * training's problems by rank with their display id; add from the public bank, change a problem's
 * rank (its order in the training), edit the problem, remove it from the training.
 */
export function TrainingProblemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tid = Number(useParams().trainingId);
  const valid = Number.isInteger(tid) && tid > 0;
  const [page, setPage] = useState(1);
  const [bankOpen, setBankOpen] = useState(false);
  const [ranks, setRanks] = useState<Record<number, number | null>>({});

  const training = useQuery({
    queryKey: ['admin-training', 'detail', tid],
    queryFn: () => getAdminTraining(tid),
    enabled: valid,
  });
  const { list, rows, total, refresh } = useLinkedProblems({
    listKey: ['admin-training', 'problems', tid],
    page,
    enabled: valid,
    fetchPage: (currentPage) =>
      getTrainingProblemList({ tid, currentPage, limit: PAGE_SIZE, queryExisted: true }),
    problemsOf: (answer) => answer.problemList,
    linksOf: (answer) => answer.trainingProblemMap,
  });
  const { busy, act } = useRowAction(refresh);

  if (!valid)
    return <NotFoundResult backTo={trainingPaths.list} backLabel={t('adminTraining.common.back')} />;

  const saveRank = (row: Row) => {
    const rank = ranks[row.problem.id];
    if (!row.link || rank === null || rank === undefined) return;
    const link = row.link;
    void act(
      `rank-${row.problem.id}`,
      async () => {
        await updateTrainingProblem({ ...link, rank });
        setRanks(({ [row.problem.id]: _done, ...rest }) => rest);
      },
      t('adminTraining.common.updated'),
    );
  };

  const columns: TableColumnsType<Row> = [
    {
      title: t('adminTraining.problems.pid'),
      key: 'pid',
      width: 70,
      responsive: ['lg'],
      render: (_, row) => row.problem.id,
    },
    {
      title: t('adminTraining.problems.displayId'),
      key: 'displayId',
      width: 110,
      render: (_, row) => (
        <strong className="ap-problem-id">{row.link?.displayId ?? row.problem.problemId}</strong>
      ),
    },
    {
      title: t('adminTraining.problems.title'),
      key: 'title',
      ellipsis: true,
      render: (_, row) => row.problem.title,
    },
    {
      title: t('adminTraining.problems.author'),
      key: 'author',
      width: 110,
      ellipsis: true,
      responsive: ['lg'],
      render: (_, row) => row.problem.author ?? '—',
    },
    {
      title: (
        <Tooltip title={t('adminTraining.problems.rankHelp')}>{t('adminTraining.problems.rank')}</Tooltip>
      ),
      key: 'rank',
      width: 190,
      render: (_, row) => {
        const edited = ranks[row.problem.id];
        const value = edited !== undefined ? edited : (row.link?.rank ?? null);
        const changed = edited !== undefined && edited !== row.link?.rank;
        return (
          <Space.Compact>
            <InputNumber
              size="small"
              min={0}
              max={TRAINING_LIMITS.rankMax}
              precision={0}
              value={value}
              aria-label={`${t('adminTraining.problems.rank')} ${row.problem.problemId}`}
              onChange={(rank) => setRanks((current) => ({ ...current, [row.problem.id]: rank }))}
              onPressEnter={() => saveRank(row)}
              style={{ width: 110 }}
            />
            <Button
              size="small"
              type={changed ? 'primary' : 'default'}
              icon={<SaveOutlined />}
              disabled={!changed || value === null}
              loading={busy === `rank-${row.problem.id}`}
              aria-label={`${t('adminTraining.problems.rankSave')} ${row.problem.problemId}`}
              onClick={() => saveRank(row)}
            />
          </Space.Compact>
        );
      },
    },
    {
      title: t('adminTraining.common.actions'),
      key: 'actions',
      width: 100,
      render: (_, row) => (
        <Space size={0}>
          <Tooltip title={t('adminTraining.common.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`${t('adminTraining.common.edit')} ${row.problem.problemId}`}
              onClick={() => void navigate(`/admin/problem/edit/${row.problem.id}`)}
            />
          </Tooltip>
          <RemoveProblemButton
            confirmTitle={t('adminTraining.problems.removeConfirm', { title: row.problem.title })}
            label={t('adminTraining.problems.remove')}
            ariaLabel={`${t('adminTraining.problems.remove')} ${row.problem.problemId}`}
            cancelLabel={t('adminTraining.common.cancel')}
            loading={busy === `remove-${row.problem.id}`}
            onConfirm={() =>
              act(
                `remove-${row.problem.id}`,
                () => removeTrainingProblem(row.problem.id, tid),
                t('adminTraining.problems.removed'),
              )
            }
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="ap-page">
      <CrudPageHead
        title={t('adminTraining.problems.heading', { id: tid })}
        subtitle={training.data?.training.title}
        refreshLabel={t('adminTraining.common.refresh')}
        fetching={list.isFetching}
        onRefresh={() => void refresh()}
      >
        <Link to={trainingPaths.list}>
          <Button>{t('adminTraining.common.back')}</Button>
        </Link>
        <Button type="primary" icon={<DatabaseOutlined />} onClick={() => setBankOpen(true)}>
          {t('adminTraining.problems.addFromBank')}
        </Button>
      </CrudPageHead>
      <LinkedProblemsTable
        rows={rows}
        columns={columns}
        loading={list.isFetching}
        scrollX={560}
        paging={{ page, pageSize: PAGE_SIZE, total, onPage: setPage }}
        emptyText={t('adminTraining.problems.empty')}
      />
      <TrainingBankModal tid={tid} open={bankOpen} onClose={() => setBankOpen(false)} onAdded={refresh} />
    </div>
  );
}
