import type { judge } from '../../db/schema/index.ts';

export type JudgeRow = typeof judge.$inferSelect;

/**
 * A submission in HOJ's `Judge` JSON shape (reference §4.3). Verdict's queue columns (priority,
 * lease, attempt) and the lists' copy of its problem's publicness (problem_hidden) stay inside. The remote-judge account is never shown (reference §7.10), and the
 * submitter's IP only to root: HOJ returned it to anyone who could open the submission.
 */
export function judgeJson(row: JudgeRow, options: { showIp?: boolean } = {}) {
  const {
    priority: _priority,
    leaseOwner: _leaseOwner,
    leaseExpiresAt: _leaseExpiresAt,
    attempt: _attempt,
    problemHidden: _problemHidden,
    ip,
    ...rest
  } = row;
  return {
    ...rest,
    ip: options.showIp ? ip : null,
    vjudgeSubmitId: null,
    vjudgeUsername: null,
    vjudgePassword: null,
  };
}

/** reference §3.4 check-submissions-status: a submission without code, error text and remote fields. */
export function judgeStatusJson(row: JudgeRow) {
  const { code: _code, errorMessage: _errorMessage, ...rest } = judgeJson(row);
  return rest;
}
