import type { z } from 'zod';
import { contestProblemBody, isContestAdminMessageKey, type ContestAdminMessageKey } from '@verdict/shared';

/**
 * A problem's place in a contest (reference §4.4 contest_problem: display id, display title,
 * balloon colour) and the rules of its form: the shared schema the server checks the link with
 * (spec part 2 §5: display id and title required in a contest), plus a display id already used.
 */
export interface ContestProblemDraft {
  id: number | null;
  displayId: string;
  displayTitle: string;
  color: string | null;
}

export type ContestProblemField = 'displayId' | 'displayTitle' | 'color';
export type ContestProblemErrorKey = ContestAdminMessageKey | 'displayIdTaken';

const FIELDS = contestProblemBody.shape;

function issueOf(schema: z.ZodType, value: unknown): ContestAdminMessageKey | undefined {
  const result = schema.safeParse(value);
  const message = result.success ? undefined : result.error.issues[0]?.message;
  return message && isContestAdminMessageKey(message) ? message : undefined;
}

export function contestProblemErrors(
  draft: Pick<ContestProblemDraft, 'displayId' | 'displayTitle' | 'color'>,
  takenIds: string[] = [],
): Partial<Record<ContestProblemField, ContestProblemErrorKey>> {
  const errors: Partial<Record<ContestProblemField, ContestProblemErrorKey>> = {};
  const displayId = issueOf(FIELDS.displayId, draft.displayId);
  if (displayId) errors.displayId = displayId;
  else if (takenIds.includes(draft.displayId.trim())) errors.displayId = 'displayIdTaken';
  const displayTitle = issueOf(FIELDS.displayTitle, draft.displayTitle);
  if (displayTitle) errors.displayTitle = displayTitle;
  const color = issueOf(FIELDS.color, draft.color);
  if (color) errors.color = color;
  return errors;
}

const letters = (n: number): string => {
  // 0 → A, 25 → Z, 26 → AA (spreadsheet columns)
  let text = '';
  for (let k = n + 1; k > 0; k = Math.floor((k - 1) / 26))
    text = String.fromCharCode(65 + ((k - 1) % 26)) + text;
  return text;
};

/**
 * The display id offered for the next problem: the first of A, B, C, … not used yet, or, when the
 * contest numbers its problems (1001, 1002 …), one more than the highest number.
 */
export function nextDisplayId(taken: string[]): string {
  const used = new Set(taken.map((id) => id.trim()));
  if (used.size > 0 && [...used].every((id) => /^\d+$/.test(id))) {
    return String(Math.max(...[...used].map(Number)) + 1);
  }
  for (let i = 0; ; i++) {
    const candidate = letters(i);
    if (!used.has(candidate)) return candidate;
  }
}
