import { describe, expect, it } from 'vitest';
import { mebibytes, relativeTime } from '../../src/admin/dashboard/relative-time.ts';

// issue 10 "Dashboard": the last heartbeat of each judge worker is shown as a relative time.
describe('relativeTime', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  const at = (msAgo: number) => new Date(now - msAgo).toISOString();

  it('reads a heartbeat of a few seconds ago, or one from a clock a little ahead, as just now', () => {
    expect(relativeTime(at(2_000), now)).toEqual({ unit: 'justNow' });
    expect(relativeTime(at(-3_000), now)).toEqual({ unit: 'justNow' });
  });

  it('picks the largest whole unit', () => {
    expect(relativeTime(at(42_000), now)).toEqual({ unit: 'seconds', count: 42 });
    expect(relativeTime(at(125_000), now)).toEqual({ unit: 'minutes', count: 2 });
    expect(relativeTime(at(3 * 3600_000 + 5), now)).toEqual({ unit: 'hours', count: 3 });
    expect(relativeTime(at(50 * 3600_000), now)).toEqual({ unit: 'days', count: 2 });
  });

  it('shows bytes as MiB', () => {
    expect(mebibytes('1572864')).toBe('1.5 MiB');
  });
});
