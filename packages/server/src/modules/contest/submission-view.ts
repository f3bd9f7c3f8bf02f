import { CONTEST_TYPE, JudgeStatus } from '@verdict/shared';
import { can } from '../../policy/index.ts';
import type { Subject } from '../../policy/subjects.ts';
import type { ContestView } from './access.ts';

/** The columns of a contest submission that the seal and the running contest may hide. */
export interface ContestSubmissionFields {
  uid: string;
  submitTime: Date;
  status: number;
  time: number | null;
  memory: number | null;
  length: number | null;
  score: number | null;
  /** computed from the score (reference §7.11), so sealed with it */
  oiRankScore: number | null;
}

/**
 * What `user` sees of one submission of the contest (reference §7.10, §7.18), as one of:
 * - 'hidden': not shown at all — while the board is sealed for the caller, others' submissions
 *   made from the seal time on (reference §7.18: ACM lists them before the seal plus the caller's own);
 * - 'unknown': shown as Submitted Unknown Result (-5) without results — in an OI contest the
 *   caller's own submissions from the seal time on (reference §7.9, §7.10; HOJ left them out of
 *   the list, Verdict shows them as the problem list does);
 * - 'reduced': shown without time, memory and length — others' submissions while the contest runs;
 * - 'full'.
 * Contest admins always see 'full'.
 */
export type Visibility = 'hidden' | 'unknown' | 'reduced' | 'full';

export function contestSubmissionVisibility(
  view: ContestView,
  user: Subject,
  s: Pick<ContestSubmissionFields, 'uid' | 'submitTime'>,
): Visibility {
  if (view.admin) return 'full';
  const own = !!user && user.uid === s.uid;
  const afterSeal =
    view.sealed && !!view.row.sealRankTime && s.submitTime.getTime() >= view.row.sealRankTime.getTime();
  if (afterSeal && !own) return 'hidden';
  if (afterSeal && view.row.type === CONTEST_TYPE.oi) return 'unknown';
  if (!own && !can(user, 'contest.seeOthersResults', view.facts)) return 'reduced';
  return 'full';
}

/** Applies a visibility other than 'hidden' to a submission's fields. */
export function withVisibility<T extends ContestSubmissionFields>(s: T, visibility: Visibility): T {
  if (visibility === 'unknown')
    return {
      ...s,
      status: JudgeStatus.SUBMITTED_UNKNOWN_RESULT,
      time: null,
      memory: null,
      score: null,
      oiRankScore: null,
    };
  if (visibility === 'reduced') return { ...s, time: null, memory: null, length: null };
  return s;
}
