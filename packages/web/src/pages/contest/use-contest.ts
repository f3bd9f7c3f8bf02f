import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getContestAccess, getContestInfo, type ContestInfo } from '../../api/contest';
import { getGroupAuth } from '../../api/group';
import { groupAuthKey } from '../group/use-group';
import { createExternalStore, useExternalStore } from '../../store/external-store';
import { isSuperAdmin, useSession } from '../../store/session';
import { clockOffset, type ContestTimes } from './clock/contest-clock';
import { useContestClock } from './clock/use-contest-clock';
import { CONTEST_AUTH, isContestAdmin, type ContestFacts } from './contest-rules';

export const contestInfoKey = (cid: number) => ['contest-info', cid] as const;
export const contestAccessKey = (cid: number) => ['contest-access', cid] as const;

interface TimedInfo {
  info: ContestInfo;
  /** server time minus browser time, ms */
  offset: number;
}

async function fetchTimedInfo(cid: number): Promise<TimedInfo> {
  const sentAt = Date.now();
  const info = await getContestInfo(cid);
  return { info, offset: clockOffset(info.now, sentAt, Date.now()) };
}

/**
 * Spec part 1 §2: the 'include submissions after the contest' switch, one per contest, shared by
 * the shell's tabs and the focus-mode page for as long as the tab is open.
 */
const afterContestStore = createExternalStore<Record<number, boolean>>({});

export function useContainsEnd(cid: number): [boolean, (on: boolean) => void] {
  const all = useExternalStore(afterContestStore);
  const set = useCallback(
    (on: boolean) => afterContestStore.set({ ...afterContestStore.get(), [cid]: on }),
    [cid],
  );
  return [all[cid] ?? false, set];
}

/**
 * One contest as its screens see it (the shell, its tabs and the focus-mode problem page): the info
 * with the server clock's offset, the live status from that clock, whether the viewer is a contest
 * admin or registered, and what follows from that (contest-rules.ts).
 */
export function useContest(cid: number) {
  const queryClient = useQueryClient();
  const session = useSession();
  const valid = Number.isInteger(cid) && cid > 0;
  const infoQuery = useQuery({
    queryKey: contestInfoKey(cid),
    queryFn: () => fetchTimedInfo(cid),
    enabled: valid,
    staleTime: 30_000,
    retry: false,
  });
  const info = infoQuery.data?.info;
  const needsAccess = info !== undefined && info.auth !== CONTEST_AUTH.public;
  const accessQuery = useQuery({
    queryKey: contestAccessKey(cid),
    queryFn: () => getContestAccess(cid),
    enabled: valid && needsAccess && session.token !== '',
    staleTime: 30_000,
  });

  const times: ContestTimes | null = info
    ? { start: Date.parse(info.startTime), end: Date.parse(info.endTime) }
    : null;
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: contestInfoKey(cid) });
    void queryClient.invalidateQueries({ queryKey: contestAccessKey(cid) });
    void queryClient.invalidateQueries({ queryKey: ['contest-problems', cid] });
  }, [queryClient, cid]);
  const clock = useContestClock(times, infoQuery.data?.offset ?? 0, refresh);

  // a group contest's admins include the group's root (reference §7.12): the viewer's level there
  const gid = info?.gid ?? null;
  const groupAuth = useQuery({
    queryKey: groupAuthKey(gid ?? 0),
    queryFn: () => getGroupAuth(gid!),
    enabled: gid !== null && session.token !== '',
    staleTime: 30_000,
  });
  const viewer = {
    uid: session.userInfo?.uid ?? null,
    username: session.userInfo?.username ?? null,
    superAdmin: isSuperAdmin(session.userInfo),
    groupLevel: groupAuth.data ?? 0,
  };
  const facts: ContestFacts | null = info
    ? {
        type: info.type,
        auth: info.auth,
        status: clock?.status ?? info.status,
        author: info.author,
        uid: info.uid,
        openPrint: info.openPrint,
        allowEndSubmit: info.allowEndSubmit,
        sealRank: info.sealRank,
        sealRankTime: info.sealRankTime,
        gid: info.gid,
      }
    : null;
  const admin = info ? isContestAdmin({ author: info.author, uid: info.uid, gid: info.gid }, viewer) : false;
  const registered = !needsAccess || accessQuery.data?.access === true;

  return {
    cid,
    valid,
    infoQuery,
    info,
    facts,
    clock,
    offset: infoQuery.data?.offset ?? 0,
    admin,
    superAdmin: viewer.superAdmin,
    registered,
    accessKnown: !needsAccess || accessQuery.isFetched,
    refresh,
  };
}

export type ContestState = ReturnType<typeof useContest>;
