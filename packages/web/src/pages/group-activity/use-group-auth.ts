import { useQuery } from '@tanstack/react-query';
import { getGroupAuth } from '../../api/group-activity';

/** Group levels (reference §7.12): 3 member, 4 admin, 5 root. */
export const GROUP_MEMBER = 3;
export const GROUP_ADMIN = 4;
export const GROUP_ROOT = 5;

/**
 * The caller's level in group `gid` (`GET /api/get-group-auth`, 0 when not a member); none asked
 * without a group. `admin` is level 4 and above (spec part 2 §6).
 */
export function useGroupAuth(gid: number | undefined) {
  const valid = gid !== undefined && Number.isInteger(gid) && gid > 0;
  const auth = useQuery({
    queryKey: ['group-auth', gid],
    queryFn: () => getGroupAuth(gid!),
    enabled: valid,
    staleTime: 30_000,
  });
  const level = auth.data ?? 0;
  return { level, admin: level >= GROUP_ADMIN, root: level >= GROUP_ROOT, loading: valid && auth.isPending };
}
