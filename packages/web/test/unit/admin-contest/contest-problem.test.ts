import { describe, expect, it } from 'vitest';
import { contestProblemErrors, nextDisplayId } from '../../../src/admin/contest/problems/contest-problem.ts';

describe('a problem in a contest (reference §4.4 contest_problem)', () => {
  it('spec part 2 §5: display id and display title are required in a contest', () => {
    expect(contestProblemErrors({ displayId: ' ', displayTitle: '' })).toEqual({
      displayId: 'displayIdRequired',
      displayTitle: 'displayTitleRequired',
    });
    expect(contestProblemErrors({ displayId: 'A', displayTitle: 'Sum' })).toEqual({});
  });

  it('reference §4.4: the display id is unique in the contest', () => {
    expect(contestProblemErrors({ displayId: ' B ', displayTitle: 'x' }, ['A', 'B'])).toEqual({
      displayId: 'displayIdTaken',
    });
  });

  it('offers the next free letter, or the next number when the contest numbers its problems', () => {
    expect(nextDisplayId([])).toBe('A');
    expect(nextDisplayId(['A', 'B'])).toBe('C');
    expect(nextDisplayId(['A', 'C'])).toBe('B');
    expect(nextDisplayId(Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i)))).toBe('AA');
    expect(nextDisplayId(['1001', '1002'])).toBe('1003');
  });
});
