/**
 * A problem's place in a contest (reference §4.4 contest_problem: display id, display title,
 * balloon colour) and the pure rules of its form (spec part 2 §5: display id and title required in
 * a contest).
 */
export interface ContestProblemDraft {
  id: number | null;
  displayId: string;
  displayTitle: string;
  color: string | null;
}

/** reference §4.4: display_id is unique in a contest; HOJ's column is varchar(255). */
export const DISPLAY_ID_MAX = 255;
export const DISPLAY_TITLE_MAX = 255;

export type ContestProblemErrorKey = 'displayIdRequired' | 'displayTitleRequired' | 'displayIdTaken';

export function contestProblemErrors(
  draft: Pick<ContestProblemDraft, 'displayId' | 'displayTitle'>,
  takenIds: string[] = [],
): Partial<Record<'displayId' | 'displayTitle', ContestProblemErrorKey>> {
  const errors: Partial<Record<'displayId' | 'displayTitle', ContestProblemErrorKey>> = {};
  const displayId = draft.displayId.trim();
  if (displayId === '') errors.displayId = 'displayIdRequired';
  else if (takenIds.includes(displayId)) errors.displayId = 'displayIdTaken';
  if (draft.displayTitle.trim() === '') errors.displayTitle = 'displayTitleRequired';
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
