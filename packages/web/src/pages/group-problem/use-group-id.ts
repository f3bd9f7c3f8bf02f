import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { getGroupAuth, getGroupSummary } from '../../api/group-problem';

/** The group the route names (`:groupID`), or 0 when it names no positive whole number. */
export function useGroupId(): number {
  const value = Number(useParams().groupID);
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** reference §3.10 group levels: 3 member, 4 admin, 5 root. */
export const GROUP_ADMIN_LEVEL = 4;
export const GROUP_ROOT_LEVEL = 5;

export const groupAuthKey = (gid: number) => ['group-auth', gid] as const;

/** The caller's level in the group (`GET /api/get-group-auth`), 0 for none. */
export function useGroupLevel(gid: number) {
  return useQuery({
    queryKey: groupAuthKey(gid),
    queryFn: () => getGroupAuth(gid),
    enabled: gid > 0,
    staleTime: 0,
  });
}

/** The group's name and short name (a group problem's id starts with the short name). */
export function useGroupSummary(gid: number, enabled = true) {
  return useQuery({
    queryKey: ['group-summary', gid],
    queryFn: () => getGroupSummary(gid),
    enabled: enabled && gid > 0,
  });
}

/** The members' problem list of a group; a verdict on one of its problems refreshes it (problem-scope.ts). */
export const groupProblemListKey = (gid: number) => ['group-problem-list', gid] as const;
