import { useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { getTrainingAccess, getTrainingDetail } from '../../api/training';
import { isAuthenticated, useSession } from '../../store/session';
import { isTrainingAdmin } from './training-rules';

export const trainingDetailKey = (tid: number) => ['training-detail', tid] as const;
export const trainingAccessKey = (tid: number) => ['training-access', tid] as const;
export const trainingProblemsKey = (tid: number) => ['training-problems', tid] as const;

/**
 * One training as its screens need it (reference §3.5): the detail, whether the user may open a
 * private one (get-training-access; the author and root always may, §7.13) and whether the user
 * is one of its admins.
 */
export function useTraining(tid: number) {
  const session = useSession();
  const valid = Number.isInteger(tid) && tid > 0;
  const signedIn = isAuthenticated(session);
  const detail = useQuery({
    queryKey: trainingDetailKey(tid),
    queryFn: () => getTrainingDetail(tid),
    enabled: valid && signedIn,
    staleTime: 0,
  });
  const training = detail.data;
  const isPrivate = training?.auth === 'Private';
  const admin = isTrainingAdmin(session.userInfo, training?.author);
  const access = useQuery({
    queryKey: trainingAccessKey(tid),
    queryFn: () => getTrainingAccess(tid),
    enabled: valid && signedIn && isPrivate && !admin,
  });
  const open = !!training && (!isPrivate || admin || access.data?.access === true);
  return {
    tid,
    valid,
    detail,
    training,
    isPrivate,
    admin,
    /** the problems, rank and submit are open to the user */
    open,
    /** still finding out whether a private training is open */
    checking: detail.isPending || (isPrivate && !admin && access.isPending),
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
