import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { getGroupAuth, getGroupDetail } from '../../api/group';
import { isAuthenticated, isSuperAdmin, useSession } from '../../store/session';
import { isGroupAdmin, type GroupViewer } from './group-rules';

export const groupDetailKey = (gid: number) => ['group-detail', gid];
export const groupAuthKey = (gid: number) => ['group-auth', gid];
export const groupMembersKey = (gid: number) => ['group-members', gid];
export const groupApplicationsKey = (gid: number) => ['group-applications', gid];

/**
 * One group as its screens need it (reference §3.10): its detail and the caller's member level;
 * the viewer's standing (member, admin, root, owner, site root) decides the tabs and buttons.
 */
export function useGroup(gid: number) {
  const session = useSession();
  const queryClient = useQueryClient();
  const valid = Number.isInteger(gid) && gid > 0;
  const signedIn = isAuthenticated(session);
  const detail = useQuery({
    queryKey: groupDetailKey(gid),
    queryFn: () => getGroupDetail(gid),
    enabled: valid && signedIn,
    staleTime: 0,
  });
  const auth = useQuery({
    queryKey: groupAuthKey(gid),
    queryFn: () => getGroupAuth(gid),
    enabled: valid && signedIn && detail.isSuccess,
    staleTime: 0,
  });
  const group = detail.data;
  const uid = session.userInfo?.uid;
  const viewer: GroupViewer = {
    level: auth.data ?? 0,
    superAdmin: isSuperAdmin(session.userInfo),
    owner: !!group && !!uid && group.uid === uid,
  };
  return {
    gid,
    valid,
    detail,
    auth,
    group,
    viewer,
    uid,
    checking: detail.isPending || auth.isPending,
    /** reads the group and the caller's level again (after joining, leaving, a change of level) */
    refresh: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: groupDetailKey(gid) }),
        queryClient.invalidateQueries({ queryKey: groupAuthKey(gid) }),
      ]);
    },
  };
}

export type GroupState = ReturnType<typeof useGroup>;

export const GroupContext = createContext<GroupState | null>(null);

export function useGroupContext(): GroupState {
  const state = useContext(GroupContext);
  if (!state) throw new Error('useGroupContext outside the group shell');
  return state;
}

/**
 * The viewer in group `gid` for a page that may stand outside the group shell (the site's
 * discussion pages told a group): the shell's viewer when it shows that group, else the caller's
 * level alone (`GET /api/get-group-auth`; the owner counts by their level, 5). `admin` is false
 * without a group.
 */
export function useGroupViewer(gid: number | undefined) {
  const shell = useContext(GroupContext);
  const session = useSession();
  const valid = gid !== undefined && Number.isInteger(gid) && gid > 0;
  const inShell = valid && shell?.gid === gid;
  const auth = useQuery({
    queryKey: groupAuthKey(gid ?? 0),
    queryFn: () => getGroupAuth(gid!),
    enabled: valid && !inShell,
  });
  const viewer: GroupViewer =
    inShell && shell
      ? shell.viewer
      : { level: auth.data ?? 0, superAdmin: isSuperAdmin(session.userInfo), owner: false };
  return {
    viewer,
    admin: valid && isGroupAdmin(viewer),
    loading: inShell && shell ? shell.checking : valid && auth.isPending,
  };
}
