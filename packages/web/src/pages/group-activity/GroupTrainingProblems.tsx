import { DatabaseOutlined, SaveOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, InputNumber, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrainingProblemLink } from '../../api/admin-training';
import {
  addGroupTrainingProblemFromGroup,
  addGroupTrainingProblemFromPublic,
  getGroupTrainingProblemList,
  removeGroupTrainingProblem,
  updateGroupTrainingProblem,
} from '../../api/group-activity';
import { LinkedProblemsTable } from '../../admin/common/linked-problems/LinkedProblemsTable';
import { RemoveProblemButton } from '../../admin/common/linked-problems/RemoveProblemButton';
import {
  useLinkedProblems,
  type LinkedProblemRow,
} from '../../admin/common/linked-problems/use-linked-problems';
import { useRowAction } from '../../admin/common/use-row-action';
import { TrainingBankModal } from '../../admin/training/TrainingBankModal';
import { toast } from '../../feedback/toast';
import { AddFromGroupModal } from './AddFromGroupModal';

const PAGE_SIZE = 50;
type Row = LinkedProblemRow<TrainingProblemLink>;

/**
 * A group training's problems in the admin mode (spec part 2 §2.1 "Group training admin",
 * reference §3.10): the list by rank, remove, add from the public bank (the site's bank dialog on
 * the group's calls) and add a group problem by its id.
 */
export function GroupTrainingProblems({ tid }: { tid: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [bankOpen, setBankOpen] = useState(false);
  const [groupOpen, setGroupOpen] = useState(false);
  const { list, rows, total, refresh } = useLinkedProblems({
    listKey: ['group-training-problems', tid],
    page,
    enabled: tid > 0,
    fetchPage: (currentPage) =>
      getGroupTrainingProblemList({ tid, currentPage, limit: PAGE_SIZE, queryExisted: true }),
    problemsOf: (answer) => answer.problemList,
    linksOf: (answer) => answer.trainingProblemMap,
  });
  const { busy, act } = useRowAction(refresh);
  const [ranks, setRanks] = useState<Record<number, number | null>>({});

  const saveRank = (row: Row) => {
    const rank = ranks[row.problem.id];
    if (!row.link || rank === null || rank === undefined) return;
    const link = row.link;
    void act(
      `rank-${row.problem.id}`,
      async () => {
        await updateGroupTrainingProblem({ ...link, rank });
        setRanks(({ [row.problem.id]: _done, ...rest }) => rest);
      },
      t('groupActivity.common.updated'),
    );
  };

  const columns: TableColumnsType<Row> = [
    {
      title: t('groupActivity.problems.trainingDisplayId'),
      key: 'displayId',
      width: 130,
      render: (_, row) => <strong>{row.link?.displayId ?? row.problem.problemId}</strong>,
    },
    {
      title: t('groupActivity.problems.title'),
      key: 'title',
      ellipsis: true,
      render: (_, row) => row.problem.title,
    },
    {
      title: t('groupActivity.problems.rank'),
      key: 'rank',
      width: 170,
      render: (_, row) => {
        const edited = ranks[row.problem.id];
        const value = edited !== undefined ? edited : (row.link?.rank ?? null);
        const changed = edited !== undefined && edited !== row.link?.rank;
        return (
          <Space.Compact>
            <InputNumber
              size="small"
              min={0}
              max={2147483647}
              precision={0}
              value={value}
              aria-label={`${t('groupActivity.problems.rank')} ${row.problem.problemId}`}
              onChange={(rank) => setRanks((current) => ({ ...current, [row.problem.id]: rank }))}
              onPressEnter={() => saveRank(row)}
              style={{ width: 100 }}
            />
            <Button
              size="small"
              type={changed ? 'primary' : 'default'}
              icon={<SaveOutlined />}
              disabled={!changed || value === null}
              loading={busy === `rank-${row.problem.id}`}
              aria-label={`${t('groupActivity.problems.saveRank')} ${row.problem.problemId}`}
              onClick={() => saveRank(row)}
            />
          </Space.Compact>
        );
      },
    },
    {
      title: t('groupActivity.common.actions'),
      key: 'actions',
      width: 80,
      render: (_, row) => (
        <RemoveProblemButton
          confirmTitle={t('groupActivity.problems.removeConfirm', { title: row.problem.title })}
          label={t('groupActivity.problems.remove')}
          ariaLabel={`${t('groupActivity.problems.remove')} ${row.problem.problemId}`}
          cancelLabel={t('groupActivity.common.cancel')}
          loading={busy === `remove-${row.problem.id}`}
          onConfirm={() =>
            act(
              `remove-${row.problem.id}`,
              () => removeGroupTrainingProblem(row.problem.id, tid),
              t('groupActivity.problems.removed'),
            )
          }
        />
      ),
    },
  ];

  return (
    <div data-testid="group-training-problems">
      <Card
        size="small"
        title={t('groupActivity.problems.trainingTitle', { id: tid })}
        extra={
          <Space wrap>
            <Button icon={<DatabaseOutlined />} onClick={() => setBankOpen(true)}>
              {t('groupActivity.problems.addFromPublic')}
            </Button>
            <Button type="primary" icon={<TeamOutlined />} onClick={() => setGroupOpen(true)}>
              {t('groupActivity.problems.addFromGroup')}
            </Button>
          </Space>
        }
      />
      <LinkedProblemsTable
        rows={rows}
        columns={columns}
        loading={list.isFetching}
        scrollX={480}
        paging={{ page, pageSize: PAGE_SIZE, total, onPage: setPage }}
        emptyText={t('groupActivity.problems.empty')}
      />
      <TrainingBankModal
        tid={tid}
        open={bankOpen}
        onClose={() => setBankOpen(false)}
        onAdded={refresh}
        calls={{ fetchPage: getGroupTrainingProblemList, add: addGroupTrainingProblemFromPublic }}
      />
      <AddFromGroupModal
        open={groupOpen}
        withDisplayId={false}
        onClose={() => setGroupOpen(false)}
        onAdd={async (problemId) => {
          await addGroupTrainingProblemFromGroup(problemId, tid);
          toast.success(t('groupActivity.problems.added'));
          await refresh();
        }}
      />
    </div>
  );
}
