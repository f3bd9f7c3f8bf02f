import { describe, expect, it } from 'vitest';
import { zhCN } from '../../../src/i18n/zh-CN.ts';
import { enUS } from '../../../src/i18n/en-US.ts';
import {
  contestClock,
  contestIdOf,
  printProblem,
  printWaitSeconds,
} from '../../../src/pages/contest/staff/staff-rules.ts';

describe('the print form (spec part 1 §9 print minimum, reference §7.6)', () => {
  it('spec part 1 §9: needs 50 characters that are not all blank, at most 65535', () => {
    expect(printProblem('')).toBe('tooShort');
    expect(printProblem('x'.repeat(49))).toBe('tooShort');
    expect(printProblem(' '.repeat(80))).toBe('tooShort');
    expect(printProblem('x'.repeat(50))).toBeNull();
    expect(printProblem('x'.repeat(65_536))).toBe('tooLong');
  });

  it('reference §7.6: counts the 30 s wait down in whole seconds after a print', () => {
    const sent = Date.parse('2030-01-01T08:00:00Z');
    expect(printWaitSeconds(null, sent)).toBe(0);
    expect(printWaitSeconds(sent, sent)).toBe(30);
    expect(printWaitSeconds(sent, sent + 29_100)).toBe(1);
    expect(printWaitSeconds(sent, sent + 30_000)).toBe(0);
    expect(printWaitSeconds(sent, sent + 90_000)).toBe(0);
  });
});

describe('the AC helper', () => {
  it('shows an AC time (seconds since the start) as H:MM:SS', () => {
    expect(contestClock(0)).toBe('0:00:00');
    expect(contestClock(65)).toBe('0:01:05');
    expect(contestClock(5 * 3600 + 7)).toBe('5:00:07');
  });
});

describe('the route parameter', () => {
  it('reads contestID as a positive id', () => {
    expect(contestIdOf('1000')).toBe(1000);
    expect(contestIdOf(undefined)).toBeNull();
    expect(contestIdOf('0')).toBeNull();
    expect(contestIdOf('12a')).toBeNull();
    expect(contestIdOf('-3')).toBeNull();
  });
});

describe('the contest staff texts', () => {
  it('exist in both languages, key for key', () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`),
      );
    expect(keys(enUS.contestStaff)).toEqual(keys(zhCN.contestStaff));
    expect(keys(zhCN.contestStaff).length).toBeGreaterThan(40);
  });
});
