import { PROBLEM_LIMITS } from '@verdict/shared';

/** The tag and classification dialogs' data and the server's rules for them (reference §3.12). */

export interface TagDraft {
  id: number | null;
  name: string;
  /** '#rrggbb', or '' for none (tag.color is varchar(10)) */
  color: string;
  tcid: number | null;
}

export interface ClassificationDraft {
  id: number | null;
  name: string;
  rank: number | null;
}

type NameError = 'nameRequired' | 'nameTooLong';

function nameError(name: string): NameError | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'nameRequired';
  if (trimmed.length > PROBLEM_LIMITS.tagNameMax) return 'nameTooLong';
  return undefined;
}

export function validateTag(draft: TagDraft): { name?: NameError; color?: 'colorInvalid' } {
  const errors: { name?: NameError; color?: 'colorInvalid' } = {};
  const name = nameError(draft.name);
  if (name) errors.name = name;
  if (draft.color.length > PROBLEM_LIMITS.tagColorMax) errors.color = 'colorInvalid';
  return errors;
}

/** rank: empty, or an integer from 0 to 2147483647 (smaller first). */
export function validateClassification(draft: ClassificationDraft): { name?: NameError; rank?: 'rankRange' } {
  const errors: { name?: NameError; rank?: 'rankRange' } = {};
  const name = nameError(draft.name);
  if (name) errors.name = name;
  if (
    draft.rank !== null &&
    (!Number.isInteger(draft.rank) || draft.rank < 0 || draft.rank > 2_147_483_647)
  ) {
    errors.rank = 'rankRange';
  }
  return errors;
}
