import type { MedalCounts } from './roll';

/**
 * The scroll board's address (spec part 1 §2 "Scroll-board config", spec part 2 §2.8):
 * `/scrollBoard?cid=&removeStar=&medals[]=gold&medals[]=silver&medals[]=bronze`.
 */

/** The largest medal count taken from the address. */
const MEDAL_MAX = 100_000;

function count(value: string | undefined): number {
  if (value === undefined || !/^\d+$/.test(value)) return 0;
  return Math.min(Number(value), MEDAL_MAX);
}

/** `medals[]` as gold, silver and bronze counts; missing or malformed ones are 0. */
export function medalsFromQuery(values: string[]): MedalCounts {
  return { gold: count(values[0]), silver: count(values[1]), bronze: count(values[2]) };
}

/** The address the config tab opens in a new window. */
export function scrollBoardHref(cid: number, removeStar: boolean, medals: MedalCounts): string {
  const query = new URLSearchParams();
  query.set('cid', String(cid));
  query.set('removeStar', String(removeStar));
  for (const n of [medals.gold, medals.silver, medals.bronze]) query.append('medals[]', String(n));
  return `/scrollBoard?${query.toString()}`;
}

/** Whole minutes of a time in seconds since the start (spec part 1 §2: the ACM board shows minutes). */
export const minutes = (seconds: number) => Math.floor(seconds / 60);
