import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import {
  createContestProblem,
  getContestProblem,
  getContestProblemInfo,
  setContestProblemInfo,
  updateContestProblem,
} from '../../api/admin-contest';
import { PageLoading } from '../../components/PageLoading';
import { ProblemEditor, type ProblemEditTarget } from '../problem/ProblemEditPage';
import { ContestProblemFields } from './problems/ContestProblemFields';
import { contestProblemErrors, type ContestProblemDraft } from './problems/contest-problem';
import { contestPaths } from './paths';
import './admin-contest.css';

/**
 * /admin/contest/:contestId/problem/create and .../problem/:problemId/edit (spec part 2 §2.7): the
 * full problem form of the bank (reference §3.12 POST|PUT /api/admin/contest/problem, a new problem
 * gets auth 3) with the contest's display id, display title and balloon colour on top, saved with
 * PUT /api/admin/contest/contest-problem once the problem is saved (as HOJ's client does).
 */
export function ContestProblemEditPage() {
  const { pathname } = useLocation();
  return <ContestProblemEditor key={pathname} />;
}

function ContestProblemEditor() {
  const { t } = useTranslation();
  const { contestId, problemId } = useParams();
  const cid = Number(contestId);
  const pid = problemId === undefined ? null : Number(problemId);
  const valid = Number.isInteger(cid) && cid > 0 && (pid === null || (Number.isInteger(pid) && pid > 0));

  const info = useQuery({
    queryKey: ['admin-contest', 'contest-problem', cid, pid],
    queryFn: () => getContestProblemInfo(cid, pid!),
    enabled: valid && pid !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const [draft, setDraft] = useState<ContestProblemDraft | null>(null);
  if (draft === null && (pid === null || info.data)) {
    setDraft(
      info.data
        ? {
            id: info.data.id ?? null,
            displayId: info.data.displayId,
            displayTitle: info.data.displayTitle,
            color: info.data.color,
          }
        : { id: null, displayId: '', displayTitle: '', color: null },
    );
  }

  if (!valid) {
    return (
      <Result
        status="404"
        title={t('errors.notFound')}
        extra={<Link to={contestPaths.list}>{t('adminContest.common.back')}</Link>}
      />
    );
  }
  if (info.isError) {
    return (
      <Result
        status="warning"
        title={t('adminContest.common.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void info.refetch()}>
            {t('adminContest.common.retry')}
          </Button>
        }
      />
    );
  }
  if (!draft) return <PageLoading />;

  const target: ProblemEditTarget = {
    listPath: contestPaths.problems(cid),
    backLabel: t('adminContest.problems.backToProblems'),
    loadProblem: getContestProblem,
    newAuth: 3,
    header: (submitted) => (
      <Card className="ap-section acn-contest-problem" title={t('adminContest.problems.contestSection')}>
        <ContestProblemFields
          draft={draft}
          onChange={setDraft}
          errors={submitted ? contestProblemErrors(draft) : {}}
          idPrefix="acp"
        />
      </Card>
    ),
    ownErrors: () =>
      Object.values(contestProblemErrors(draft)).map((key) => t(`adminContest.problems.${key}`)),
    save: async (body, savedPid) => {
      let problemPid = savedPid;
      if (problemPid) await updateContestProblem(body);
      else problemPid = (await createContestProblem(body)).data.pid;
      await setContestProblemInfo({
        ...(draft.id ? { id: draft.id } : {}),
        cid,
        pid: problemPid,
        displayId: draft.displayId.trim(),
        displayTitle: draft.displayTitle.trim(),
        color: draft.color,
      });
    },
  };
  return <ProblemEditor target={target} />;
}
