import { CONTEST_STAFF_LIMITS as L } from '@verdict/shared';

/** The client's checks and formats of the contest staff pages (issue 11 "Contest staff"). */

/** spec part 1 §9 "Print content minimum": the server's rule, checked before sending. */
export function printProblem(content: string): 'tooShort' | 'tooLong' | null {
  if (content.trim().length === 0 || content.length < L.printMinChars) return 'tooShort';
  if (content.length > L.printMaxChars) return 'tooLong';
  return null;
}

/** Whole seconds until the next print is allowed (reference §7.6: one per 30 s), 0 when it is. */
export function printWaitSeconds(lastSentAt: number | null, now: number): number {
  if (lastSentAt === null) return 0;
  return Math.max(0, Math.ceil((lastSentAt + L.printIntervalSeconds * 1000 - now) / 1000));
}

/** An AC time (seconds since the contest start, reference §4.4 contest_record.time) as H:MM:SS. */
export function contestClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** The route's `contestID` as a contest id, or null when it is not one. */
export function contestIdOf(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
