import '../support/browser-globals.ts';
import { describe, expect, it } from 'vitest';
import {
  problemDetailQueryKey,
  problemPaths,
  submitTarget,
  verdictRefreshKeys,
  type ProblemScope,
} from '../../../src/pages/problem/problem-scope.ts';
import { trainingDetailKey } from '../../../src/pages/training/use-training.ts';

const training: ProblemScope = { kind: 'training', tid: 7 };

describe('the problem page in a training (spec part 2 §2.1 TrainingProblemDetails, reference §6.1)', () => {
  it('reference §6.1 "Training": a submit names the display id, cid 0 and the training', () => {
    expect(submitTarget(training, 'P1000', 'P1000')).toEqual({ pid: 'P1000', cid: 0, tid: 7 });
    // the public and contest scopes are unchanged
    expect(submitTarget({ kind: 'public' }, 'P1000', 'P1000')).toEqual({ pid: 'P1000', cid: 0 });
    expect(submitTarget({ kind: 'contest', cid: 3, containsEnd: false }, 'A', 'P1000')).toEqual({
      pid: 'A',
      cid: 3,
    });
  });

  it("reference §4.5: a training's problem is the public one, read and cached as such", () => {
    expect(problemDetailQueryKey(training, 'P1000')).toEqual(
      problemDetailQueryKey({ kind: 'public' }, 'P1000'),
    );
  });

  it('spec part 2 §2.8: its links stay in the training, focus mode included; submissions are public', () => {
    expect(problemPaths.page(training, 'P1000', false)).toBe('/training/7/problem/P1000');
    expect(problemPaths.page(training, 'P1000', true)).toBe('/training/7/problem/P1000/full-screen');
    expect(problemPaths.list(training)).toBe('/training/7/problems');
    expect(problemPaths.submission(training, 'P1000', 42)).toBe('/submission-detail/42');
  });
});

describe('what a verdict refreshes (issue 24 item 15)', () => {
  it("in a training: the header's progress (the training's detail), its problems, its rank and the list", () => {
    const keys = verdictRefreshKeys(training);
    // the very key the shell's header reads its acCount from
    expect(keys).toContainEqual(trainingDetailKey(7));
    expect(keys).toEqual([
      ['training-detail', 7],
      ['training-problems', 7],
      ['training-rank', 7],
      ['training-list'],
    ]);
  });

  it("in a contest its problem list's status; nothing more for a public problem", () => {
    expect(verdictRefreshKeys({ kind: 'contest', cid: 3, containsEnd: true })).toEqual([
      ['contest-problems', 3],
    ]);
    expect(verdictRefreshKeys({ kind: 'public' })).toEqual([]);
  });
});
