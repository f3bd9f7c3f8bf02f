import type { AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, retryAfterMs } from '../../../src/api/http.ts';
import {
  startPolling,
  SUBMISSION_POLL,
  TEST_RUN_POLL,
} from '../../../src/components/judge-status/polling.ts';

describe('status polling (spec part 1 §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls submissions every 2 s at most 300 rounds, test runs every 1 s', () => {
    expect(SUBMISSION_POLL).toEqual({ intervalMs: 2000, maxRounds: 300 });
    expect(TEST_RUN_POLL.intervalMs).toBe(1000);
  });

  it('waits one interval, then polls until the tick reports done', async () => {
    let calls = 0;
    const onStop = vi.fn();
    startPolling({ intervalMs: 2000, maxRounds: 300, tick: async () => ++calls >= 3, onStop });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(calls).toBe(3);
    expect(onStop).toHaveBeenCalledWith('done');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(3);
  });

  it('gives up after the last round', async () => {
    let calls = 0;
    const onStop = vi.fn();
    startPolling({
      intervalMs: 1000,
      maxRounds: 5,
      tick: async () => (++calls, false),
      onStop,
      immediate: true,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(5);
    expect(onStop).toHaveBeenCalledExactlyOnceWith('exhausted');
  });

  it('stops on a failed round (spec part 1 §8)', async () => {
    let calls = 0;
    const onStop = vi.fn();
    startPolling({
      intervalMs: 1000,
      maxRounds: 300,
      tick: async () => {
        calls += 1;
        throw new Error('network');
      },
      onStop,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(1);
    expect(onStop).toHaveBeenCalledWith('failed');
  });

  it('issue 28: a round the server shed (503, Retry-After) is tried again after the time it asked for', async () => {
    const shed = () =>
      new ApiError('http', 'busy', 503, { headers: { 'retry-after': '10' } } as unknown as AxiosResponse);
    let calls = 0;
    const onStop = vi.fn();
    startPolling({
      intervalMs: 2000,
      maxRounds: 300,
      tick: async () => {
        calls += 1;
        if (calls === 1) throw shed();
        return true;
      },
      onStop,
      immediate: true,
    });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls).toBe(1);
    expect(onStop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    expect(onStop).toHaveBeenCalledWith('done');
  });

  it('issue 28: reads Retry-After only from a 503 answer', () => {
    const answer = (status: number, header?: string) =>
      new ApiError('http', 'x', status, {
        headers: header ? { 'retry-after': header } : {},
      } as unknown as AxiosResponse);
    expect(retryAfterMs(answer(503, '7'))).toBe(7000);
    expect(retryAfterMs(answer(503, '100000'))).toBe(300_000);
    expect(retryAfterMs(answer(503))).toBeNull();
    expect(retryAfterMs(answer(503, 'soon'))).toBeNull();
    expect(retryAfterMs(answer(429, '7'))).toBeNull();
    expect(retryAfterMs(new Error('network'))).toBeNull();
  });

  it('never overlaps rounds and stops when asked', async () => {
    let running = 0;
    let maxRunning = 0;
    let calls = 0;
    const poller = startPolling({
      intervalMs: 100,
      maxRounds: 300,
      tick: async () => {
        running += 1;
        calls += 1;
        maxRunning = Math.max(maxRunning, running);
        await new Promise((r) => setTimeout(r, 350));
        running -= 1;
        return false;
      },
    });
    await vi.advanceTimersByTimeAsync(2000);
    expect(maxRunning).toBe(1);
    poller.stop();
    const seen = calls;
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toBe(seen);
  });
});
