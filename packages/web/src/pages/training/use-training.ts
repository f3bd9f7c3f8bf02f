import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { getTrainingAccess, getTrainingDetail, type TrainingVO } from '../../api/training';
import { isAuthenticated, useSession } from '../../store/session';
import { isTrainingAdmin } from './training-rules';

import { trainingAccessKey, trainingDetailKey } from './training-keys';

export { trainingAccessKey, trainingDetailKey, trainingProblemsKey } from './training-keys';

/**
 * One training as its screens need it (reference §3.5, §7.13). The access call comes first: a
 * private training's detail, problems and rank answer only a registered user (or its author or
 * root), so while it says no the screens ask for the password instead of calling them.
 */
export function useTraining(tid: number) {
  const session = useSession();
  const valid = Number.isInteger(tid) && tid > 0;
  const signedIn = isAuthenticated(session);
  const access = useQuery({
    queryKey: trainingAccessKey(tid),
    queryFn: () => getTrainingAccess(tid),
    enabled: valid && signedIn,
    staleTime: 0,
  });
  const open = access.data?.access === true;
  const detail = useQuery({
    queryKey: trainingDetailKey(tid),
    queryFn: () => getTrainingDetail(tid),
    enabled: valid && signedIn && open,
    staleTime: 0,
  });
  const training = detail.data;
  return {
    tid,
    valid,
    access,
    detail,
    training,
    /** the problems, rank and submit are open to the user */
    open,
    /** the password form is what the user can do (a private training not registered for) */
    locked: access.data?.access === false,
    /** a training admin (its author or root) sees real names in the rank (spec part 2 §5) */
    admin: isTrainingAdmin(session.userInfo, training?.author),
    /** still finding out whether the training is open, or reading it */
    checking: access.isPending || (open && detail.isPending),
  };
}

export type TrainingState = ReturnType<typeof useTraining>;

/** The training the shell has loaded, for its tabs. */
export const TrainingContext = createContext<TrainingState | null>(null);

export function useTrainingContext(): TrainingState {
  const state = useContext(TrainingContext);
  if (!state) throw new Error('useTrainingContext outside the training shell');
  return state;
}

/**
 * The list's row of the training, when the list opened it (its location state): a locked private
 * training still shows its name and facts, which its refused detail call cannot give.
 */
export function summaryOf(state: unknown): TrainingVO | undefined {
  if (typeof state !== 'object' || state === null || !('training' in state)) return undefined;
  const training = (state as { training: unknown }).training;
  return typeof training === 'object' && training !== null && 'id' in training
    ? (training as TrainingVO)
    : undefined;
}
