import { DatabaseOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space, Tooltip, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addTrainingProblemFromPublic,
  getTrainingProblemList,
  removeTrainingProblem,
  updateTrainingProblem,
  type TrainingProblemLink,
} from '../../api/admin-training';
import { CrudPageHead } from '../common/CrudPageHead';
import { LinkedProblemsTable } from '../common/linked-problems/LinkedProblemsTable';
import { RemoveProblemButton } from '../common/linked-problems/RemoveProblemButton';
import { useLinkedProblems, type LinkedProblemRow } from '../common/linked-problems/use-linked-problems';
import { useRowAction } from '../common/use-row-action';
import { TrainingBankModal } from './TrainingBankModal';
import { TRAINING_LIMITS } from './training-form';
import '../problem/admin-problem.css';

const PAGE_SIZE = 50;

export type TrainingProblemRow = LinkedProblemRow<TrainingProblemLink>;

/** The calls of one training's problems: the site's admin calls, or a group's (reference §3.10). */
export interface TrainingProblemCalls {
  /** a page of problems with their links (`queryExisted` true) or of the bank's candidates (false) */
  list: typeof getTrainingProblemList;
  updateRank: (
    link: Pick<TrainingProblemLink, 'id' | 'tid' | 'pid' | 'displayId' | 'rank'>,
  ) => Promise<unknown>;
  remove: (pid: number, tid: number) => Promise<unknown>;
  addFromPublic: typeof addTrainingProblemFromPublic;
}

/** reference §3.12 "Trainings": the site admin's calls. */
export const SITE_TRAINING_PROBLEM_CALLS: TrainingProblemCalls = {
  list: getTrainingProblemList,
  updateRank: updateTrainingProblem,
  remove: removeTrainingProblem,
  addFromPublic: addTrainingProblemFromPublic,
};

/**
 * A training's problems as its admins manage them (spec part 2 §2.7 and §2.1 "Group training
 * admin"; reference §3.12, §3.10): the list by rank with its display id, each rank saved on its
 * own, removal, and "Add from the public bank". Told whose calls it makes; the page around it
 * adds its own head buttons (`head`, given the list's refresh) and row actions (`rowActions`).
 */
export function TrainingProblemsTable({
  tid,
  calls,
  queryKey,
  subtitle,
  head,
  rowActions,
}: {
  tid: number;
  calls: TrainingProblemCalls;
  /** the list's query key (the page is appended) */
  queryKey: readonly unknown[];
  subtitle?: ReactNode;
  head?: (refresh: () => Promise<unknown>) => ReactNode;
  rowActions?: (row: TrainingProblemRow) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [bankOpen, setBankOpen] = useState(false);
  const [ranks, setRanks] = useState<Record<number, number | null>>({});
  const { list, rows, total, refresh } = useLinkedProblems({
    listKey: queryKey,
    page,
    enabled: tid > 0,
    fetchPage: (currentPage) => calls.list({ tid, currentPage, limit: PAGE_SIZE, queryExisted: true }),
    problemsOf: (answer) => answer.problemList,
    linksOf: (answer) => answer.trainingProblemMap,
  });
  const { busy, act } = useRowAction(refresh);

  const saveRank = (row: TrainingProblemRow) => {
    const rank = ranks[row.problem.id];
    if (!row.link || rank === null || rank === undefined) return;
    const link = row.link;
    void act(
      `rank-${row.problem.id}`,
      async () => {
        await calls.updateRank({ ...link, rank });
        setRanks(({ [row.problem.id]: _done, ...rest }) => rest);
      },
      t('adminTraining.common.updated'),
    );
  };

  const columns: TableColumnsType<TrainingProblemRow> = [
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
      width: rowActions ? 100 : 70,
      render: (_, row) => (
        <Space size={0}>
          {rowActions?.(row)}
          <RemoveProblemButton
            confirmTitle={t('adminTraining.problems.removeConfirm', { title: row.problem.title })}
            label={t('adminTraining.problems.remove')}
            ariaLabel={`${t('adminTraining.problems.remove')} ${row.problem.problemId}`}
            cancelLabel={t('adminTraining.common.cancel')}
            loading={busy === `remove-${row.problem.id}`}
            onConfirm={() =>
              act(
                `remove-${row.problem.id}`,
                () => calls.remove(row.problem.id, tid),
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
        subtitle={subtitle}
        refreshLabel={t('adminTraining.common.refresh')}
        fetching={list.isFetching}
        onRefresh={() => void refresh()}
      >
        {head?.(refresh)}
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
      <TrainingBankModal
        tid={tid}
        open={bankOpen}
        onClose={() => setBankOpen(false)}
        onAdded={refresh}
        calls={{ fetchPage: calls.list, add: calls.addFromPublic }}
      />
    </div>
  );
}
