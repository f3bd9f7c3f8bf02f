import { JudgeStatus } from '@verdict/shared';
import { describe, expect, it } from 'vitest';
import {
  isTrainingAdmin,
  progressPercent,
  rankCellSubmissionsPath,
  rankCellView,
  rankSequence,
  readTrainingQuery,
  TRAINING_PAGE_SIZE,
  TRAINING_RANK_PAGE_SIZE,
  trainingTabOfPath,
  trainingTabs,
  writeTrainingQuery,
} from '../../../src/pages/training/training-rules.ts';

const user = (username: string, ...roleList: string[]) => ({ uid: `u-${username}`, username, roleList });

describe('the training list query (spec part 2 §2.1)', () => {
  it('spec part 2 §2.1: keyword, categoryId, auth and currentPage are read; a page below 1 becomes 1', () => {
    expect(
      readTrainingQuery(new URLSearchParams('keyword=dp&categoryId=3&auth=Private&currentPage=2')),
    ).toEqual({
      keyword: 'dp',
      categoryId: 3,
      auth: 'Private',
      currentPage: 2,
    });
    expect(readTrainingQuery(new URLSearchParams('currentPage=0')).currentPage).toBe(1);
    expect(readTrainingQuery(new URLSearchParams('currentPage=-4')).currentPage).toBe(1);
    expect(readTrainingQuery(new URLSearchParams('currentPage=abc')).currentPage).toBe(1);
  });

  it('refuses an unknown auth and a category that is not a positive id', () => {
    const query = readTrainingQuery(new URLSearchParams('auth=Protected&categoryId=x'));
    expect(query.auth).toBeUndefined();
    expect(query.categoryId).toBeUndefined();
    expect(readTrainingQuery(new URLSearchParams('categoryId=0')).categoryId).toBeUndefined();
  });

  it('writes only what is set, and no page 1', () => {
    expect(
      writeTrainingQuery({ keyword: ' graphs ', categoryId: 2, auth: 'Public', currentPage: 1 }).toString(),
    ).toBe('keyword=graphs&categoryId=2&auth=Public');
    expect(
      writeTrainingQuery({ keyword: '', categoryId: undefined, auth: undefined, currentPage: 3 }).toString(),
    ).toBe('currentPage=3');
  });

  it('spec part 2 §9: the list shows 15 a page and the rank 100', () => {
    expect(TRAINING_PAGE_SIZE).toBe(15);
    expect(TRAINING_RANK_PAGE_SIZE).toBe(100);
  });
});

describe('training progress (spec part 2 §2.1, reference §7.13)', () => {
  it('spec part 2 §2.1: acCount of problemCount as a percentage with two decimals', () => {
    expect(progressPercent(1, 3)).toBe(33.33);
    expect(progressPercent(2, 3)).toBe(66.67);
    expect(progressPercent(3, 3)).toBe(100);
  });

  it('spec part 2 §2.1: 0 when the training has no problems or the user solved none', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(2, 0)).toBe(0);
    expect(progressPercent(null, 5)).toBe(0);
  });

  it('never above 100', () => {
    expect(progressPercent(4, 3)).toBe(100);
  });
});

describe('training tabs (spec part 2 §2.1)', () => {
  it('spec part 2 §2.1: Problem List and Record List are closed while a private training is not open', () => {
    expect(trainingTabs(false).map((tab) => [tab.key, tab.disabled])).toEqual([
      ['introduction', false],
      ['problems', true],
      ['rank', true],
    ]);
    expect(trainingTabs(true).every((tab) => !tab.disabled)).toBe(true);
  });

  it('a problem page keeps the problem list tab', () => {
    expect(trainingTabOfPath('')).toBe('introduction');
    expect(trainingTabOfPath('/problems')).toBe('problems');
    expect(trainingTabOfPath('/problem/P1000')).toBe('problems');
    expect(trainingTabOfPath('/rank')).toBe('rank');
  });
});

describe('the training rank (spec part 2 §2.1, §5; reference §3.5, §7.13)', () => {
  it('spec part 2 §5: real names are for training admins only: the author and super admins', () => {
    expect(isTrainingAdmin(user('teacher', 'admin'), 'teacher')).toBe(true);
    expect(isTrainingAdmin(user('root', 'root'), 'teacher')).toBe(true);
    expect(isTrainingAdmin(user('other', 'admin'), 'teacher')).toBe(false);
    expect(isTrainingAdmin(user('student', 'default_role'), 'teacher')).toBe(false);
    expect(isTrainingAdmin(null, 'teacher')).toBe(false);
  });

  it('spec part 2 §2.1: a cell shows the short coloured status and the run time', () => {
    expect(rankCellView({ status: JudgeStatus.ACCEPTED, score: null, isAC: true, runTime: 15 })).toEqual({
      short: 'AC',
      color: '#19be6b',
      accepted: true,
      runTime: '15ms',
    });
    expect(rankCellView({ status: JudgeStatus.WRONG_ANSWER, score: null, isAC: false })).toMatchObject({
      short: 'WA',
      accepted: false,
      runTime: null,
    });
    expect(rankCellView(undefined)).toBeNull();
  });

  it('spec part 2 §2.1: a cell opens the submission list filtered by user and problem', () => {
    expect(rankCellSubmissionsPath('alice bob', 'P1000')).toBe(
      '/status?username=alice+bob&problemID=P1000&completeProblemID=true',
    );
  });

  it('numbers rows across pages', () => {
    expect(rankSequence(1, 100, 0)).toBe(1);
    expect(rankSequence(2, 100, 4)).toBe(105);
  });
});
