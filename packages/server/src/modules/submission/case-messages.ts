import { JudgeStatus } from '@verdict/shared';

/**
 * Statuses whose message, in the default judge mode, is an excerpt of the output the judge compared
 * (judge's grading/case-judge.ts): what the program printed, not words of the judge.
 */
const COMPARED: readonly number[] = [
  JudgeStatus.ACCEPTED,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.PRESENTATION_ERROR,
];

/**
 * A case message without what the program itself wrote (issue 24 item 6; reference §4
 * judge_case.user_output is "the per-case error/checker message, not the program output"):
 * - default mode, compared output (AC, WA, PE): the message is the program's output, so none;
 * - runtime error: the first line is the judge's ("The program return exit status code: N"), the
 *   lines after it quote the program's stderr;
 * - anything else is the judge's text or the checker's / interactor's message (reference §8.7), kept.
 * The mode is the problem's current one: a problem switched to a checker after judging would show
 * its old excerpts until it is rejudged.
 */
export function judgeWordsOnly(
  message: string | null,
  status: number | null,
  judgeMode: string,
): string | null {
  if (message === null || status === null) return message;
  if (judgeMode === 'default' && COMPARED.includes(status)) return null;
  if (status === JudgeStatus.RUNTIME_ERROR) return message.split('\n', 1)[0]!;
  return message;
}
