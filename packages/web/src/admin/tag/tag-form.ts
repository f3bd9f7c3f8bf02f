import { adminTagBody, classificationBody } from '@verdict/shared';
import { schemaIssue, type CheckedSchema } from '../problem/form/schema-issue';

/**
 * The tag and classification dialogs' data and their checks: each field with the shared schema the
 * server validates it with (reference §3.12 adminTagBody, classificationBody).
 */

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

function nameError(schema: CheckedSchema, name: string): NameError | undefined {
  const issue = schemaIssue(schema, name);
  if (issue === undefined) return undefined;
  return issue === 'too_small' ? 'nameRequired' : 'nameTooLong';
}

export function validateTag(draft: TagDraft): { name?: NameError; color?: 'colorInvalid' } {
  const errors: { name?: NameError; color?: 'colorInvalid' } = {};
  const name = nameError(adminTagBody.shape.name, draft.name);
  if (name) errors.name = name;
  if (schemaIssue(adminTagBody.shape.color, draft.color)) errors.color = 'colorInvalid';
  return errors;
}

/** rank: empty, or an integer from 0 to 2147483647 (smaller first). */
export function validateClassification(draft: ClassificationDraft): { name?: NameError; rank?: 'rankRange' } {
  const errors: { name?: NameError; rank?: 'rankRange' } = {};
  const name = nameError(classificationBody.shape.name, draft.name);
  if (name) errors.name = name;
  if (schemaIssue(classificationBody.shape.rank, draft.rank)) errors.rank = 'rankRange';
  return errors;
}
