import { CONTEST_STATUS } from '@verdict/shared';

/**
 * The contest's clock (spec part 1 §2 "Contest shell"): the countdown runs on the SERVER's time.
 * `get-contest-info` answers the server's `now`; the browser keeps the difference to its own clock
 * (the offset) and adds it to every tick, so a participant whose computer clock is wrong still sees
 * the time the server judges submissions by. Pure, with every time passed in, for the tests.
 */

export { CONTEST_STATUS };
export type ContestStatus = (typeof CONTEST_STATUS)[keyof typeof CONTEST_STATUS];

/**
 * Server time minus browser time, in ms. The answer took some time to arrive; half the round trip
 * is the best guess of when the server read its clock, so `sentAt`/`receivedAt` bracket the call.
 */
export function clockOffset(serverNow: string | number, sentAt: number, receivedAt: number): number {
  const server = typeof serverNow === 'number' ? serverNow : Date.parse(serverNow);
  if (Number.isNaN(server)) return 0;
  return server - (sentAt + (receivedAt - sentAt) / 2);
}

/** The server's time at the browser time `browserNow`. */
export function serverTime(offset: number, browserNow: number): number {
  return browserNow + offset;
}

export interface ContestTimes {
  /** epoch ms */
  start: number;
  /** epoch ms */
  end: number;
}

/** reference §4.8: scheduled before the start, running until the end, ended from then on. */
export function statusAt(times: ContestTimes, now: number): ContestStatus {
  if (now < times.start) return CONTEST_STATUS.scheduled;
  if (now < times.end) return CONTEST_STATUS.running;
  return CONTEST_STATUS.ended;
}

export interface CountdownView {
  status: ContestStatus;
  /**
   * Whole seconds to the next change (the start while scheduled, the end while running), rounded
   * up so the last second shows 1 until it is over; 0 once ended.
   */
  secondsLeft: number;
  /** whole seconds since the start, 0 before it and the whole length after the end */
  elapsedSeconds: number;
  /** the progress slider's value, 0 to 100 */
  progress: number;
}

export function countdownAt(times: ContestTimes, now: number): CountdownView {
  const status = statusAt(times, now);
  const length = Math.max(0, times.end - times.start);
  if (status === CONTEST_STATUS.scheduled) {
    return { status, secondsLeft: Math.ceil((times.start - now) / 1000), elapsedSeconds: 0, progress: 0 };
  }
  if (status === CONTEST_STATUS.running) {
    const elapsed = now - times.start;
    return {
      status,
      secondsLeft: Math.ceil((times.end - now) / 1000),
      elapsedSeconds: Math.floor(elapsed / 1000),
      progress: length === 0 ? 100 : Math.min(100, (elapsed / length) * 100),
    };
  }
  return { status, secondsLeft: 0, elapsedSeconds: Math.floor(length / 1000), progress: 100 };
}

/**
 * ms until the shown countdown changes next (the next whole second of the time left, so the
 * numbers tick on the server's second boundaries); null once the contest has ended.
 */
export function msUntilNextSecond(times: ContestTimes, now: number): number | null {
  const status = statusAt(times, now);
  if (status === CONTEST_STATUS.ended) return null;
  const target = status === CONTEST_STATUS.scheduled ? times.start : times.end;
  return (target - now) % 1000 || 1000;
}

export interface DurationParts {
  days: number;
  /** hh:mm:ss of what is left after the days */
  clock: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** 93784 s → 1 day and "02:03:04" (the screen words the days in its language). */
export function splitDuration(totalSeconds: number): DurationParts {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  return {
    days,
    clock: `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`,
  };
}
