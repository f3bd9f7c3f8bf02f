import { PROBLEM_LIMITS, adminTagBody, classificationBody, problemDto } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import type { LanguageRow } from '../../../src/api/admin-problem.ts';
import {
  defaultProblemForm,
  newTagNameError,
  toProblemDto,
  validateProblemForm,
  type ProblemFormState,
} from '../../../src/admin/problem/form/problem-form.ts';
import { validateClassification, validateTag } from '../../../src/admin/tag/tag-form.ts';

/*
 * Issue 9 item 6: the admin problem and tag forms check their fields with the shared zod schemas
 * the server validates with (reference §3.12), so a form refuses exactly what the server's schema
 * refuses. Each case below is checked both ways: the form's errors and the server schema's verdict.
 */

const LANGUAGES: LanguageRow[] = [
  {
    id: 1,
    name: 'C',
    description: 'C',
    contentType: 'text/x-csrc',
    codeTemplate: null,
    template: null,
    isSpj: false,
    oj: 'ME',
    seq: 0,
  },
];
const ctx = { languageNames: { 1: 'C' }, checkerBaseline: null, compiled: null };

function form(change: Partial<ProblemFormState>): ProblemFormState {
  return {
    ...defaultProblemForm(LANGUAGES),
    title: 'A + B',
    uploadedCases: [{ key: 'c', input: '1.in', output: '1.out', score: null, groupNum: null }],
    uploadDir: '0123456789abcdef0123456789abcdef',
    ...change,
  };
}

const formKeys = (f: ProblemFormState) => validateProblemForm(f, ctx).map((e) => e.key);
/** Whether the server's body schema takes the form's body (limits sent as typed, empty as null). */
function serverAccepts(f: ProblemFormState): boolean {
  const body = toProblemDto(f, { checkerBaseline: null });
  const problem = {
    ...body.problem,
    timeLimit: f.timeLimit,
    memoryLimit: f.memoryLimit,
    stackLimit: f.stackLimit,
  };
  return problemDto.safeParse({ ...body, problem }).success;
}

describe('the problem form follows the shared problem schema (reference §3.12)', () => {
  const cases: [string, Partial<ProblemFormState>, string | null][] = [
    ['a plain problem', {}, null],
    ['a blank title', { title: '   ' }, 'titleRequired'],
    ['a title at the limit', { title: 'x'.repeat(PROBLEM_LIMITS.titleMax) }, null],
    ['a title over the limit', { title: 'x'.repeat(PROBLEM_LIMITS.titleMax + 1) }, 'titleTooLong'],
    [
      'a problem id over the limit',
      { problemId: 'P'.repeat(PROBLEM_LIMITS.problemIdMax + 1) },
      'problemIdTooLong',
    ],
    ['a fractional time limit', { timeLimit: 1.5 }, 'timeLimitRange'],
    ['a time limit at the maximum', { timeLimit: PROBLEM_LIMITS.timeLimitMax }, null],
    ['a time limit over the maximum', { timeLimit: PROBLEM_LIMITS.timeLimitMax + 1 }, 'timeLimitRange'],
    ['a cleared memory limit', { memoryLimit: null }, 'memoryLimitRange'],
    ['a zero stack limit', { stackLimit: 0 }, 'stackLimitRange'],
    ['a description over 1 MiB', { description: 'x'.repeat(PROBLEM_LIMITS.textMax + 1) }, 'textTooLong'],
    ['a hint of exactly 1 MiB', { hint: 'x'.repeat(PROBLEM_LIMITS.textMax) }, null],
  ];
  for (const [name, change, key] of cases) {
    it(`${name}: ${key ?? 'accepted'} by the form, and by the server schema alike`, () => {
      const f = form(change);
      expect(formKeys(f)).toEqual(key ? [key] : []);
      expect(serverAccepts(f)).toBe(key === null);
    });
  }

  it('an OI case score must be a whole number (the shared case schema) and present (the save rule)', () => {
    const oi = (score: number | null) =>
      form({ type: 1, uploadedCases: [{ key: 'c', input: '1.in', output: '1.out', score, groupNum: null }] });
    expect(formKeys(oi(2.5))).toEqual(['scoreInteger']);
    expect(formKeys(oi(null))).toEqual(['scoreInteger']);
    expect(formKeys(oi(100))).toEqual([]);
  });
});

it('a new tag typed on the problem form fits the shared tag schema (reference §3.12)', () => {
  expect(newTagNameError('x'.repeat(PROBLEM_LIMITS.tagNameMax))).toBeUndefined();
  expect(newTagNameError('x'.repeat(PROBLEM_LIMITS.tagNameMax + 1))).toBe('nameTooLong');
});

describe('the tag dialogs follow the shared tag and classification schemas (reference §3.12)', () => {
  const tagCases: [string, string, boolean][] = [
    ['dp', '#1677ff', true],
    [' ', '', false],
    ['x'.repeat(PROBLEM_LIMITS.tagNameMax), '', true],
    ['x'.repeat(PROBLEM_LIMITS.tagNameMax + 1), '', false],
    ['dp', 'x'.repeat(PROBLEM_LIMITS.tagColorMax + 1), false],
  ];
  for (const [name, color, ok] of tagCases) {
    it(`tag ${JSON.stringify(name.slice(0, 8))} (${name.length}) colour ${color.length}: ${ok ? 'accepted' : 'refused'} on both sides`, () => {
      const errors = validateTag({ id: null, name, color, tcid: null });
      expect(Object.keys(errors).length === 0).toBe(ok);
      expect(adminTagBody.safeParse({ name, color }).success).toBe(ok);
    });
  }

  const ranks: [number | null, boolean][] = [
    [null, true],
    [0, true],
    [PROBLEM_LIMITS.classificationRankMax, true],
    [PROBLEM_LIMITS.classificationRankMax + 1, false],
    [-1, false],
    [1.5, false],
  ];
  for (const [rank, ok] of ranks) {
    it(`classification rank ${rank}: ${ok ? 'accepted' : 'refused'} on both sides`, () => {
      expect(validateClassification({ id: null, name: 'Graphs', rank })).toEqual(
        ok ? {} : { rank: 'rankRange' },
      );
      expect(classificationBody.safeParse({ name: 'Graphs', rank }).success).toBe(ok);
    });
  }
});
