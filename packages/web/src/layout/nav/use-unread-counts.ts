import type { UnreadMsgCount } from '@verdict/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getUnreadCounts } from '../../api/message';
import { openUnreadStream } from '../../api/unread-stream';
import { useSession } from '../../store/session';

/** spec part 2 §2.4, §9: the unread counts are polled every 120 s. */
export const UNREAD_POLL_MS = 120_000;

/** The query key of a user's unread counts: the top bar and the message centre share it. */
export const unreadKey = (uid: string) => ['msg', 'unread', uid] as const;

/** The signed-in user's unread counts (undefined while logged out or loading), polled every 120 s. */
export function useUnreadCounts(): UnreadMsgCount | undefined {
  const { token, userInfo } = useSession();
  const uid = userInfo?.uid ?? '';
  return useQuery({
    queryKey: unreadKey(uid),
    queryFn: getUnreadCounts,
    enabled: token !== '' && uid !== '',
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
  }).data;
}

/**
 * Stores pushed counts. A fetch still in flight (a message list's invalidation) was answered from
 * before the push and would overwrite it when it lands, and the stream sends a count only when it
 * changes: so the fetch is cancelled first.
 */
export async function applyPushedCounts(queryClient: QueryClient, uid: string, counts: UnreadMsgCount) {
  await queryClient.cancelQueries({ queryKey: unreadKey(uid) });
  queryClient.setQueryData(unreadKey(uid), counts);
}

/**
 * Pushes the counts into the shared query while the user is signed in (issue 15, beyond the
 * spec's polling): the stream opens per user and closes on logout or unmount. Mounted once, by
 * the top bar.
 */
export function useUnreadPush(): void {
  const queryClient = useQueryClient();
  const { token, userInfo } = useSession();
  const uid = token ? (userInfo?.uid ?? '') : '';
  useEffect(() => {
    if (!uid) return;
    return openUnreadStream({ onCounts: (counts) => void applyPushedCounts(queryClient, uid, counts) });
  }, [uid, queryClient]);
}
