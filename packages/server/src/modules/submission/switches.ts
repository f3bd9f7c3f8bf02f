import { SWITCH_DEFAULTS } from '@verdict/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { ApiError, noPermission } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { readConfig, type SwitchConfig } from '../home/service.ts';

/** reference §7.14: the switches and the interval the submit and test-run calls obey. */
export interface JudgeSwitches {
  openPublicJudge: boolean;
  openGroupJudge: boolean;
  openContestJudge: boolean;
  hideNonContestSubmissionCode: boolean;
  /** seconds; 0 disables the interval */
  defaultSubmitInterval: number;
  /**
   * Verdict's captcha on fast submitting (spec part 1 §3, §8; captcha-gate.ts): this many
   * non-contest submissions within `submitCaptchaWindow` seconds make the next one need a
   * captcha; 0 disables it.
   */
  submitCaptchaThreshold: number;
  /** seconds */
  submitCaptchaWindow: number;
}

/** Defaults of the settings above when the 'switch' config does not name them. */
export const SUBMIT_CAPTCHA_DEFAULTS = {
  threshold: SWITCH_DEFAULTS.submitCaptchaThreshold,
  windowSeconds: SWITCH_DEFAULTS.submitCaptchaWindow,
} as const;

const nonNegative = (value: unknown, fallback: number) =>
  Math.max(0, Math.floor(Number(value ?? fallback) || 0));

export async function judgeSwitches(db: Db): Promise<JudgeSwitches> {
  const config = await readConfig<SwitchConfig & Partial<JudgeSwitches>>(db, 'switch');
  return {
    openPublicJudge: config.openPublicJudge !== false,
    openGroupJudge: config.openGroupJudge !== false,
    openContestJudge: config.openContestJudge !== false,
    hideNonContestSubmissionCode: config.hideNonContestSubmissionCode === true,
    defaultSubmitInterval: Math.max(
      0,
      Number(config.defaultSubmitInterval ?? SWITCH_DEFAULTS.defaultSubmitInterval) || 0,
    ),
    submitCaptchaThreshold: nonNegative(config.submitCaptchaThreshold, SUBMIT_CAPTCHA_DEFAULTS.threshold),
    submitCaptchaWindow: nonNegative(config.submitCaptchaWindow, SUBMIT_CAPTCHA_DEFAULTS.windowSeconds),
  };
}

export type JudgeScope = 'public' | 'contest' | 'group';

/** reference §6.1 step 1, §8.12: a closed judge switch refuses with HTTP 403. */
export function assertJudgeOpen(switches: JudgeSwitches, scope: JudgeScope) {
  if (scope === 'contest' && !switches.openContestJudge)
    throw noPermission(problemMessages.contestJudgeClosed);
  if (scope === 'group' && !switches.openGroupJudge) throw noPermission(problemMessages.groupJudgeClosed);
  if (scope === 'public' && !switches.openPublicJudge) throw noPermission(problemMessages.publicJudgeClosed);
}

/**
 * reference §6.1 step 4, §7.6: non-contest submissions (and, separately, test runs) of one user
 * are at least `defaultSubmitInterval` seconds apart, measured with the injected clock from the
 * user's latest one. Call it inside the transaction that inserts, after `lockUser`, so that two
 * simultaneous requests cannot both pass.
 */
export async function assertInterval(tx: Db, intervalSeconds: number, last: Date | null, now: Date) {
  if (intervalSeconds <= 0 || !last) return;
  const waitMs = last.getTime() + intervalSeconds * 1000 - now.getTime();
  // the envelope's data says when the next one is allowed, for the client's countdown (issue 24 item 9)
  if (waitMs > 0) {
    throw new ApiError(403, problemMessages.submitTooFast, 200, {
      retryAfterSeconds: Math.ceil(waitMs / 1000),
    });
  }
}

/** Serialises one user's submissions (or test runs) for the rest of the transaction. */
export async function lockUser(tx: Db, scope: 'submit' | 'test', uid: string) {
  await queryRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${uid}`}))`);
}
