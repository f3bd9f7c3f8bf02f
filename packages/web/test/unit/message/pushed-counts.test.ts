import { QueryClient } from '@tanstack/react-query';
import type { UnreadMsgCount } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { applyPushedCounts, unreadKey } from '../../../src/layout/nav/use-unread-counts';

const counts = (sys: number): UnreadMsgCount => ({ comment: 0, reply: 0, like: 0, sys, mine: 0 });

/**
 * The top bar's unread counts (spec part 2 §2.4) take pushed counts over a fetch that was already
 * on its way: a message list invalidates the counts when it marks items read, and the stream sends
 * a count only when it changes, so a stale answer landing after the push would stay on screen until
 * the next 120 s poll.
 */
describe('applyPushedCounts', () => {
  it('keeps a pushed count when an older fetch answers after it', async () => {
    const queryClient = new QueryClient();
    let answer!: (value: UnreadMsgCount) => void;
    const inFlight = queryClient
      .fetchQuery({
        queryKey: unreadKey('u1'),
        queryFn: () => new Promise<UnreadMsgCount>((r) => (answer = r)),
      })
      .catch(() => undefined);
    await applyPushedCounts(queryClient, 'u1', counts(1));
    answer(counts(0));
    await inFlight;
    await new Promise((r) => setTimeout(r, 0));
    expect(queryClient.getQueryData(unreadKey('u1'))).toEqual(counts(1));
  });

  it('stores the push when nothing is in flight, for that user only', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(unreadKey('u2'), counts(4));
    await applyPushedCounts(queryClient, 'u1', counts(2));
    expect(queryClient.getQueryData(unreadKey('u1'))).toEqual(counts(2));
    expect(queryClient.getQueryData(unreadKey('u2'))).toEqual(counts(4));
  });
});
