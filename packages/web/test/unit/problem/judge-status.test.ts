import { JudgeStatus } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import {
  ALL_STATUSES,
  distributionFields,
  FILTER_STATUSES,
  isUnfinished,
  statusInfo,
} from '../../../src/components/judge-status/status.ts';
import { problemEnUS } from '../../../src/i18n/areas/problem.en-US.ts';
import { problemZhCN } from '../../../src/i18n/areas/problem.zh-CN.ts';

describe('judge statuses (spec part 1 §4, reference §8.1)', () => {
  it('knows every status code with a short name and a colour', () => {
    const codes = ALL_STATUSES.map((s) => s.code).sort((a, b) => a - b);
    expect(codes).toEqual([-10, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const info of ALL_STATUSES) {
      expect(info.short).not.toBe('');
      expect(info.color).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it('colours the verdicts: accepted green, failures red, compile and presentation errors orange', () => {
    expect(statusInfo(JudgeStatus.ACCEPTED)).toMatchObject({
      key: 'accepted',
      short: 'AC',
      color: '#19be6b',
    });
    for (const code of [-1, 1, 2, 3]) expect(statusInfo(code).color).toBe('#ed3f14');
    expect(statusInfo(JudgeStatus.COMPILE_ERROR)).toMatchObject({ key: 'compileError', short: 'CE' });
    expect(statusInfo(JudgeStatus.COMPILE_ERROR).color).toBe(
      statusInfo(JudgeStatus.PRESENTATION_ERROR).color,
    );
    expect(statusInfo(JudgeStatus.PARTIAL_ACCEPTED)).toMatchObject({ key: 'partialAccepted', short: 'PAC' });
    expect(statusInfo(JudgeStatus.CANCELLED).key).toBe('cancelled');
  });

  it('shows an unknown code as a grey system-error look with its number', () => {
    expect(statusInfo(42)).toMatchObject({ code: 42, key: 'systemError', short: '42' });
  });

  it('waits only for Pending, Compiling and Judging', () => {
    expect([5, 6, 7].every(isUnfinished)).toBe(true);
    expect([-10, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 8, 9, 10].some(isUnfinished)).toBe(false);
  });

  it('has a Chinese and an English label and explanation for every status', () => {
    for (const info of ALL_STATUSES) {
      expect(problemZhCN.status[info.key]).toBeTruthy();
      expect(problemEnUS.status[info.key]).toBeTruthy();
      expect(problemZhCN.statusExplain[info.key]).toBeTruthy();
      expect(problemEnUS.statusExplain[info.key]).toBeTruthy();
    }
    expect(problemEnUS.status.accepted).toBe('Accepted');
    expect(problemEnUS.status.submittedFailed).toBe('Submitted Failed');
    expect(problemZhCN.status.wrongAnswer).toBe('答案错误');
  });

  it('distributes 8 statuses, 9 with Partial Accepted for OI (spec part 1 §2)', () => {
    expect(distributionFields(false).map((f) => f.field)).toEqual([
      'ac',
      'wa',
      'tle',
      'mle',
      're',
      'pe',
      'ce',
      'se',
    ]);
    expect(distributionFields(true)).toHaveLength(9);
    expect(distributionFields(true).at(-1)).toEqual({ field: 'pa', status: JudgeStatus.PARTIAL_ACCEPTED });
  });

  it('filters by statuses a stored submission can have', () => {
    expect(FILTER_STATUSES).not.toContain(JudgeStatus.SUBMITTING);
    expect(FILTER_STATUSES).not.toContain(JudgeStatus.NOT_SUBMITTED);
    expect(FILTER_STATUSES).toContain(JudgeStatus.ACCEPTED);
  });
});
