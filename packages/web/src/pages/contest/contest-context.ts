import { createContext, useContext } from 'react';
import type { ContestState } from './use-contest';

/** The contest the shell has loaded, for its tabs (one clock, one info query). */
export const ContestContext = createContext<ContestState | null>(null);

export function useContestContext(): ContestState {
  const state = useContext(ContestContext);
  if (!state) throw new Error('useContestContext outside the contest shell');
  return state;
}
