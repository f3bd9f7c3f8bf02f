import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import {
  createContestProblem,
  getContestProblem,
  getContestProblemInfo,
  setContestProblemInfo,
  updateContestProblem,
  type ContestProblemDtoBody,
} from '../../api/admin-contest';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailedResult } from '../common/editor/LoadFailedResult';
import { NotFoundResult } from '../common/editor/NotFoundResult';
import { ProblemEditor, type ProblemEditTarget } from '../problem/ProblemEditPage';
import { ContestProblemFields } from './problems/ContestProblemFields';
import { contestProblemErrors, type ContestProblemDraft } from './problems/contest-problem';
import { contestPaths } from './paths';
import { useContestText } from './use-contest-text';
import './admin-contest.css';

/**
 * /admin/contest/:contestId/problem/create and .../problem/:problemId/edit (spec part 2 §2.7): the
 * full problem form of the bank (reference §3.12 POST|PUT /api/admin/contest/problem, a new problem
 * gets auth 3) with the contest's display id, display title and balloon colour on top, saved with
 * PUT /api/admin/contest/contest-problem once the problem is saved (as HOJ's client does).
 */
export function ContestProblemEditPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { contestId, problemId } = useParams();
  const cid = Number(contestId);
  const pid = problemId === undefined ? null : Number(problemId);
  const valid = Number.isInteger(cid) && cid > 0 && (pid === null || (Number.isInteger(pid) && pid > 0));
  if (!valid) return <NotFoundResult backTo={contestPaths.list} backLabel={t('adminContest.common.back')} />;
  return (
    <ContestProblemEditor
      key={pathname}
      cid={cid}
      pid={pid}
      listPath={contestPaths.problems(cid)}
      listKey={['admin-contest', 'problems', cid]}
      create={createContestProblem}
    />
  );
}

/**
 * The problem form of a contest's problem with its place in the contest on top: a new one (`pid`
 * null) saved with `create` (the site's call or a group's), or the site's one edited. Saving reads
 * the contest's problem list (`listKey`) again and goes back to `listPath`.
 */
export function ContestProblemEditor({
  cid,
  pid,
  listPath,
  listKey,
  create,
}: {
  cid: number;
  pid: number | null;
  listPath: string;
  listKey: readonly unknown[];
  create: (body: ContestProblemDtoBody) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const text = useContestText();
  const queryClient = useQueryClient();

  const info = useQuery({
    queryKey: ['admin-contest', 'contest-problem', cid, pid],
    queryFn: () => getContestProblemInfo(cid, pid!),
    enabled: pid !== null,
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

  if (info.isError) {
    return (
      <LoadFailedResult
        title={t('adminContest.common.loadFailed')}
        retryLabel={t('adminContest.common.retry')}
        onRetry={() => void info.refetch()}
      />
    );
  }
  if (!draft) return <PageLoading />;

  const target: ProblemEditTarget = {
    listPath,
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
      Object.values(contestProblemErrors(draft)).map((key) =>
        text(key, { displayId: draft.displayId.trim() }),
      ),
    save: async (body, savedPid) => {
      const place = {
        displayId: draft.displayId.trim(),
        displayTitle: draft.displayTitle.trim(),
        color: draft.color,
      };
      if (savedPid === null) {
        // Verdict: the problem and its place in the contest are written in one transaction
        await create({ ...body, cid, ...place });
      } else {
        await updateContestProblem(body);
        await setContestProblemInfo({ ...(draft.id ? { id: draft.id } : {}), cid, pid: savedPid, ...place });
      }
      await queryClient.invalidateQueries({ queryKey: listKey });
    },
  };
  return <ProblemEditor target={target} />;
}
