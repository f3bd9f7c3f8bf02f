import {
  adminTrainingBody,
  TRAINING_ADMIN_LIMITS,
  TRAINING_DEFAULT_RANK,
  trainingCategoryInput,
  type AdminTrainingDto,
  type AdminTrainingInput,
  type TrainingAdminMessageKey,
  type TrainingAuth,
} from '@verdict/shared';

/**
 * The admin training form's state and its checks (spec part 2 §7 "Training form": rank required
 * 0..2147483647, title, description, category required, password required when Private;
 * reference §7.13: title at most 500, description at most 65,535). The checks are the shared
 * schemas the server applies (`adminTrainingBody`, `trainingCategoryInput`), so the form refuses
 * what the server would, in TRAINING_ADMIN_MESSAGES' words. Pure, unit-tested.
 */

export const TRAINING_LIMITS = TRAINING_ADMIN_LIMITS;

export interface TrainingFormState {
  id: number | null;
  title: string;
  description: string;
  auth: TrainingAuth;
  privatePwd: string;
  rank: number | null;
  status: boolean;
  /** shown only: the server keeps the creator (reference §3.12; HOJ trusted the body's) */
  author: string;
  categoryId: number | null;
}

export type TrainingField = 'title' | 'description' | 'privatePwd' | 'rank' | 'categoryId' | 'other';

export function defaultTrainingForm(author: string): TrainingFormState {
  return {
    id: null,
    title: '',
    description: '',
    auth: 'Public',
    privatePwd: '',
    rank: TRAINING_DEFAULT_RANK,
    status: true,
    author,
    categoryId: null,
  };
}

export function formFromTraining(dto: AdminTrainingDto): TrainingFormState {
  const { training, trainingCategory } = dto;
  return {
    id: training.id,
    title: training.title ?? '',
    description: training.description ?? '',
    auth: training.auth === 'Private' ? 'Private' : 'Public',
    privatePwd: training.privatePwd ?? '',
    rank: training.rank,
    status: training.status,
    author: training.author,
    categoryId: trainingCategory?.id ?? null,
  };
}

/** reference §3.12: the body `{training, trainingCategory: {id}}`; a Public training keeps no password. */
export function toTrainingBody(form: TrainingFormState): AdminTrainingInput {
  return {
    training: {
      ...(form.id !== null ? { id: form.id } : {}),
      title: form.title.trim(),
      description: form.description,
      auth: form.auth,
      privatePwd: form.auth === 'Private' ? form.privatePwd.trim() : null,
      rank: form.rank,
      status: form.status,
      author: form.author,
    },
    trainingCategory: form.categoryId !== null ? { id: form.categoryId } : null,
  };
}

const FIELD_OF_PATH: Record<string, TrainingField> = {
  title: 'title',
  description: 'description',
  privatePwd: 'privatePwd',
  rank: 'rank',
};

/** Every field's first problem, as the shared schema words it. */
export function validateTrainingForm(
  form: TrainingFormState,
): Partial<Record<TrainingField, TrainingAdminMessageKey>> {
  const errors: Partial<Record<TrainingField, TrainingAdminMessageKey>> = {};
  // spec part 2 §7: the form requires a rank (the server would take an empty one as 1000)
  if (form.rank === null) errors.rank = 'rankInvalid';
  const parsed = adminTrainingBody.safeParse(toTrainingBody(form));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field =
        issue.path[0] === 'trainingCategory'
          ? 'categoryId'
          : (FIELD_OF_PATH[String(issue.path[1])] ?? 'other');
      errors[field] ??= issue.message as TrainingAdminMessageKey;
    }
  }
  return errors;
}

/** The category dialog's draft (spec part 2 §3: name and colour). */
export interface CategoryDraft {
  id: number | null;
  name: string;
  color: string;
}

/** The category's checks: the shared schema, and a colour is required (spec part 2 §3). */
export function validateCategory(draft: CategoryDraft): {
  name?: TrainingAdminMessageKey;
  color?: TrainingAdminMessageKey | 'colorRequired';
} {
  const errors: { name?: TrainingAdminMessageKey; color?: TrainingAdminMessageKey | 'colorRequired' } = {};
  if (draft.color.trim() === '') errors.color = 'colorRequired';
  const parsed = trainingCategoryInput.safeParse({ id: draft.id, name: draft.name, color: draft.color });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.message as TrainingAdminMessageKey;
      if (issue.path[0] === 'name') errors.name ??= key;
      if (issue.path[0] === 'color') errors.color ??= key;
    }
  }
  return errors;
}
