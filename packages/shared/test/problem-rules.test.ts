import { describe, expect, it } from 'vitest';
import {
  caseModeFitsType,
  compareCaseFiles,
  hasControlCharacter,
  ioScoreOf,
  isJudgeProgramLanguage,
  isProblemId,
  isSafeFileName,
  isSubtaskMode,
} from '../src/index.ts';

/** The rules the server's problem save and the admin problem form both apply (one copy, issue 9). */
describe('problem rules shared by the server and the admin form', () => {
  it('reference §4.2 problem_id: letters, digits, "-", "_" and "." only', () => {
    for (const id of ['1000', 'HDU-1000', 'a_b.c', '题目1', 'ÄÖ-2']) expect(isProblemId(id), id).toBe(true);
    for (const id of ['', 'P 1', 'a/b', 'a+b', 'x\n', '#1']) expect(isProblemId(id), id).toBe(false);
  });

  it('reference §4.2 io and extra file names: no path, no control character, at most 255', () => {
    for (const name of ['testlib.h', 'in.txt', '.hidden', 'a..b', 'x'.repeat(255)])
      expect(isSafeFileName(name), name).toBe(true);
    for (const name of ['', '.', '..', 'a/b', '../in', 'a\\b', 'a\tb', 'a\u007fb', 'x'.repeat(256)])
      expect(isSafeFileName(name), name).toBe(false);
    expect(hasControlCharacter('ok.in')).toBe(false);
    expect(hasControlCharacter('bad\u0000.in')).toBe(true);
  });

  it('reference §8.10: subtask modes, and the case modes each problem type may use', () => {
    expect(isSubtaskMode('subtask_lowest')).toBe(true);
    expect(isSubtaskMode('subtask_average')).toBe(true);
    expect(isSubtaskMode('default')).toBe(false);
    expect(isSubtaskMode('ergodic_without_error')).toBe(false);
    expect(caseModeFitsType(0, 'ergodic_without_error')).toBe(true);
    expect(caseModeFitsType(0, 'subtask_lowest')).toBe(false);
    expect(caseModeFitsType(1, 'subtask_average')).toBe(true);
    expect(caseModeFitsType(1, 'ergodic_without_error')).toBe(false);
    expect(caseModeFitsType(1, 'nonsense')).toBe(false);
  });

  it('reference §4.2 spj_language: C or C++', () => {
    expect(isJudgeProgramLanguage('C')).toBe(true);
    expect(isJudgeProgramLanguage('C++')).toBe(true);
    expect(isJudgeProgramLanguage('c')).toBe(false);
    expect(isJudgeProgramLanguage(null)).toBe(false);
  });

  it('reference §8.2: the io score sums the cases, or per subtask group the lowest or the rounded mean', () => {
    const rows = [
      { score: 10, groupNum: 1 },
      { score: 30, groupNum: 1 },
      { score: 25, groupNum: 2 },
      { score: 26, groupNum: 2 },
      { score: null, groupNum: 3 },
    ];
    expect(ioScoreOf(rows, 'default')).toBe(91);
    expect(ioScoreOf(rows, 'ergodic_without_error')).toBe(91);
    expect(ioScoreOf(rows, 'subtask_lowest')).toBe(35);
    expect(ioScoreOf(rows, 'subtask_average')).toBe(46);
    // no group is group 1; no score is 0
    expect(ioScoreOf([{ score: 5 }, { score: 9, groupNum: 1 }, {}], 'subtask_lowest')).toBe(0);
    expect(ioScoreOf([], 'default')).toBe(0);
  });

  it('reference §8.6: uploaded pairs by base-name length, then by name', () => {
    const names = ['10.in', 'b.in', '2.in', 'a.in', '1.txt'].map((input) => ({ input }));
    expect(names.sort(compareCaseFiles).map((f) => f.input)).toEqual([
      '1.txt',
      '2.in',
      'a.in',
      'b.in',
      '10.in',
    ]);
  });
});
