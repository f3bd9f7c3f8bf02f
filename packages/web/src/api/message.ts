import type { MsgCleanType, SysMsgVO, UnreadMsgCount, UserMsgVO } from '@verdict/shared';
import { apiDelete, apiGet, type Page } from './http';

/** The message centre's calls (spec part 2 §7 "Messages", reference §3.9); always the caller's own. */

/** The lists of the message centre, by their route (spec part 2 §2.4). */
export const MESSAGE_KINDS = ['discuss', 'reply', 'like', 'sys', 'mine'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Each list's call, its key in the unread counts and its `msg/clean` type (reference §3.9). */
export const MESSAGE_LISTS: Record<
  MessageKind,
  { path: string; count: keyof UnreadMsgCount; clean: MsgCleanType; system: boolean; pageSize: number }
> = {
  // spec part 2 §2.4: 6 a page for comment/reply/like, 8 for system/mine
  discuss: { path: '/api/msg/comment', count: 'comment', clean: 'Discuss', system: false, pageSize: 6 },
  reply: { path: '/api/msg/reply', count: 'reply', clean: 'Reply', system: false, pageSize: 6 },
  like: { path: '/api/msg/like', count: 'like', clean: 'Like', system: false, pageSize: 6 },
  sys: { path: '/api/msg/sys', count: 'sys', clean: 'Sys', system: true, pageSize: 8 },
  mine: { path: '/api/msg/mine', count: 'mine', clean: 'Mine', system: true, pageSize: 8 },
};

export const getUnreadCounts = () => apiGet<UnreadMsgCount>('/api/msg/unread');

/** One page of a list; the server marks the unread ones of that page read once it answered. */
export const getMessages = <T extends UserMsgVO | SysMsgVO>(kind: MessageKind, currentPage: number) =>
  apiGet<Page<T>>(MESSAGE_LISTS[kind].path, { currentPage, limit: MESSAGE_LISTS[kind].pageSize });

/** reference §3.9 `DELETE /api/msg/clean`: one message (`id`) or the whole list. */
export const cleanMessages = (kind: MessageKind, id?: number) =>
  apiDelete<null>('/api/msg/clean', { type: MESSAGE_LISTS[kind].clean, ...(id ? { id } : {}) });

export const unreadTotal = (counts: UnreadMsgCount | undefined) =>
  counts ? counts.comment + counts.reply + counts.like + counts.sys + counts.mine : 0;
