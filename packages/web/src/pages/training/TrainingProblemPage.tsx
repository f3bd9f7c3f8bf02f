import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getTrainingNavigatorProblems } from '../../api/training';
import { ProblemDetails } from '../problem/ProblemDetailsPage';
import { ProblemNavigator } from '../problem/ProblemNavigator';
import type { ProblemScope } from '../problem/problem-scope';
import { trainingBasePath } from './training-rules';
import { useTraining, useTrainingContext, type TrainingState } from './use-training';

/** The footer of a training problem in focus mode: the training's problems in order. */
function TrainingProblemNavigator({ tid, problemID }: { tid: number; problemID: string }) {
  const { t } = useTranslation();
  const base = trainingBasePath(tid, useParams().groupID);
  return (
    <ProblemNavigator
      problemID={problemID}
      queryKey={['training-navigator', tid]}
      load={() => getTrainingNavigatorProblems(tid)}
      pathOf={(id) => `${base}/problem/${encodeURIComponent(id)}/full-screen`}
      labels={{
        label: t('training.navigator.label'),
        previous: t('training.navigator.previous'),
        next: t('training.navigator.next'),
        choose: t('training.navigator.choose'),
      }}
    />
  );
}

/**
 * A training's problem (spec part 2 §2.1 TrainingProblemDetails): the problem page in the training
 * scope, submitting with `tid` (reference §6.1 "Training"); Submit is closed (and says why) while a
 * private training is not open to the user; in focus mode the footer navigator.
 */
function TrainingProblem({ training, focus }: { training: TrainingState; focus: boolean }) {
  const { t } = useTranslation();
  const problemID = useParams().problemID ?? '';
  const groupID = useParams().groupID;
  const scope = useMemo<ProblemScope>(
    () => ({ kind: 'training', tid: training.tid, base: trainingBasePath(training.tid, groupID) }),
    [training.tid, groupID],
  );
  const closed = training.locked;
  return (
    <ProblemDetails
      key={problemID}
      focus={focus}
      scope={scope}
      submitClosed={closed ? t('training.submitClosed') : null}
      footer={focus ? <TrainingProblemNavigator tid={training.tid} problemID={problemID} /> : undefined}
    />
  );
}

/** Inside the training shell (/training/:trainingID/problem/:problemID). */
export function TrainingProblemPage() {
  return <TrainingProblem training={useTrainingContext()} focus={false} />;
}

/** Focus mode (/training/:trainingID/problem/:problemID/full-screen), outside the shell. */
export function TrainingFullProblemPage() {
  const training = useTraining(Number(useParams().trainingID));
  return <TrainingProblem training={training} focus />;
}
