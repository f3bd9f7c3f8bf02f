import { JUDGE_PROGRAM_LANGUAGES, type CaseMode, type JudgeProgramLanguage } from './judge.ts';
import { CASE_MODES_BY_TYPE, PROBLEM_LIMITS, SUBTASK_CASE_MODES } from './problem.ts';

/**
 * The problem rules that are not a field's schema but that the server's save and the admin form
 * both apply (spec part 2 §4, §5; reference §4.2, §8.2, §8.6, §8.10). One copy here, so the form
 * refuses exactly what the server refuses.
 */

/** reference §4.2 problem.problem_id: letters, digits, '-', '_' and '.' (the server upper-cases it). */
export const PROBLEM_ID_PATTERN = /^[\p{L}\p{N}_.-]+$/u;

export function isProblemId(value: string): boolean {
  return PROBLEM_ID_PATTERN.test(value);
}

/** Whether a name holds a control character (U+0000–U+001F, U+007F). */
export function hasControlCharacter(name: string): boolean {
  return [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
}

/**
 * A file name that cannot leave the sandbox's working directory: file I/O names and extra-file names
 * (reference §4.2 io_read_file_name, user_extra_file, judge_extra_file).
 */
export function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= PROBLEM_LIMITS.fileNameMax &&
    name !== '.' &&
    name !== '..' &&
    !/[/\\]/.test(name) &&
    !hasControlCharacter(name)
  );
}

/** reference §8.10: the case modes that group cases into subtasks. */
export function isSubtaskMode(mode: string): boolean {
  return SUBTASK_CASE_MODES.includes(mode);
}

/** reference §8.10: whether a problem type (0 ACM, 1 OI) may use a case mode. */
export function caseModeFitsType(type: 0 | 1, mode: string): mode is CaseMode {
  return (CASE_MODES_BY_TYPE[type] as readonly string[]).includes(mode);
}

/** reference §4.2 spj_language: checkers and interactors are written in C or C++. */
export function isJudgeProgramLanguage(value: unknown): value is JudgeProgramLanguage {
  return (JUDGE_PROGRAM_LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * reference §8.2 last bullet: an OI problem's total score from its case scores — the sum (default,
 * ergodic), or over the subtask groups the sum of each group's lowest score (subtask_lowest) or of its
 * rounded mean (subtask_average). A missing score counts 0, a missing group is group 1.
 */
export function ioScoreOf(
  cases: readonly { score?: number | null; groupNum?: number | null }[],
  caseMode: string,
): number {
  if (!isSubtaskMode(caseMode)) return cases.reduce((sum, c) => sum + (c.score ?? 0), 0);
  const groups = new Map<number, number[]>();
  for (const c of cases) {
    const key = c.groupNum ?? 1;
    groups.set(key, [...(groups.get(key) ?? []), c.score ?? 0]);
  }
  let total = 0;
  for (const scores of groups.values()) {
    total +=
      caseMode === 'subtask_lowest'
        ? Math.min(...scores)
        : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
  }
  return total;
}

/** Base name without the extension. */
const baseOf = (name: string) => name.replace(/\.[^.]*$/, '');

/**
 * reference §8.6: the order of an uploaded zip's pairs — by the length of the input's base name, then
 * by name, so 2 comes before 10.
 */
export function compareCaseFiles(a: { input: string }, b: { input: string }): number {
  const x = baseOf(a.input);
  const y = baseOf(b.input);
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}
