import type {
  CategoryVO,
  CommentPage,
  CommentVO,
  DiscussionBody,
  DiscussionVO,
  ReplyVO,
} from '@verdict/shared';
import { apiGet, apiPost, apiPut, apiDelete, http, type ApiEnvelope, type Page } from './http';
import { inLanguage } from './problem';

/**
 * The discussion, comment and reply calls (spec part 2 §7 "Discussions and comments", reference
 * §3.8), with HOJ's paths, parameter names and shapes (their answers' schemas:
 * shared/src/responses/discussion.ts). Every call asks in the interface language, so the server's
 * refusals read in it.
 */

export type { CategoryVO, CommentPage, CommentVO, DiscussionVO, ReplyVO };

export interface DiscussionListParams {
  currentPage: number;
  limit: number;
  /** the category id (HOJ calls it `cid`) */
  cid?: number;
  /** a problem's display id: the problem-scoped list */
  pid?: string;
  onlyMine?: boolean;
  keyword?: string;
}

export function getDiscussionList(params: DiscussionListParams): Promise<Page<DiscussionVO>> {
  return apiGet<Page<DiscussionVO>>('/api/get-discussion-list', { ...params }, inLanguage());
}

/** Each call counts a view (reference §7.15). */
export function getDiscussionDetail(did: number): Promise<DiscussionVO> {
  return apiGet<DiscussionVO>('/api/get-discussion-detail', { did }, inLanguage());
}

export function addDiscussion(body: DiscussionBody): Promise<null> {
  return apiPost<null>('/api/discussion', body, inLanguage());
}

export function updateDiscussion(body: DiscussionBody & { id: number }): Promise<null> {
  return apiPut<null>('/api/discussion', body, inLanguage());
}

export function deleteDiscussion(did: number): Promise<null> {
  return apiDelete<null>('/api/discussion', { did }, inLanguage());
}

export function likeDiscussion(did: number, toLike: boolean): Promise<null> {
  return apiGet<null>('/api/discussion-like', { did, toLike }, inLanguage());
}

export function getDiscussionCategories(): Promise<CategoryVO[]> {
  return apiGet<CategoryVO[]>('/api/discussion-category', undefined, inLanguage());
}

/** Root only: upserts the list; categories left out are removed (refused while a post uses one). */
export function saveDiscussionCategories(
  list: { id?: number | null; name: string }[],
): Promise<CategoryVO[]> {
  return apiPost<CategoryVO[]>('/api/discussion-category', list, inLanguage());
}

export function reportDiscussion(body: { did: number; reporter?: string; content: string }): Promise<null> {
  return apiPost<null>('/api/discussion-report', body, inLanguage());
}

// ---- comments and replies ---------------------------------------------------------------------

/** Where comments live: a discussion (`did`) or a contest (`cid`). */
export type CommentSource = { did: number; cid?: undefined } | { cid: number; did?: undefined };

export function getComments(source: CommentSource, currentPage: number, limit: number): Promise<CommentPage> {
  return apiGet<CommentPage>('/api/comments', { ...source, currentPage, limit }, inLanguage());
}

export function addComment(source: CommentSource, content: string): Promise<CommentVO> {
  return apiPost<CommentVO>('/api/comment', { ...source, content }, inLanguage());
}

/** DELETE with a JSON body, as HOJ's `DELETE /api/comment` and `/api/reply` take. */
async function deleteWithBody(url: string, data: unknown): Promise<null> {
  const response = await http.delete<ApiEnvelope<null>>(url, inLanguage({ data }));
  return response.data.data;
}

export function deleteComment(id: number): Promise<null> {
  return deleteWithBody('/api/comment', { id });
}

/** `cid` here is the **comment** id (reference §3.8). */
export function likeComment(
  commentId: number,
  toLike: boolean,
  source: { sourceId: number; sourceType: 'Discussion' | 'Contest' },
): Promise<null> {
  return apiGet<null>('/api/comment-like', { cid: commentId, toLike, ...source }, inLanguage());
}

/** Every reply of a comment, newest first ("load more"). */
export function getReplies(commentId: number, contestId?: number): Promise<ReplyVO[]> {
  return apiGet<ReplyVO[]>('/api/reply', { commentId, cid: contestId }, inLanguage());
}

export interface ReplyDraft {
  commentId: number;
  toUid: string;
  toName: string;
  toAvatar: string | null;
  content: string;
}

export function addReply(body: {
  reply: ReplyDraft;
  did?: number;
  quoteId?: number;
  quoteType?: 'Comment' | 'Reply';
}): Promise<ReplyVO> {
  return apiPost<ReplyVO>('/api/reply', body, inLanguage());
}

export function deleteReply(id: number, did?: number): Promise<null> {
  return deleteWithBody('/api/reply', { reply: { id }, did });
}
