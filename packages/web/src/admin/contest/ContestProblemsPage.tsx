import {
  ArrowLeftOutlined,
  BgColorsOutlined,
  EditOutlined,
  PlusOutlined,
  DatabaseOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Space, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  getAdminContest,
  getContestProblemList,
  removeContestProblem,
  setContestProblemInfo,
  type ContestProblem,
} from '../../api/admin-contest';
import { toast } from '../../feedback/toast';
import { useIsMobile } from '../../layout/use-is-mobile';
import { RefreshButton } from '../common/RefreshButton';
import { useRowAction } from '../common/use-row-action';
import { NotFoundResult } from '../common/editor/NotFoundResult';
import { LinkedProblemsTable } from '../common/linked-problems/LinkedProblemsTable';
import { RemoveProblemButton } from '../common/linked-problems/RemoveProblemButton';
import { useLinkedProblems, type LinkedProblemRow } from '../common/linked-problems/use-linked-problems';
import { contestPaths } from './paths';
import { BankProblemModal } from './problems/BankProblemModal';
import { ContestProblemFields } from './problems/ContestProblemFields';
import { contestProblemErrors, type ContestProblemDraft } from './problems/contest-problem';
import '../problem/admin-problem.css';
import './admin-contest.css';

/** A contest's problems are few; one page holds them (the server sorts them by display id). */
const LIMIT = 100;

type Row = LinkedProblemRow<ContestProblem>;

/**
 * /admin/contest/:contestId/problems (spec part 2 §2.7, reference §3.12): the contest's problems
 * by display id; add from the public bank, create one in the contest, edit the problem or its
 * display id, title and balloon colour, remove it (with its submissions in the contest).
 */
export function ContestProblemsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const cid = Number(useParams().contestId);
  const valid = Number.isInteger(cid) && cid > 0;
  const [bankOpen, setBankOpen] = useState(false);
  const [editing, setEditing] = useState<{ draft: ContestProblemDraft; pid: number; title: string } | null>(
    null,
  );
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);

  const contest = useQuery({
    queryKey: ['admin-contest', 'detail', cid],
    queryFn: () => getAdminContest(cid),
    enabled: valid,
  });
  const { list, rows, refresh } = useLinkedProblems({
    listKey: ['admin-contest', 'problems', cid],
    page: 1,
    enabled: valid,
    fetchPage: (currentPage) => getContestProblemList({ cid, currentPage, limit: LIMIT }),
    problemsOf: (answer) => answer.problemList,
    linksOf: (answer) => answer.contestProblemMap,
  });
  const { busy, act } = useRowAction(refresh);

  if (!valid) return <NotFoundResult backTo={contestPaths.list} backLabel={t('adminContest.common.back')} />;

  const takenIds = rows.flatMap((row) => (row.link ? [row.link.displayId] : []));
  const otherIds = editing
    ? rows
        .filter((row) => row.problem.id !== editing.pid)
        .flatMap((row) => (row.link ? [row.link.displayId] : []))
    : [];
  const editErrors = editing && tried ? contestProblemErrors(editing.draft, otherIds) : {};

  const saveInfo = async () => {
    if (!editing) return;
    setTried(true);
    if (Object.keys(contestProblemErrors(editing.draft, otherIds)).length > 0) return;
    setSaving(true);
    try {
      await setContestProblemInfo({
        ...(editing.draft.id ? { id: editing.draft.id } : {}),
        cid,
        pid: editing.pid,
        displayId: editing.draft.displayId.trim(),
        displayTitle: editing.draft.displayTitle.trim(),
        color: editing.draft.color,
      });
      toast.success(t('adminContest.common.updated'));
      setEditing(null);
      await refresh();
    } catch {
      // the client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  const remove = (row: Row) =>
    act(
      `remove-${row.problem.id}`,
      () => removeContestProblem(row.problem.id, cid),
      t('adminContest.problems.removed'),
    );

  const shownTitle = (row: Row) => row.link?.displayTitle || row.problem.title;
  const columns: TableColumnsType<Row> = [
    {
      title: t('adminContest.problems.displayId'),
      key: 'displayId',
      width: 110,
      render: (_, row) => (
        <span>
          <span className="acn-balloon" style={{ background: row.link?.color ?? 'transparent' }} />
          <strong>{row.link?.displayId ?? '—'}</strong>
        </span>
      ),
    },
    {
      title: t('adminContest.problems.displayTitle'),
      key: 'displayTitle',
      ellipsis: true,
      render: (_, row) => shownTitle(row),
    },
    { title: t('adminContest.problems.pid'), key: 'pid', width: 90, render: (_, row) => row.problem.id },
    {
      title: t('adminContest.problems.problemId'),
      key: 'problemId',
      width: 120,
      ellipsis: true,
      render: (_, row) => <span className="ap-problem-id">{row.problem.problemId}</span>,
    },
    {
      title: t('adminContest.problems.title'),
      key: 'title',
      ellipsis: true,
      render: (_, row) => row.problem.title,
    },
    {
      title: t('adminContest.problems.author'),
      key: 'author',
      width: 110,
      ellipsis: true,
      render: (_, row) => row.problem.author ?? '—',
    },
    {
      title: t('adminContest.common.actions'),
      key: 'actions',
      width: 140,
      render: (_, row) => (
        <Space size={0}>
          <Tooltip title={t('adminContest.problems.editProblem')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              aria-label={`${t('adminContest.problems.editProblem')} ${shownTitle(row)}`}
              onClick={() => void navigate(contestPaths.problemEdit(cid, row.problem.id))}
            />
          </Tooltip>
          <Tooltip title={t('adminContest.problems.editInfo')}>
            <Button
              type="text"
              icon={<BgColorsOutlined />}
              aria-label={`${t('adminContest.problems.editInfo')} ${shownTitle(row)}`}
              onClick={() => {
                setTried(false);
                setEditing({
                  pid: row.problem.id,
                  title: row.link?.displayId ?? shownTitle(row),
                  draft: {
                    id: row.link?.id ?? null,
                    displayId: row.link?.displayId ?? '',
                    displayTitle: row.link?.displayTitle || row.problem.title,
                    color: row.link?.color ?? null,
                  },
                });
              }}
            />
          </Tooltip>
          <RemoveProblemButton
            confirmTitle={t('adminContest.problems.removeConfirm', { title: shownTitle(row) })}
            label={t('adminContest.problems.remove')}
            ariaLabel={`${t('adminContest.problems.remove')} ${shownTitle(row)}`}
            cancelLabel={t('adminContest.common.cancel')}
            loading={busy === `remove-${row.problem.id}`}
            onConfirm={() => remove(row)}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="ap-page">
      <div className="ap-page-head">
        <div>
          <Typography.Title level={3} className="ap-page-title">
            {t('adminContest.problems.heading', { id: cid })}
          </Typography.Title>
          {contest.data && <Typography.Text type="secondary">{contest.data.title}</Typography.Text>}
        </div>
        <Space wrap>
          <Link to={contestPaths.list}>
            <Button icon={<ArrowLeftOutlined />}>{t('adminContest.common.back')}</Button>
          </Link>
          <RefreshButton
            label={t('adminContest.common.refresh')}
            fetching={list.isFetching}
            onRefresh={() => void refresh()}
          />
          <Button icon={<DatabaseOutlined />} onClick={() => setBankOpen(true)} disabled={!contest.data}>
            {t('adminContest.problems.addFromBank')}
          </Button>
          <Link to={contestPaths.problemCreate(cid)}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('adminContest.problems.create')}
            </Button>
          </Link>
        </Space>
      </div>
      <LinkedProblemsTable
        rows={rows}
        columns={columns}
        loading={list.isFetching}
        scrollX={860}
        emptyText={t('adminContest.problems.empty')}
      />

      {contest.data && (
        <BankProblemModal
          cid={cid}
          contestType={contest.data.type}
          takenIds={takenIds}
          open={bankOpen}
          onClose={() => setBankOpen(false)}
          onAdded={refresh}
        />
      )}

      <Modal
        open={editing !== null}
        title={editing ? t('adminContest.problems.infoTitle', { displayId: editing.title }) : ''}
        onCancel={() => setEditing(null)}
        onOk={() => void saveInfo()}
        okText={t('adminContest.common.save')}
        cancelText={t('adminContest.common.cancel')}
        confirmLoading={saving}
        width={isMobile ? '100%' : 640}
        destroyOnHidden
      >
        {editing && (
          <ContestProblemFields
            draft={editing.draft}
            onChange={(draft) => setEditing({ ...editing, draft })}
            errors={editErrors}
            idPrefix="acn-info"
          />
        )}
      </Modal>
    </div>
  );
}
