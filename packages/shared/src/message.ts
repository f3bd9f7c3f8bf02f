import { z } from 'zod';
import { optionalInt } from './numbers.ts';
import { currentPageParam, limitParam } from './problem.ts';

/**
 * The message centre (reference §3.9 `controller/msg/*`, §4.6 msg_remind / user_sys_notice, §7.15;
 * spec part 2 §2.4). HOJ's names and shapes are kept so its client works unchanged.
 */

/** reference §3.9: the lists page 5 items unless `limit` says otherwise (the web asks 6 or 8). */
export const MSG_PAGE_DEFAULT = 5;

/** reference §3.9 `GET /api/msg/comment|reply|like`: `limit=5`, `currentPage`. */
export const userMsgPageQuery = z.object({
  limit: limitParam(MSG_PAGE_DEFAULT),
  currentPage: currentPageParam,
});

/** reference §3.9 `DELETE /api/msg/clean`'s `type`: one list of the message centre. */
export const MSG_CLEAN_TYPES = ['Discuss', 'Reply', 'Like', 'Sys', 'Mine'] as const;
export type MsgCleanType = (typeof MSG_CLEAN_TYPES)[number];

/** reference §3.9 `DELETE /api/msg/clean`: `type`, and `id` for one message (omitted = the whole list). */
export const msgCleanQuery = z.object({
  type: z.enum(MSG_CLEAN_TYPES, {
    error: 'type must be one of Discuss, Reply, Like, Sys, Mine',
  }),
  id: optionalInt({ min: 1, error: 'id must be a positive integer' }),
});
export type MsgCleanQuery = z.output<typeof msgCleanQuery>;
