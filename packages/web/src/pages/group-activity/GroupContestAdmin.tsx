import { DatabaseOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestProblem } from '../../api/admin-contest';
import {
  addGroupContestProblemFromGroup,
  addGroupContestProblemFromPublic,
  deleteGroupContestAnnouncement,
  getGroupContest,
  getGroupContestAnnouncements,
  getGroupContestProblemList,
  removeGroupContestProblem,
  saveGroupContestAnnouncement,
} from '../../api/group-activity';
import { LinkedProblemsTable } from '../../admin/common/linked-problems/LinkedProblemsTable';
import { RemoveProblemButton } from '../../admin/common/linked-problems/RemoveProblemButton';
import {
  useLinkedProblems,
  type LinkedProblemRow,
} from '../../admin/common/linked-problems/use-linked-problems';
import { useRowAction } from '../../admin/common/use-row-action';
import { BankProblemModal } from '../../admin/contest/problems/BankProblemModal';
import { AnnouncementManager, type AnnouncementSource } from '../../admin/content/AnnouncementManager';
import { AddFromGroupButton } from './AddFromGroupButton';

const LIMIT = 100;
type Row = LinkedProblemRow<ContestProblem>;

/**
 * A group contest's problems in the admin mode (spec part 2 §2.2 "Contest problem admin",
 * reference §3.10): the list by display id, remove (with the contest's submissions of it), add
 * from the public bank (the site's bank dialog on the group's calls) and add a group problem with
 * its display id in the contest.
 */
export function GroupContestProblems({ cid, onCreate }: { cid: number; onCreate: () => void }) {
  const { t } = useTranslation();
  const [bankOpen, setBankOpen] = useState(false);
  const contest = useQuery({
    queryKey: ['group-contest', cid],
    queryFn: () => getGroupContest(cid),
    enabled: cid > 0,
  });
  const { list, rows, refresh } = useLinkedProblems({
    listKey: ['group-contest-problems', cid],
    page: 1,
    enabled: cid > 0,
    fetchPage: (currentPage) => getGroupContestProblemList({ cid, currentPage, limit: LIMIT }),
    problemsOf: (answer) => answer.problemList,
    linksOf: (answer) => answer.contestProblemMap,
  });
  const { busy, act } = useRowAction(refresh);
  const takenIds = rows.map((row) => row.link?.displayId ?? '').filter(Boolean);

  const columns: TableColumnsType<Row> = [
    {
      title: t('groupActivity.problems.displayId'),
      key: 'displayId',
      width: 150,
      render: (_, row) => <strong>{row.link?.displayId ?? row.problem.problemId}</strong>,
    },
    {
      title: t('groupActivity.problems.title'),
      key: 'title',
      ellipsis: true,
      render: (_, row) => row.link?.displayTitle || row.problem.title,
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
              () => removeGroupContestProblem(row.problem.id, cid),
              t('groupActivity.problems.removed'),
            )
          }
        />
      ),
    },
  ];

  return (
    <div data-testid="group-contest-problems">
      <Card
        size="small"
        title={t('groupActivity.problems.contestTitle', { id: cid })}
        extra={
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={onCreate}>
              {t('groupActivity.problems.createInGroup')}
            </Button>
            <Button icon={<DatabaseOutlined />} disabled={!contest.data} onClick={() => setBankOpen(true)}>
              {t('groupActivity.problems.addFromPublic')}
            </Button>
            <AddFromGroupButton
              withDisplayId
              onAdd={async (problemId, displayId) => {
                await addGroupContestProblemFromGroup(problemId, cid, displayId);
                await refresh();
              }}
            />
          </Space>
        }
      />
      <LinkedProblemsTable
        rows={rows}
        columns={columns}
        loading={list.isFetching}
        scrollX={420}
        emptyText={t('groupActivity.problems.empty')}
      />
      {contest.data ? (
        <BankProblemModal
          cid={cid}
          contestType={contest.data.type}
          takenIds={takenIds}
          open={bankOpen}
          onClose={() => setBankOpen(false)}
          onAdded={refresh}
          calls={{ fetchPage: getGroupContestProblemList, add: addGroupContestProblemFromPublic }}
        />
      ) : null}
    </div>
  );
}

/**
 * A group contest's announcements (spec part 2 §2.2 "Contest announcement admin", reference §3.10
 * `/api/group/contest-announcement`): the site's announcement screen told the group's calls.
 */
export function GroupContestAnnouncements({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const source = useMemo<AnnouncementSource>(
    () => ({
      queryKey: ['group-contest-announcements', cid],
      load: (currentPage, limit) => getGroupContestAnnouncements(cid, currentPage, limit),
      save: (announcement) => saveGroupContestAnnouncement({ cid, announcement }),
      remove: (aid) => deleteGroupContestAnnouncement(aid, cid),
    }),
    [cid],
  );
  return (
    <AnnouncementManager
      source={source}
      title={t('adminContest.announcement.heading', { id: cid })}
      statusLabel={t('adminContest.announcement.visibleInContest')}
    />
  );
}
