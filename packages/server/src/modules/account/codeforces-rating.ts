import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userInfo, userRecord } from '../../db/schema/index.ts';

/** Codeforces handles are 3–24 letters, digits, '_', '-' or '.'; anything else is not asked about. */
const HANDLE = /^[A-Za-z0-9_.-]{3,24}$/;
/** handles per `user.info` call (Codeforces takes up to 10,000; a short URL is kinder) */
const BATCH = 100;
/** reference §7.16: the call is retried up to 5 times */
const ATTEMPTS = 5;
const CALL_TIMEOUT_MS = 20_000;

export interface RatingRefreshOptions {
  /** e.g. https://codeforces.com/api (CODEFORCES_API_URL) */
  apiUrl: string;
  /** pause between calls and before a retry: Codeforces allows one call per 2 s */
  pauseMs?: number;
}

interface UserInfoAnswer {
  status: string;
  comment?: string;
  result?: { handle: string; rating?: number }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One `user.info` call with retries. A handle Codeforces does not know fails the whole call
 * ("User with handle x not found"): it is dropped from the batch and the call made again.
 */
async function fetchRatings(
  handles: string[],
  options: RatingRefreshOptions,
): Promise<Map<string, number | null>> {
  const ratings = new Map<string, number | null>();
  let asking = [...handles];
  let failures = 0;
  while (asking.length > 0) {
    const url = `${options.apiUrl.replace(/\/$/, '')}/user.info?handles=${asking.map(encodeURIComponent).join(';')}`;
    let answer: UserInfoAnswer | undefined;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
      answer = (await response.json()) as UserInfoAnswer;
    } catch (error) {
      if (++failures >= ATTEMPTS) throw error;
      await sleep(options.pauseMs ?? 2000);
      continue;
    }
    if (answer.status === 'OK' && Array.isArray(answer.result)) {
      for (const user of answer.result)
        ratings.set(user.handle.toLowerCase(), typeof user.rating === 'number' ? user.rating : null);
      return ratings;
    }
    const unknown = /handle (\S+) not found/i.exec(answer.comment ?? '')?.[1]?.toLowerCase();
    if (unknown && asking.some((h) => h.toLowerCase() === unknown)) {
      ratings.set(unknown, null);
      asking = asking.filter((h) => h.toLowerCase() !== unknown);
    } else if (++failures >= ATTEMPTS) {
      throw new Error(`Codeforces user.info failed: ${answer.comment ?? answer.status}`);
    }
    if (asking.length > 0) await sleep(options.pauseMs ?? 2000);
  }
  return ratings;
}

/**
 * reference §7.11, §7.16: copies each active user's Codeforces rating (from their `cf_username`)
 * into user_record.rating; a handle without a rating, or unknown to Codeforces, clears it. Needs
 * the internet, so the `codeforces-ratings` job runs it only when CODEFORCES_API_URL is set.
 * Returns how many users were asked about.
 */
export async function refreshCodeforcesRatings(db: Db, options: RatingRefreshOptions): Promise<number> {
  const users = (
    await db
      .select({ uid: userInfo.uuid, handle: userInfo.cfUsername })
      .from(userInfo)
      .where(and(eq(userInfo.status, 0), isNotNull(userInfo.cfUsername), ne(userInfo.cfUsername, '')))
  ).filter((u): u is { uid: string; handle: string } => u.handle !== null && HANDLE.test(u.handle.trim()));
  for (let i = 0; i < users.length; i += BATCH) {
    if (i > 0) await sleep(options.pauseMs ?? 2000);
    const batch = users.slice(i, i + BATCH);
    const ratings = await fetchRatings([...new Set(batch.map((u) => u.handle.trim()))], options);
    for (const user of batch) {
      const rating = ratings.get(user.handle.trim().toLowerCase());
      if (rating === undefined) continue;
      await db.update(userRecord).set({ rating }).where(eq(userRecord.uid, user.uid));
    }
  }
  return users.length;
}
