import { DatabaseOutlined, DeleteOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  InputNumber,
  Popconfirm,
  Result,
  Space,
  Table,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminProblem } from '../../api/admin-problem';
import {
  getAdminTraining,
  getTrainingProblemList,
  removeTrainingProblem,
  updateTrainingProblem,
  type TrainingProblemLink,
} from '../../api/admin-training';
import { toast } from '../../feedback/toast';
import { useIsMobile } from '../../layout/use-is-mobile';
import { CrudPageHead } from '../common/CrudPageHead';
import { trainingPaths } from './paths';
import { TrainingBankModal } from './TrainingBankModal';
import { TRAINING_LIMITS } from './training-form';
import '../problem/admin-problem.css';

const PAGE_SIZE = 50;

interface Row {
  problem: AdminProblem;
  link: TrainingProblemLink | undefined;
}

/**
 * /admin/training/:trainingId/problems (spec part 2 §2.7, reference §3.12 "Trainings"): the
 * training's problems by rank with their display id; add from the public bank, change a problem's
 * rank (its order in the training), edit the problem, remove it from the training.
 */
export function TrainingProblemsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tid = Number(useParams().trainingId);
  const valid = Number.isInteger(tid) && tid > 0;
  const [page, setPage] = useState(1);
  const [bankOpen, setBankOpen] = useState(false);
  const [ranks, setRanks] = useState<Record<number, number | null>>({});
  const [busy, setBusy] = useState<string | null>(null);

  const training = useQuery({
    queryKey: ['admin-training', 'detail', tid],
    queryFn: () => getAdminTraining(tid),
    enabled: valid,
  });
  const list = useQuery({
    queryKey: ['admin-training', 'problems', tid, page],
    queryFn: () => getTrainingProblemList({ tid, currentPage: page, limit: PAGE_SIZE, queryExisted: true }),
    enabled: valid,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-training', 'problems', tid] });

  if (!valid) {
    return (
      <Result
        status="404"
        title={t('errors.notFound')}
        extra={<Link to={trainingPaths.list}>{t('adminTraining.common.back')}</Link>}
      />
    );
  }

  const rows: Row[] = (list.data?.problemList.records ?? []).map((problem) => ({
    problem,
    link: list.data?.trainingProblemMap[String(problem.id)],
  }));

  const act = async (key: string, action: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await action();
      toast.success(done);
      await refresh();
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(null);
    }
  };

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
          <Popconfirm
            title={t('adminTraining.problems.removeConfirm', { title: row.problem.title })}
            okText={t('adminTraining.problems.remove')}
            okButtonProps={{ danger: true }}
            cancelText={t('adminTraining.common.cancel')}
            onConfirm={() =>
              act(
                `remove-${row.problem.id}`,
                () => removeTrainingProblem(row.problem.id, tid),
                t('adminTraining.problems.removed'),
              )
            }
            overlayStyle={{ maxWidth: 360 }}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              loading={busy === `remove-${row.problem.id}`}
              aria-label={`${t('adminTraining.problems.remove')} ${row.problem.problemId}`}
              title={t('adminTraining.problems.remove')}
            />
          </Popconfirm>
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
      <Card>
        <Table<Row>
          rowKey={(row) => row.problem.id}
          size="small"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          scroll={{ x: 560 }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.problemList.total ?? 0,
            simple: isMobile,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          locale={{ emptyText: t('adminTraining.problems.empty') }}
        />
      </Card>
      <TrainingBankModal tid={tid} open={bankOpen} onClose={() => setBankOpen(false)} onAdded={refresh} />
    </div>
  );
}
