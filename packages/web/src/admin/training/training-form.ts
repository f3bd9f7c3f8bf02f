import type { AdminTraining, AdminTrainingDto } from '../../api/admin-training';
import type { TrainingAuth } from '../../api/training';

/**
 * The admin training form's state and its checks (spec part 2 §7 "Training form": rank required
 * 0..2147483647, title, description, category required, password required when Private;
 * reference §7.13: title at most 500, description at most 65,535). Pure, unit-tested.
 */

export const TRAINING_LIMITS = {
  titleMax: 500,
  descriptionMax: 65_535,
  rankMax: 2_147_483_647,
  rankDefault: 1000,
  categoryNameMax: 255,
} as const;

export interface TrainingFormState {
  id: number | null;
  title: string;
  description: string;
  auth: TrainingAuth;
  privatePwd: string;
  rank: number | null;
  status: boolean;
  author: string;
  categoryId: number | null;
}

export type TrainingField = 'title' | 'description' | 'privatePwd' | 'rank' | 'categoryId';
export type TrainingFormError =
  | 'titleRequired'
  | 'titleTooLong'
  | 'descriptionRequired'
  | 'descriptionTooLong'
  | 'passwordRequired'
  | 'rankRange'
  | 'categoryRequired';

export function defaultTrainingForm(author: string): TrainingFormState {
  return {
    id: null,
    title: '',
    description: '',
    auth: 'Public',
    privatePwd: '',
    rank: TRAINING_LIMITS.rankDefault,
    status: true,
    author,
    categoryId: null,
  };
}

export function formFromTraining(dto: AdminTrainingDto): TrainingFormState {
  const { training, trainingCategory } = dto;
  return {
    id: training.id ?? null,
    title: training.title,
    description: training.description ?? '',
    auth: training.auth === 'Private' ? 'Private' : 'Public',
    privatePwd: training.privatePwd ?? '',
    rank: training.rank,
    status: training.status,
    author: training.author ?? '',
    categoryId: trainingCategory?.id ?? null,
  };
}

/** Every field's first problem, in the form's order. */
export function validateTrainingForm(
  form: TrainingFormState,
): Partial<Record<TrainingField, TrainingFormError>> {
  const errors: Partial<Record<TrainingField, TrainingFormError>> = {};
  const title = form.title.trim();
  if (title === '') errors.title = 'titleRequired';
  else if (title.length > TRAINING_LIMITS.titleMax) errors.title = 'titleTooLong';
  if (form.description.trim() === '') errors.description = 'descriptionRequired';
  else if (form.description.length > TRAINING_LIMITS.descriptionMax) errors.description = 'descriptionTooLong';
  if (form.auth === 'Private' && form.privatePwd.trim() === '') errors.privatePwd = 'passwordRequired';
  if (
    form.rank === null ||
    !Number.isInteger(form.rank) ||
    form.rank < 0 ||
    form.rank > TRAINING_LIMITS.rankMax
  )
    errors.rank = 'rankRange';
  if (form.categoryId === null) errors.categoryId = 'categoryRequired';
  return errors;
}

/** reference §3.12: the body `{training, trainingCategory: {id}}`; a Public training keeps no password. */
export function toTrainingBody(form: TrainingFormState): AdminTrainingDto {
  const training: AdminTraining = {
    ...(form.id !== null ? { id: form.id } : {}),
    title: form.title.trim(),
    description: form.description,
    auth: form.auth,
    privatePwd: form.auth === 'Private' ? form.privatePwd.trim() : null,
    rank: form.rank ?? TRAINING_LIMITS.rankDefault,
    status: form.status,
    author: form.author.trim(),
  };
  return { training, trainingCategory: { id: form.categoryId ?? 0 } };
}

/** The category dialog's checks (spec part 2 §3: name and colour). */
export interface CategoryDraft {
  id: number | null;
  name: string;
  color: string;
}

export function validateCategory(draft: CategoryDraft): {
  name?: 'nameRequired' | 'nameTooLong';
  color?: 'colorRequired';
} {
  const errors: { name?: 'nameRequired' | 'nameTooLong'; color?: 'colorRequired' } = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'nameRequired';
  else if (name.length > TRAINING_LIMITS.categoryNameMax) errors.name = 'nameTooLong';
  if (draft.color.trim() === '') errors.color = 'colorRequired';
  return errors;
}
