import { JudgeStatus, type CaseMode, type CaseResult, type JudgeTestCase } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import { CANCELLED_MESSAGE, groupsInOrder, runCases, type GradedCase } from '../../src/grading/case-modes.ts';
import { finalScore, finalVerdict } from '../../src/grading/scoring.ts';

const S = JudgeStatus;

function testCase(seq: number, score = 10, groupNum = 0): JudgeTestCase {
  const ref = (name: string) => ({ name, sha256: '0'.repeat(64), size: 1 });
  return { caseId: 100 + seq, seq, input: ref(`${seq}.in`), output: ref(`${seq}.out`), score, groupNum };
}

function row(seq: number, status: number, extra: Partial<CaseResult> = {}): CaseResult {
  return {
    caseId: 100 + seq,
    seq,
    status,
    time: 10,
    memory: 1000,
    score: status === S.ACCEPTED ? 10 : 0,
    groupNum: null,
    mode: 'default',
    inputData: `${seq}.in`,
    outputData: `${seq}.out`,
    userOutput: null,
    ...extra,
  };
}

/** Runs the scheduler with a fake judge that answers each case from a table. */
async function schedule(
  cases: JudgeTestCase[],
  mode: CaseMode,
  verdicts: Record<number, [number, number | null]>,
) {
  const ran: number[] = [];
  const reported: number[][] = [];
  const graded = await runCases(cases, mode, {
    run: async (c) => {
      ran.push(c.seq);
      const [status, percentage] = verdicts[c.seq] ?? [S.ACCEPTED, null];
      return { result: row(c.seq, status, { groupNum: c.groupNum }), percentage };
    },
    cancelled: (c): GradedCase => ({
      result: row(c.seq, S.CANCELLED, { score: 0, groupNum: c.groupNum, userOutput: CANCELLED_MESSAGE }),
      percentage: null,
    }),
    report: async (finished) => {
      reported.push(finished.map((f) => f.seq));
      return true;
    },
  });
  return { ran, reported, graded: graded!.map((g) => [g.result.seq, g.result.status]) };
}

describe('case modes (reference §8.10)', () => {
  const four = [1, 2, 3, 4].map((s) => testCase(s));

  it('default runs every case in order and reports each', async () => {
    const r = await schedule(four, 'default', { 2: [S.WRONG_ANSWER, null] });
    expect(r.ran).toEqual([1, 2, 3, 4]);
    expect(r.reported).toEqual([[1], [2], [3], [4]]);
  });

  it('ergodic_without_error stops after the first case that is not AC', async () => {
    const r = await schedule(four, 'ergodic_without_error', { 2: [S.TIME_LIMIT_EXCEEDED, null] });
    expect(r.ran).toEqual([1, 2]);
    expect(r.graded).toEqual([
      [1, S.ACCEPTED],
      [2, S.TIME_LIMIT_EXCEEDED],
    ]);
  });

  it('subtask_lowest cancels the rest of a group after a failure, and goes on with the next group', async () => {
    const cases = [
      testCase(1, 10, 1),
      testCase(2, 10, 2),
      testCase(3, 10, 1),
      testCase(4, 10, 2),
      testCase(5, 10, 2),
    ];
    const r = await schedule(cases, 'subtask_lowest', { 2: [S.WRONG_ANSWER, null] });
    expect(r.ran).toEqual([1, 3, 2]); // group 1 first (first seen), then group 2
    expect(r.reported).toEqual([[1], [3], [2, 4, 5]]);
    expect(r.graded).toEqual([
      [1, S.ACCEPTED],
      [2, S.WRONG_ANSWER],
      [3, S.ACCEPTED],
      [4, S.CANCELLED],
      [5, S.CANCELLED],
    ]);
  });

  it('subtask_lowest goes on after a partial case worth something, but not after partial 0', async () => {
    const cases = [testCase(1, 10, 1), testCase(2, 10, 1), testCase(3, 10, 2), testCase(4, 10, 2)];
    const r = await schedule(cases, 'subtask_lowest', {
      1: [S.PARTIAL_ACCEPTED, 50],
      3: [S.PARTIAL_ACCEPTED, 0],
    });
    expect(r.ran).toEqual([1, 2, 3]);
    expect(r.graded.at(-1)).toEqual([4, S.CANCELLED]);
  });

  it('subtask_average runs everything', async () => {
    const cases = [testCase(1, 10, 1), testCase(2, 10, 1), testCase(3, 10, 2)];
    const r = await schedule(cases, 'subtask_average', { 1: [S.WRONG_ANSWER, null] });
    expect(r.ran).toEqual([1, 2, 3]);
  });

  it('stops at once when the report says so', async () => {
    let calls = 0;
    const result = await runCases(four, 'default', {
      run: async (c) => ({ result: row(c.seq, S.ACCEPTED), percentage: null }),
      cancelled: () => {
        throw new Error('unused');
      },
      report: async () => ++calls < 2,
    });
    expect(result).toBeNull();
    expect(calls).toBe(2);
  });

  it('orders groups by first appearance', () => {
    const groups = groupsInOrder([testCase(3, 1, 7), testCase(1, 1, 5), testCase(2, 1, 7)]);
    expect(groups.map((g) => g.map((c) => c.seq))).toEqual([[1], [2, 3]]);
  });
});

describe('final score (reference §8.10)', () => {
  const scored = (
    seq: number,
    score: number,
    groupNum: number | null = null,
    status: number = S.WRONG_ANSWER,
  ) => row(seq, status, { score, groupNum });

  it('all AC in default mode is io_score, even when the cases sum to something else', () => {
    const cases = [row(1, S.ACCEPTED), row(2, S.ACCEPTED)];
    expect(finalScore(cases, 'default', 100)).toBe(100);
  });

  it('default sums case scores, capped at io_score', () => {
    expect(
      finalScore(
        [scored(1, 10, null, S.ACCEPTED), scored(2, 5, null, S.PARTIAL_ACCEPTED), scored(3, 0)],
        'default',
        30,
      ),
    ).toBe(15);
    expect(
      finalScore([scored(1, 60, null, S.ACCEPTED), scored(2, 50, null, S.PARTIAL_ACCEPTED)], 'default', 100),
    ).toBe(100);
    expect(
      finalScore([scored(1, 60, null, S.ACCEPTED), scored(2, 50, null, S.PARTIAL_ACCEPTED)], 'default', 0),
    ).toBe(110);
  });

  it('subtask_lowest sums the lowest score of each group', () => {
    const cases = [
      scored(1, 10, 1, S.ACCEPTED),
      scored(2, 10, 1, S.ACCEPTED),
      scored(3, 20, 2, S.ACCEPTED),
      scored(4, 0, 2),
    ];
    expect(finalScore(cases, 'subtask_lowest', 100)).toBe(10);
  });

  it('subtask_average sums the rounded mean of each group', () => {
    const cases = [
      scored(1, 10, 1, S.ACCEPTED),
      scored(2, 0, 1),
      scored(3, 5, 1, S.PARTIAL_ACCEPTED),
      scored(4, 7, 2, S.ACCEPTED),
    ];
    // group 1: (10 + 0 + 5) / 3 = 5; group 2: 7
    expect(finalScore(cases, 'subtask_average', 100)).toBe(12);
    expect(finalScore([scored(1, 5, 1, S.ACCEPTED), scored(2, 0, 1)], 'subtask_average', 100)).toBe(3); // 2.5 rounds up
  });
});

describe('final verdict (reference §8.10, §8.11)', () => {
  const limits = { timeMs: 1000, memoryMb: 64 };
  const acm = { type: 0 as const, ioScore: 0 };
  const oi = { type: 1 as const, ioScore: 40 };

  it('is AC with the largest time and memory when every case is AC', () => {
    const v = finalVerdict(
      [row(1, S.ACCEPTED, { time: 5, memory: 700 }), row(2, S.ACCEPTED, { time: 9, memory: 300 })],
      acm,
      'default',
      limits,
    );
    expect(v).toEqual({ status: S.ACCEPTED, time: 9, memory: 700, score: null, errorMessage: null });
  });

  it('ACM takes the first error by sequence, with its message for runtime errors', () => {
    const cases = [
      row(3, S.WRONG_ANSWER),
      row(1, S.ACCEPTED),
      row(2, S.RUNTIME_ERROR, { userOutput: 'The program return exit status code: 1' }),
    ];
    const v = finalVerdict(cases, acm, 'default', limits);
    expect(v.status).toBe(S.RUNTIME_ERROR);
    expect(v.errorMessage).toBe('The program return exit status code: 1');
  });

  it('ACM wrong answers carry no error message (the output excerpt is not an error text)', () => {
    expect(
      finalVerdict([row(1, S.WRONG_ANSWER, { userOutput: '4' })], acm, 'default', limits).errorMessage,
    ).toBeNull();
  });

  it('OI with some AC is Partial Accepted; with none it is the first error', () => {
    const some = finalVerdict(
      [row(1, S.ACCEPTED), row(2, S.TIME_LIMIT_EXCEEDED), row(3, S.WRONG_ANSWER)],
      oi,
      'default',
      limits,
    );
    expect(some).toMatchObject({ status: S.PARTIAL_ACCEPTED, score: 10 });
    const none = finalVerdict([row(1, S.TIME_LIMIT_EXCEEDED), row(2, S.WRONG_ANSWER)], oi, 'default', limits);
    expect(none).toMatchObject({ status: S.TIME_LIMIT_EXCEEDED, score: 0 });
    const partialOnly = finalVerdict([row(1, S.PARTIAL_ACCEPTED, { score: 5 })], oi, 'default', limits);
    expect(partialOnly).toMatchObject({ status: S.PARTIAL_ACCEPTED, score: 5 });
  });

  it('caps time and memory at the factored limits, and reports 0 for system errors', () => {
    const tle = finalVerdict(
      [row(1, S.TIME_LIMIT_EXCEEDED, { time: 1180, memory: 90_000 })],
      acm,
      'default',
      limits,
    );
    expect(tle).toMatchObject({ time: 1000, memory: 64 * 1024 });
    const se = finalVerdict(
      [row(1, S.ACCEPTED), row(2, S.SYSTEM_ERROR, { userOutput: 'sandbox' })],
      acm,
      'default',
      limits,
    );
    expect(se).toMatchObject({ status: S.SYSTEM_ERROR, time: 0, memory: 0, errorMessage: 'sandbox' });
  });
});
