import { z } from 'zod';
import { pageOf, timestamp } from './envelope.ts';

/** reference §3.9 `GET /api/msg/unread`: unread messages per list. */
export const unreadMsgCountData = z.object({
  comment: z.number().int(),
  reply: z.number().int(),
  like: z.number().int(),
  sys: z.number().int(),
  mine: z.number().int(),
});
export type UnreadMsgCount = z.output<typeof unreadMsgCountData>;

/** reference §3.9 UserMsgVO: a comment, reply or like message as its recipient sees it. */
export const userMsgVO = z.object({
  id: z.number().int(),
  /** 'Discuss' | 'Reply' | 'Like_Post' | 'Like_Discuss' */
  action: z.string(),
  sourceId: z.number().int().nullable(),
  /** 'Discussion' | 'Contest' */
  sourceType: z.string().nullable(),
  /** the discussion's or the contest's title */
  sourceTitle: z.string().nullable(),
  sourceContent: z.string().nullable(),
  quoteId: z.number().int().nullable(),
  /** 'Comment' | 'Reply' */
  quoteType: z.string().nullable(),
  /** Reply messages: "name : text" of what was replied to, at most 100 characters */
  quoteContent: z.string().nullable(),
  url: z.string().nullable(),
  /** read */
  state: z.boolean(),
  senderId: z.string().nullable(),
  senderUsername: z.string().nullable(),
  senderAvatar: z.string().nullable(),
  gmtCreate: timestamp,
});
export type UserMsgVO = z.output<typeof userMsgVO>;

/** `GET /api/msg/comment`, `/reply`, `/like`: unread first, then newest first. */
export const userMsgPageData = pageOf(userMsgVO);

/** reference §3.9 SysMsgVO: one system notice as its recipient sees it. */
export const sysMsgVO = z.object({
  id: z.number().int(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  adminId: z.string().nullable(),
  /** 'Sys' (to everyone or to the admins) or 'Mine' (to this user alone) */
  type: z.enum(['Sys', 'Mine']),
  /** read */
  state: z.boolean(),
  gmtCreate: timestamp,
});
export type SysMsgVO = z.output<typeof sysMsgVO>;

/** `GET /api/msg/sys` and `/api/msg/mine`: newest first. */
export const sysMsgPageData = pageOf(sysMsgVO);
