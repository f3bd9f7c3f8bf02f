import { describe, expect, it } from 'vitest';
import {
  clockOffset,
  countdownAt,
  msUntilNextSecond,
  serverTime,
  splitDuration,
  statusAt,
} from '../../../src/pages/contest/clock/contest-clock.ts';

const start = Date.parse('2026-11-25T10:00:00.000Z');
const end = start + 5 * 3600_000;
const times = { start, end };

describe("contest countdown on the server's clock (spec part 1 §2 'Contest shell')", () => {
  it("spec part 1 §2: the offset is the server's `now` minus the browser time half-way through the call", () => {
    // the browser is 90 s slow: it sent at 09:58:30.000 and got the answer 200 ms later
    const sentAt = Date.parse('2026-11-25T09:58:30.000Z');
    const offset = clockOffset('2026-11-25T10:00:00.100Z', sentAt, sentAt + 200);
    expect(offset).toBe(90_000);
    // every later tick of the browser's clock is moved by the same offset
    expect(serverTime(offset, sentAt + 10_200)).toBe(Date.parse('2026-11-25T10:00:10.200Z'));
  });

  it('a `now` the browser cannot read leaves the browser clock as it is', () => {
    expect(clockOffset('not a date', 1000, 1100)).toBe(0);
  });

  it("spec part 1 §2: a browser clock that runs ahead still shows the server's time left", () => {
    // the browser thinks it is already 11:00; the server said 10:00 (offset -1 h)
    const browserNow = start + 3600_000;
    const offset = -3600_000;
    const view = countdownAt(times, serverTime(offset, browserNow));
    expect(view.status).toBe(0);
    expect(view.secondsLeft).toBe(5 * 3600);
    expect(view.progress).toBe(0);
  });

  it('reference §4.8: scheduled before the start, running until the end, ended at the end', () => {
    expect(statusAt(times, start - 1)).toBe(-1);
    expect(statusAt(times, start)).toBe(0);
    expect(statusAt(times, end - 1)).toBe(0);
    expect(statusAt(times, end)).toBe(1);
  });

  it('counts down to the start while scheduled, with the slider at 0', () => {
    expect(countdownAt(times, start - 90_500)).toEqual({
      status: -1,
      secondsLeft: 91,
      elapsedSeconds: 0,
      progress: 0,
    });
  });

  it('counts down to the end while running; the slider shows the share of the time gone', () => {
    const view = countdownAt(times, start + 3600_000 + 250);
    expect(view.status).toBe(0);
    expect(view.secondsLeft).toBe(4 * 3600); // 3:59:59.750 left shows 4:00:00
    expect(view.elapsedSeconds).toBe(3600);
    expect(view.progress).toBeCloseTo(20, 2);
  });

  it('once ended: nothing left, the slider full, the whole length elapsed', () => {
    expect(countdownAt(times, end + 5000)).toEqual({
      status: 1,
      secondsLeft: 0,
      elapsedSeconds: 5 * 3600,
      progress: 100,
    });
  });

  it("ticks on the server's second boundaries (1 s tick), and stops after the end", () => {
    // 4:59:59.750 left shows 5:00:00 until 750 ms later
    expect(msUntilNextSecond(times, start + 250)).toBe(750);
    expect(msUntilNextSecond(times, start)).toBe(1000);
    expect(msUntilNextSecond(times, start - 1200)).toBe(200);
    expect(msUntilNextSecond(times, end)).toBeNull();
  });

  it('words a length as days and hh:mm:ss', () => {
    expect(splitDuration(5 * 3600)).toEqual({ days: 0, clock: '05:00:00' });
    expect(splitDuration(93_784)).toEqual({ days: 1, clock: '02:03:04' });
    expect(splitDuration(-3)).toEqual({ days: 0, clock: '00:00:00' });
  });
});
