import { importRemoteTrainingProblem } from '../../api/admin-training';
import { RemoteImportButton } from '../common/RemoteImportButton';
import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { getAdminTraining } from '../../api/admin-training';
import { NotFoundResult } from '../common/editor/NotFoundResult';
import { trainingPaths } from './paths';
import { SITE_TRAINING_PROBLEM_CALLS, TrainingProblemsTable } from './TrainingProblemsTable';

/**
 * /admin/training/:trainingId/problems (spec part 2 §2.7, reference §3.12 "Trainings"): the
 * training's problems (TrainingProblemsTable on the site's calls), with the way back to the list
 * and each problem's edit.
 */
export function TrainingProblemsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tid = Number(useParams().trainingId);
  const valid = Number.isInteger(tid) && tid > 0;
  const training = useQuery({
    queryKey: ['admin-training', 'detail', tid],
    queryFn: () => getAdminTraining(tid),
    enabled: valid,
  });

  if (!valid)
    return <NotFoundResult backTo={trainingPaths.list} backLabel={t('adminTraining.common.back')} />;

  return (
    <TrainingProblemsTable
      tid={tid}
      calls={SITE_TRAINING_PROBLEM_CALLS}
      queryKey={['admin-training', 'problems', tid]}
      subtitle={training.data?.training.title}
      head={(refresh) => (
        <>
          <Link to={trainingPaths.list}>
            <Button>{t('adminTraining.common.back')}</Button>
          </Link>
          <RemoteImportButton
            importProblem={({ name, problemId }) => importRemoteTrainingProblem(tid, name, problemId)}
            onImported={refresh}
          />
        </>
      )}
      rowActions={(row) => (
        <Tooltip title={t('adminTraining.common.edit')}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('adminTraining.common.edit')} ${row.problem.problemId}`}
            onClick={() => void navigate(`/admin/problem/edit/${row.problem.id}`)}
          />
        </Tooltip>
      )}
    />
  );
}
