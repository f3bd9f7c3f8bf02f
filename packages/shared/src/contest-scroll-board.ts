import { z } from 'zod';
import { positiveId } from './numbers.ts';
import { booleanParam } from './problem.ts';

/**
 * The scroll board, the roll-out ceremony of a sealed ACM contest (spec part 1 §2 "Scroll-board
 * config", spec part 2 §2.8 /scrollBoard; reference §3.6 ContestScrollBoardController, §9.7). The
 * server hands out the contest's facts and its submissions; the browser computes the board.
 */

/** `GET /api/get-contest-scroll-board-info?cid=` */
export const scrollBoardInfoQuery = z.object({ cid: positiveId });

/** `GET /api/get-contest-scroll-board-submission?cid=&removeStar=false` */
export const scrollBoardSubmissionQuery = z.object({
  cid: positiveId,
  removeStar: booleanParam,
});

/**
 * spec part 2 §4 "Scroll-board defaults": gold, silver and bronze for 10 %, 20 % and 30 % of the
 * ranked users (star users left out), rounded down.
 */
export const SCROLL_BOARD_MEDAL_PERCENT = { gold: 10, silver: 20, bronze: 30 } as const;

/** The default medal counts for `ranked` users who are not stars (spec part 2 §4). */
export function defaultMedalCounts(ranked: number): { gold: number; silver: number; bronze: number } {
  const share = (percent: number) => Math.floor((ranked * percent) / 100);
  return {
    gold: share(SCROLL_BOARD_MEDAL_PERCENT.gold),
    silver: share(SCROLL_BOARD_MEDAL_PERCENT.silver),
    bronze: share(SCROLL_BOARD_MEDAL_PERCENT.bronze),
  };
}

/** HOJ's refusals of the scroll-board calls (reference §9.7: ACM only, sealed, ended). */
export const SCROLL_BOARD_MESSAGES = {
  notAcm: {
    zh: '非ACM赛制的比赛无法进行滚榜',
    en: 'Non - ACM contest board cannot be rolled',
  },
  notSealed: {
    zh: '比赛未开启封榜，无法进行滚榜',
    en: 'The contest has not been closed, and cannot roll',
  },
  notEnded: {
    zh: '比赛未结束，禁止进行滚榜',
    en: 'Roll off is prohibited before the contest is over',
  },
} as const;
