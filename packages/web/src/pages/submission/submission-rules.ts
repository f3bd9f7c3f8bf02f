import { JudgeStatus, REMOTE_OJS } from '@verdict/shared';

/** The rules of the submission screens (spec part 1 §4, §5; reference §6.4), pure for the tests. */

/**
 * Spec part 1 §4: the manual judge dialog is disabled while judging or compiling, and over a compile
 * error. A pending submission opens it, so that one no judge picks up can be cancelled.
 */
export function canManualJudge(status: number): boolean {
  return ![JudgeStatus.JUDGING, JudgeStatus.COMPILING, JudgeStatus.COMPILE_ERROR].includes(status as never);
}

/**
 * The dialog's update (reference §6.4 manual-judge): refused while the submission waits or runs and
 * over a compile error; spec part 1 §4 also disables it over a cancelled one.
 */
export function canSetVerdict(status: number): boolean {
  return canManualJudge(status) && status !== JudgeStatus.PENDING && status !== JudgeStatus.CANCELLED;
}

/** reference §6.4: cancelling is refused while the submission compiles or runs. */
export function canCancelJudge(status: number): boolean {
  return (
    status !== JudgeStatus.COMPILING && status !== JudgeStatus.JUDGING && status !== JudgeStatus.CANCELLED
  );
}

/** A remote problem's display id starts with its judge's prefix (HDU-1000, CF-1A). */
export function isRemoteDisplayId(displayPid: string): boolean {
  const prefix = displayPid.split('-')[0]?.toUpperCase() ?? '';
  return displayPid.includes('-') && (REMOTE_OJS as readonly string[]).includes(prefix);
}

/** Verdict lets the author resubmit after a judging failure (System Error, Submitted Failed). */
export function canResubmit(status: number): boolean {
  return status === JudgeStatus.SYSTEM_ERROR || status === JudgeStatus.SUBMITTED_FAILED;
}

/**
 * Spec part 1 §5: code is visible when shared and the problem allows sharing, to the owner, to an
 * admin, or in a contest. The server decides; this is what the page expects to see. Only the owner
 * toggles sharing; contest submissions are never shareable, so they show no switch at all (issue 24
 * item 19: a switch that could never be turned on); a problem that forbids sharing shows it off.
 */
export function shareToggleState(options: { owner: boolean; cid: number; codeShare: boolean }) {
  if (!options.owner || options.cid !== 0) return 'hidden' as const;
  if (!options.codeShare) return 'disabled' as const;
  return 'enabled' as const;
}
