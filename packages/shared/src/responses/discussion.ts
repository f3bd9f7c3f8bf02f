import { z } from 'zod';
import { pageOf, timestamp } from './envelope.ts';

/** reference §4.6 category */
export const categoryVO = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
});
export type CategoryVO = z.output<typeof categoryVO>;

/** `GET /api/discussion-category`, `POST /api/discussion-category`: every category, in creation order. */
export const categoriesData = z.array(categoryVO);

/** reference §3.8 Discussion (list) / DiscussionVO (detail, with categoryName and hasLike). */
export const discussionVO = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  /** null in lists unless the caller is the author (a group's admin list: always there) */
  content: z.string().nullable(),
  /** the problem's display id */
  pid: z.string().nullable(),
  uid: z.string(),
  author: z.string(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  /** 'root' | 'admin' | 'user' */
  role: z.string(),
  viewNum: z.number().int(),
  likeNum: z.number().int(),
  commentNum: z.number().int(),
  hasLike: z.boolean(),
  topPriority: z.boolean(),
  gid: z.number().int().nullable(),
  /** 0 shown, 1 hidden */
  status: z.number().int(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type DiscussionVO = z.output<typeof discussionVO>;

/** `GET /api/get-discussion-list`, and a group's (`/api/group/get-discussion-list`, `get-admin-discussion-list`) */
export const discussionPageData = pageOf(discussionVO);

/** reference §3.8 ReplyVO */
export const replyVO = z.object({
  id: z.number().int(),
  commentId: z.number().int(),
  fromUid: z.string(),
  fromName: z.string(),
  fromAvatar: z.string().nullable(),
  fromRole: z.string().nullable(),
  fromTitleName: z.string().nullable(),
  fromTitleColor: z.string().nullable(),
  toUid: z.string(),
  toName: z.string(),
  toAvatar: z.string().nullable(),
  content: z.string().nullable(),
  status: z.number().int(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type ReplyVO = z.output<typeof replyVO>;

/** `GET /api/reply`: every reply of a comment, newest first. */
export const repliesData = z.array(replyVO);

/** reference §3.8 CommentVO: with its newest replies (three in the list, none when just written). */
export const commentVO = z.object({
  id: z.number().int(),
  /** the contest of a contest comment */
  cid: z.number().int().nullable(),
  /** the discussion of a discussion comment */
  did: z.number().int().nullable(),
  content: z.string().nullable(),
  fromUid: z.string(),
  fromName: z.string().nullable(),
  fromAvatar: z.string().nullable(),
  fromRole: z.string().nullable(),
  fromTitleName: z.string().nullable(),
  fromTitleColor: z.string().nullable(),
  likeNum: z.number().int(),
  totalReplyNum: z.number().int(),
  status: z.number().int(),
  gmtCreate: timestamp,
  replyList: z.array(replyVO),
});
export type CommentVO = z.output<typeof commentVO>;

/** `GET /api/comments`: a page of comments and the caller's likes among them (comment id → true). */
export const commentsData = z.object({
  commentList: pageOf(commentVO),
  commentLikeMap: z.record(z.string(), z.boolean()),
});
export type CommentPage = z.output<typeof commentsData>;

/** reference §3.12 DiscussionReportVO */
export const discussionReportVO = z.object({
  id: z.number().int(),
  did: z.number().int().nullable(),
  gid: z.number().int().nullable(),
  discussionTitle: z.string().nullable(),
  discussionAuthor: z.string().nullable(),
  reporter: z.string().nullable(),
  content: z.string(),
  /** handled (read) */
  status: z.boolean(),
  gmtCreate: timestamp,
  gmtModified: timestamp,
});
export type DiscussionReportVO = z.output<typeof discussionReportVO>;

/** `GET /api/admin/discussion-report` */
export const discussionReportPageData = pageOf(discussionReportVO);
