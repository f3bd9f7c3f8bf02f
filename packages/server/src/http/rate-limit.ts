import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { rateLimit } from '../db/schema/index.ts';
import { ApiError } from './errors.ts';
import { messages } from './messages.ts';

/**
 * A limit on how often one client IP may call a group of routes: at most `max` calls per
 * `windowSeconds` (a fixed window). Routes of one `bucket` share their counter.
 */
export interface RateLimitRule {
  bucket: string;
  max: number;
  windowSeconds: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimitRule;
  }
}

/** Rules of the account routes (issue 4): generous for people, tight for scripts. */
export const RATE_LIMITS = {
  /**
   * Wrong passwords (and unknown names) per client IP, login and admin login together; counted by
   * the login itself (modules/account/login-throttle.ts), not per call: a school's classes sign in
   * through one address, so successes must not use the limit up (issue 24 item 12).
   */
  loginFailure: { bucket: 'login-failure', max: 30, windowSeconds: 60 },
  register: { bucket: 'register', max: 10, windowSeconds: 60 },
  /** every call that sends a mail: register code, reset mail, change-e-mail code */
  mail: { bucket: 'mail', max: 6, windowSeconds: 60 },
  captcha: { bucket: 'captcha', max: 30, windowSeconds: 60 },
  /** check-username-or-email and reset-password answer whether a name exists or a code is right */
  lookup: { bucket: 'lookup', max: 30, windowSeconds: 60 },
} as const satisfies Record<string, RateLimitRule>;

export interface RateLimitHit {
  count: number;
  /** when the current window started */
  windowStart: Date;
  /** when the current window ends */
  resetAt: Date;
}

/**
 * Counts one call for `key` and returns the count in the current window. The counter is a row
 * updated in one statement, so servers sharing the database share the limit.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<RateLimitHit> {
  const nowIso = now.toISOString();
  const expired = sql`${rateLimit.windowStart} <= ${new Date(now.getTime() - windowSeconds * 1000).toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimit)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
        windowStart: sql`case when ${expired} then ${nowIso}::timestamptz else ${rateLimit.windowStart} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.windowStart });
  return {
    count: row!.count,
    windowStart: row!.windowStart,
    resetAt: new Date(row!.windowStart.getTime() + windowSeconds * 1000),
  };
}

/**
 * Takes back one call counted by `hitRateLimit`, unless its window has been replaced since (then
 * the count it added is gone already).
 */
export async function giveBackRateLimit(db: Db, key: string, hit: RateLimitHit): Promise<void> {
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(and(eq(rateLimit.key, key), eq(rateLimit.windowStart, hit.windowStart)));
}

/** Seconds until a window ends, for `Retry-After` (at least 1). */
export function retryAfterSeconds(hit: RateLimitHit, now: Date): number {
  return Math.max(1, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000));
}

/**
 * Drops the counters of clients that went away (a scheduled job, src/jobs/cleanups.ts): a day is
 * longer than any window, so such a row counts nothing any more.
 */
export async function pruneRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimit).where(lt(rateLimit.windowStart, new Date(now.getTime() - 86_400_000)));
}

/**
 * Enforces the `config.rateLimit` of a route per client IP before the body is read. Over the
 * limit the call is answered HTTP 429 in the envelope (status 429, bilingual message) with
 * `Retry-After`. The counters live in the database (ARCHITECTURE "many machines") and follow the
 * injectable clock, so tests move time instead of sleeping.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    const rule = request.routeOptions.config.rateLimit;
    if (!rule) return;
    const now = app.clock.now();
    const hit = await hitRateLimit(app.db, `${rule.bucket}:${request.ip}`, rule.windowSeconds, now);
    if (hit.count > rule.max) {
      reply.header('Retry-After', String(retryAfterSeconds(hit, now)));
      throw new ApiError(429, messages.tooManyRequests, 429);
    }
  });
});
