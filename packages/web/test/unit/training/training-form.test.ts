import { describe, expect, it } from 'vitest';
import {
  defaultTrainingForm,
  formFromTraining,
  toTrainingBody,
  TRAINING_LIMITS,
  validateCategory,
  validateTrainingForm,
} from '../../../src/admin/training/training-form.ts';

const valid = () => ({
  ...defaultTrainingForm('teacher'),
  title: 'Dynamic programming',
  description: 'Knapsacks first.',
  categoryId: 4,
});

describe('the admin training form (spec part 2 §7, reference §3.12, §7.13)', () => {
  it('spec part 2 §7: a new training is Public, visible, rank 1000, by the signed-in admin', () => {
    expect(defaultTrainingForm('teacher')).toMatchObject({
      auth: 'Public',
      status: true,
      rank: 1000,
      author: 'teacher',
      categoryId: null,
    });
  });

  it('spec part 2 §7: title, description and category are required', () => {
    expect(validateTrainingForm(defaultTrainingForm('teacher'))).toEqual({
      title: 'titleRequired',
      description: 'descriptionRequired',
      categoryId: 'categoryRequired',
    });
    expect(validateTrainingForm(valid())).toEqual({});
  });

  it('reference §7.13: the title is at most 500 characters and the description at most 65,535', () => {
    expect(validateTrainingForm({ ...valid(), title: 'x'.repeat(501) }).title).toBe('titleTooLong');
    expect(validateTrainingForm({ ...valid(), title: 'x'.repeat(500) }).title).toBeUndefined();
    expect(validateTrainingForm({ ...valid(), description: 'x'.repeat(65_536) }).description).toBe(
      'descriptionTooLong',
    );
  });

  it('spec part 2 §7: a Private training needs a password', () => {
    expect(validateTrainingForm({ ...valid(), auth: 'Private', privatePwd: '  ' }).privatePwd).toBe(
      'passwordRequired',
    );
    expect(validateTrainingForm({ ...valid(), auth: 'Private', privatePwd: 'secret' })).toEqual({});
  });

  it('spec part 2 §7: the rank is required, a whole number from 0 to 2147483647', () => {
    expect(validateTrainingForm({ ...valid(), rank: null }).rank).toBe('rankInvalid');
    expect(validateTrainingForm({ ...valid(), rank: -1 }).rank).toBe('rankInvalid');
    expect(validateTrainingForm({ ...valid(), rank: 1.5 }).rank).toBe('rankInvalid');
    expect(validateTrainingForm({ ...valid(), rank: TRAINING_LIMITS.rankMax + 1 }).rank).toBe('rankInvalid');
    expect(validateTrainingForm({ ...valid(), rank: 0 }).rank).toBeUndefined();
  });

  it('reference §3.12: the body is {training, trainingCategory: {id}}; a Public training sends no password', () => {
    const body = toTrainingBody({ ...valid(), title: '  DP  ', privatePwd: 'left over' });
    expect(body).toEqual({
      training: {
        title: 'DP',
        description: 'Knapsacks first.',
        auth: 'Public',
        privatePwd: null,
        rank: 1000,
        status: true,
        author: 'teacher',
      },
      trainingCategory: { id: 4 },
    });
    const edited = toTrainingBody({ ...valid(), id: 9, auth: 'Private', privatePwd: ' pw ' });
    expect(edited.training).toMatchObject({ id: 9, auth: 'Private', privatePwd: 'pw' });
  });

  it('reads a stored training back into the form', () => {
    const form = formFromTraining({
      training: {
        id: 3,
        title: 'Graphs',
        description: 'BFS first',
        author: 'teacher',
        auth: 'Private',
        privatePwd: 'pw',
        rank: 7,
        status: false,
        isGroup: false,
        gid: null,
        gmtCreate: '2026-11-25T10:00:00.000Z',
        gmtModified: '2026-11-25T10:00:00.000Z',
      },
      trainingCategory: { id: 2, name: 'Basics', color: '#1677ff', gid: null },
    });
    expect(form).toEqual({
      id: 3,
      title: 'Graphs',
      description: 'BFS first',
      auth: 'Private',
      privatePwd: 'pw',
      rank: 7,
      status: false,
      author: 'teacher',
      categoryId: 2,
    });
  });

  it('spec part 2 §3: a category needs a name (at most 255) and a valid colour', () => {
    expect(validateCategory({ id: null, name: ' ', color: '' })).toEqual({
      name: 'categoryNameRequired',
      color: 'colorRequired',
    });
    expect(validateCategory({ id: null, name: 'x'.repeat(256), color: '#fff' }).name).toBe(
      'categoryNameTooLong',
    );
    expect(validateCategory({ id: null, name: 'Basics', color: 'blue-ish' }).color).toBe('colorInvalid');
    expect(validateCategory({ id: 1, name: 'Basics', color: '#1677ff' })).toEqual({});
  });
});
