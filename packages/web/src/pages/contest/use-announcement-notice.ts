import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getUnreadContestAnnouncements, type ContestAnnouncement } from '../../api/contest';
import { markAnnouncementsRead, readAnnouncementIds } from './announcement-reads';
import { isMenuDisabled } from './contest-rules';
import type { ContestState } from './use-contest';

/** How often the shell asks for announcements it has not shown yet. */
export const ANNOUNCEMENT_POLL_MS = 60_000;

export const unreadAnnouncementsKey = (cid: number) => ['contest-unread-announcements', cid] as const;

/**
 * Spec part 1 §2 "new announcement" notice: while the shell is open and its tabs are usable, the
 * not-read call is polled with the ids this browser has seen; what comes back is shown until the
 * user dismisses it or opens the announcements.
 */
export function useAnnouncementNotice(contest: ContestState) {
  const queryClient = useQueryClient();
  const { cid, facts } = contest;
  const usable = !!facts && !isMenuDisabled(facts, contest.admin, contest.registered);
  const unread = useQuery({
    queryKey: unreadAnnouncementsKey(cid),
    queryFn: () => getUnreadContestAnnouncements(cid, readAnnouncementIds(cid)),
    enabled: usable && contest.accessKnown,
    refetchInterval: ANNOUNCEMENT_POLL_MS,
    staleTime: 0,
  });

  const dismiss = useCallback(
    (items: ContestAnnouncement[]) => {
      markAnnouncementsRead(
        cid,
        items.map((item) => item.id),
      );
      queryClient.setQueryData<ContestAnnouncement[]>(unreadAnnouncementsKey(cid), []);
    },
    [cid, queryClient],
  );

  return { unread: unread.data ?? [], dismiss };
}
