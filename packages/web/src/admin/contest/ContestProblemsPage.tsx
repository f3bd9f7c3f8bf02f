import { getAdminContest, importRemoteContestProblem } from '../../api/admin-contest';
import { RemoteImportButton } from '../common/RemoteImportButton';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { NotFoundResult } from '../common/editor/NotFoundResult';
import { ContestProblemsTable, SITE_CONTEST_PROBLEM_CALLS } from './ContestProblemsTable';
import { contestPaths } from './paths';

/**
 * /admin/contest/:contestId/problems (spec part 2 §2.7, reference §3.12): the contest's problems
 * (ContestProblemsTable on the site's calls), with the way back to the list, a new problem in the
 * contest and each problem's edit in the problem form.
 */
export function ContestProblemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cid = Number(useParams().contestId);
  const valid = Number.isInteger(cid) && cid > 0;
  const contest = useQuery({
    queryKey: ['admin-contest', 'detail', cid],
    queryFn: () => getAdminContest(cid),
    enabled: valid,
  });

  if (!valid) return <NotFoundResult backTo={contestPaths.list} backLabel={t('adminContest.common.back')} />;

  return (
    <ContestProblemsTable
      cid={cid}
      calls={SITE_CONTEST_PROBLEM_CALLS}
      queryKey={['admin-contest', 'problems', cid]}
      contest={contest.data}
      onCreate={() => void navigate(contestPaths.problemCreate(cid))}
      head={(refresh) => (
        <>
          <Link to={contestPaths.list}>
            <Button icon={<ArrowLeftOutlined />}>{t('adminContest.common.back')}</Button>
          </Link>
          <RemoteImportButton
            askDisplayId
            disabled={!contest.data}
            importProblem={({ name, problemId, displayId }) =>
              importRemoteContestProblem(cid, name, problemId, displayId ?? '')
            }
            onImported={refresh}
          />
        </>
      )}
      rowActions={(row) => (
        <Tooltip title={t('adminContest.problems.editProblem')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('adminContest.problems.editProblem')} ${row.link?.displayTitle || row.problem.title}`}
            onClick={() => void navigate(contestPaths.problemEdit(cid, row.problem.id))}
          />
        </Tooltip>
      )}
    />
  );
}
