import { BgColorsOutlined, DatabaseOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Tooltip, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addProblemFromPublic,
  getContestProblemList,
  removeContestProblem,
  setContestProblemInfo,
  type ContestProblem,
} from '../../api/admin-contest';
import { toast } from '../../feedback/toast';
import { useIsMobile } from '../../layout/use-is-mobile';
import { CrudPageHead } from '../common/CrudPageHead';
import { LinkedProblemsTable } from '../common/linked-problems/LinkedProblemsTable';
import { RemoveProblemButton } from '../common/linked-problems/RemoveProblemButton';
import { useLinkedProblems, type LinkedProblemRow } from '../common/linked-problems/use-linked-problems';
import { useRowAction } from '../common/use-row-action';
import { BankProblemModal } from './problems/BankProblemModal';
import { ContestProblemFields } from './problems/ContestProblemFields';
import { contestProblemErrors, type ContestProblemDraft } from './problems/contest-problem';
import '../problem/admin-problem.css';
import './admin-contest.css';

/** A contest's problems are few; one page holds them (the server sorts them by display id). */
const LIMIT = 100;

export type ContestProblemRow = LinkedProblemRow<ContestProblem>;

/** The calls of one contest's problems: the site's admin calls, or a group's (reference §3.10). */
export interface ContestProblemCalls {
  /** the contest's problems with their links, or (with `problemType`) the bank's candidates */
  list: typeof getContestProblemList;
  remove: (pid: number, cid: number) => Promise<unknown>;
  /** a problem's display id, display title and balloon colour */
  setInfo: (link: ContestProblem) => Promise<unknown>;
  addFromPublic: (body: { pid: number; cid: number; displayId: string }) => Promise<unknown>;
}

/** reference §3.12 "Contests": the site admin's calls. */
export const SITE_CONTEST_PROBLEM_CALLS: ContestProblemCalls = {
  list: getContestProblemList,
  remove: removeContestProblem,
  setInfo: setContestProblemInfo,
  addFromPublic: addProblemFromPublic,
};

/**
 * A contest's problems as its admins manage them (spec part 2 §2.7 and §2.2 "Contest problem
 * admin"; reference §3.12, §3.10): the list by display id with the balloon colour, the display
 * dialog (display id, title, colour), removal (with the contest's submissions of it), "Add from
 * the public bank" and, with `onCreate`, a new problem in the contest. Told whose calls it makes;
 * the page adds its head buttons (`head`, given the list's refresh) and row actions.
 */
export function ContestProblemsTable({
  cid,
  calls,
  queryKey,
  contest,
  onCreate,
  head,
  rowActions,
}: {
  cid: number;
  calls: ContestProblemCalls;
  /** the list's query key */
  queryKey: readonly unknown[];
  /** the contest once loaded: its title, and its type for the bank's candidates */
  contest: { title: string | null; type: number } | undefined;
  onCreate?: () => void;
  head?: (refresh: () => Promise<unknown>) => ReactNode;
  rowActions?: (row: ContestProblemRow) => ReactNode;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [bankOpen, setBankOpen] = useState(false);
  const [editing, setEditing] = useState<{ draft: ContestProblemDraft; pid: number; title: string } | null>(
    null,
  );
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const { list, rows, refresh } = useLinkedProblems({
    listKey: queryKey,
    page: 1,
    enabled: cid > 0,
    fetchPage: (currentPage) => calls.list({ cid, currentPage, limit: LIMIT }),
    problemsOf: (answer) => answer.problemList,
    linksOf: (answer) => answer.contestProblemMap,
  });
  const { busy, act } = useRowAction(refresh);

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
      await calls.setInfo({
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

  const shownTitle = (row: ContestProblemRow) => row.link?.displayTitle || row.problem.title;
  const columns: TableColumnsType<ContestProblemRow> = [
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
    {
      title: t('adminContest.problems.pid'),
      key: 'pid',
      width: 90,
      render: (_, row) => row.problem.id,
    },
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
      width: rowActions ? 140 : 100,
      render: (_, row) => (
        <Space size={0}>
          {rowActions?.(row)}
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
            onConfirm={() =>
              act(
                `remove-${row.problem.id}`,
                () => calls.remove(row.problem.id, cid),
                t('adminContest.problems.removed'),
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
        title={t('adminContest.problems.heading', { id: cid })}
        subtitle={contest?.title}
        refreshLabel={t('adminContest.common.refresh')}
        fetching={list.isFetching}
        onRefresh={() => void refresh()}
        create={onCreate ? { label: t('adminContest.problems.create'), onClick: onCreate } : undefined}
      >
        {head?.(refresh)}
        <Button icon={<DatabaseOutlined />} onClick={() => setBankOpen(true)} disabled={!contest}>
          {t('adminContest.problems.addFromBank')}
        </Button>
      </CrudPageHead>
      <LinkedProblemsTable
        rows={rows}
        columns={columns}
        loading={list.isFetching}
        scrollX={860}
        emptyText={t('adminContest.problems.empty')}
      />

      {contest && (
        <BankProblemModal
          cid={cid}
          contestType={contest.type}
          takenIds={takenIds}
          open={bankOpen}
          onClose={() => setBankOpen(false)}
          onAdded={refresh}
          calls={{ fetchPage: calls.list, add: calls.addFromPublic }}
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
