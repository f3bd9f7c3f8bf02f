import { useParams } from 'react-router';

/** The group the route names (`:groupID`), or 0 when it names no positive whole number. */
export function useGroupId(): number {
  const value = Number(useParams().groupID);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** The members' problem list of a group; a verdict on one of its problems refreshes it (problem-scope.ts). */
export const groupProblemListKey = (gid: number) => ['group-problem-list', gid] as const;
