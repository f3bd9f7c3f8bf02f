import { useQuery } from '@tanstack/react-query';
import { Card, Progress, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getContestProblems, type ContestProblem } from '../../api/contest';
import { acceptancePercent, progressColor } from '../../components/judge-status';
import { isAuthenticated, useSession } from '../../store/session';
import { serverTime } from './clock/contest-clock';
import { useContestContext } from './contest-context';
import { hasRealTimePermission, problemStatusIcon } from './contest-rules';
import { ContestProblemStatus } from './ContestProblemStatus';
import { useContainsEnd } from './use-contest';

export const contestProblemsKey = (cid: number, containsEnd: boolean) =>
  ['contest-problems', cid, containsEnd] as const;

/** A display id on its balloon colour (spec part 1 §2). */
export function BalloonId({ displayId, color }: { displayId: string; color: string | null }) {
  return (
    <span className="contest-balloon">
      {color ? <span className="contest-balloon__dot" style={{ background: color }} aria-hidden /> : null}
      <span className="contest-balloon__id">{displayId}</span>
    </span>
  );
}

/**
 * The contest problem list (spec part 1 §2 "Contest problem list"): the signed-in user's status,
 * the display id on its balloon colour, title, AC, total and the AC-rate bar; AC and Total are "?"
 * without real-time permission (the board is sealed for the viewer). A row opens the problem.
 */
export function ContestProblemListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const contest = useContestContext();
  const { cid, facts } = contest;
  const [containsEnd] = useContainsEnd(cid);
  const problems = useQuery({
    queryKey: contestProblemsKey(cid, containsEnd),
    queryFn: () => getContestProblems(cid, containsEnd),
    staleTime: 0,
  });
  if (!facts) return null;
  const realTime = hasRealTimePermission(facts, contest.admin, serverTime(contest.offset, Date.now()));
  // The server sends null where the viewer has no real-time permission; the clock may seal the
  // board while the page is open, before the next fetch.
  const shown = (n: number | null): n is number => realTime && n !== null;
  const count = (n: number | null) => (shown(n) ? n : '?');

  const columns: ColumnsType<ContestProblem> = [
    ...(isAuthenticated(session)
      ? [
          {
            key: 'status',
            title: t('contest.problems.status'),
            width: 70,
            align: 'center' as const,
            render: (_: unknown, row: ContestProblem) => (
              <ContestProblemStatus
                icon={problemStatusIcon(
                  facts.type,
                  row.myStatus === null ? undefined : { status: row.myStatus, score: row.score },
                )}
              />
            ),
          },
        ]
      : []),
    {
      key: 'displayId',
      title: '#',
      width: 90,
      render: (_, row) => <BalloonId displayId={row.displayId} color={row.color} />,
    },
    {
      key: 'title',
      title: t('contest.problems.title'),
      render: (_, row) => <span className="contest-problems__title">{row.displayTitle}</span>,
    },
    { key: 'ac', title: t('contest.problems.ac'), width: 80, render: (_, row) => count(row.ac) },
    { key: 'total', title: t('contest.problems.total'), width: 80, render: (_, row) => count(row.total) },
    {
      key: 'rate',
      title: t('contest.problems.rate'),
      width: 180,
      responsive: ['sm'],
      render: (_, row) => {
        if (!shown(row.ac) || !shown(row.total)) return '?';
        const percent = acceptancePercent(row.ac, row.total);
        return <Progress percent={percent} size="small" strokeColor={progressColor(percent)} />;
      },
    },
  ];

  return (
    <Card className="contest-problems">
      <Table<ContestProblem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={problems.data ?? []}
        loading={problems.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({
          onClick: () => navigate(`/contest/${cid}/problem/${encodeURIComponent(row.displayId)}`),
          className: 'contest-problems__row',
        })}
        locale={{ emptyText: problems.isError ? t('contest.problems.loadFailed') : undefined }}
      />
    </Card>
  );
}
