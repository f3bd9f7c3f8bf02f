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

/** reference §3.9 `GET /api/msg/unread`: unread messages per list. */
export interface UnreadMsgCount {
  comment: number;
  reply: number;
  like: number;
  sys: number;
  mine: number;
}

/** reference §3.9 UserMsgVO: a comment, reply or like message as its recipient sees it. */
export interface UserMsgVO {
  id: number;
  /** 'Discuss' | 'Reply' | 'Like_Post' | 'Like_Discuss' */
  action: string;
  sourceId: number | null;
  /** 'Discussion' | 'Contest' */
  sourceType: string | null;
  /** the discussion's or the contest's title */
  sourceTitle: string | null;
  sourceContent: string | null;
  quoteId: number | null;
  /** 'Comment' | 'Reply' */
  quoteType: string | null;
  /** Reply messages: "name : text" of what was replied to, at most 100 characters */
  quoteContent: string | null;
  url: string | null;
  /** read */
  state: boolean;
  senderId: string | null;
  senderUsername: string | null;
  senderAvatar: string | null;
  gmtCreate: string;
}
