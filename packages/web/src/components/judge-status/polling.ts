import { retryAfterMs } from '../../api/http';

/**
 * A polling loop (spec part 1 §4, §9): run `tick` every `intervalMs` until it reports done, it
 * fails, `maxRounds` rounds have run or the poller is stopped; a server that sheds a round (503,
 * Retry-After) is asked again after the time it names. Ticks never overlap: the next round
 * is scheduled once the previous answer is in. Timers are injectable for tests.
 */
export interface PollerOptions {
  intervalMs: number;
  maxRounds: number;
  /** one round; resolves true when there is nothing left to wait for */
  tick: () => Promise<boolean>;
  /** called once when the loop ends, with the reason */
  onStop?: (reason: 'done' | 'failed' | 'exhausted' | 'stopped') => void;
  /** start with a round right away instead of after one interval */
  immediate?: boolean;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface Poller {
  stop(): void;
  readonly rounds: number;
}

/** Submission status: every 2 s, at most 300 rounds. */
export const SUBMISSION_POLL = { intervalMs: 2000, maxRounds: 300 } as const;
/** Test runs: every 1 s (the same round limit). */
export const TEST_RUN_POLL = { intervalMs: 1000, maxRounds: 300 } as const;

export function startPolling(options: PollerOptions): Poller {
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let rounds = 0;
  let stopped = false;
  let handle: unknown = null;

  const finish = (reason: 'done' | 'failed' | 'exhausted' | 'stopped') => {
    if (stopped) return;
    stopped = true;
    if (handle !== null) clearTimer(handle);
    handle = null;
    options.onStop?.(reason);
  };

  const round = async () => {
    handle = null;
    if (stopped) return;
    rounds += 1;
    let done: boolean;
    try {
      done = await options.tick();
    } catch (error) {
      // A server behind its work asks to be left alone for a while (503 with Retry-After): the
      // polling waits that long, then goes on (issue 28)
      const backOffMs = retryAfterMs(error);
      if (backOffMs !== null && !stopped && rounds < options.maxRounds) {
        schedule(Math.max(options.intervalMs, backOffMs));
        return;
      }
      // Spec part 1 §8: any other polling failure stops the polling (the client has shown the toast).
      finish('failed');
      return;
    }
    if (stopped) return;
    if (done) finish('done');
    else if (rounds >= options.maxRounds) finish('exhausted');
    else schedule();
  };

  const schedule = (ms = options.intervalMs) => {
    handle = setTimer(() => void round(), ms);
  };

  if (options.immediate) void round();
  else schedule();

  return {
    stop: () => finish('stopped'),
    get rounds() {
      return rounds;
    },
  };
}
