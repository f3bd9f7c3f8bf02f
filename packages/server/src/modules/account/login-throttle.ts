import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { messages } from '../../http/messages.ts';
import {
  giveBackRateLimit,
  hitRateLimit,
  RATE_LIMITS,
  retryAfterSeconds,
  type RateLimitHit,
} from '../../http/rate-limit.ts';

const RULE = RATE_LIMITS.loginFailure;

/** HTTP 429 in the envelope; the route adds `Retry-After`. */
export class LoginThrottled extends ApiError {
  constructor(readonly retryAfter: number) {
    super(429, messages.tooManyRequests, 429);
  }
}

/** One login attempt's place in its address's failure count. */
export interface LoginAttempt {
  /** The attempt did not fail on its password or name: it does not count. */
  giveBack(): Promise<void>;
}

/**
 * Counts a login attempt of a client address against RATE_LIMITS.loginFailure before its password
 * is checked, so that a burst of parallel guesses cannot pass the limit while the first ones are
 * still being checked; an attempt that did not guess wrong gives its count back. So only failures
 * stay counted: a class signing in through one address never reaches the limit, a script guessing
 * passwords from it does (issue 24 item 12; the per-account count is locks.ts's).
 */
export async function beginLoginAttempt(db: Db, ip: string, now: Date): Promise<LoginAttempt> {
  const key = `${RULE.bucket}:${ip}`;
  const hit: RateLimitHit = await hitRateLimit(db, key, RULE.windowSeconds, now);
  if (hit.count > RULE.max) {
    await giveBackRateLimit(db, key, hit);
    throw new LoginThrottled(retryAfterSeconds(hit, now));
  }
  return { giveBack: () => giveBackRateLimit(db, key, hit) };
}
