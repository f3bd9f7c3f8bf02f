import { z } from 'zod';
import { int, intOneOf, positiveId } from './numbers.ts';
import { booleanParam, currentPageParam, idParam, limitParam, textParam } from './problem.ts';

/**
 * Discussions, comments and replies (spec part 2 §2.3, §5; reference §3.8, §3.12 "Discussions",
 * §4.6, §7.15): limits and the zod schemas of the calls (HOJ's paths and names); their answers are
 * in responses/discussion.ts. Markdown is stored as sent; the clients render it safely.
 */

export const DISCUSSION_LIMITS = {
  /** reference §7.15, spec part 2 §5: title and description ≤ 255, content ≤ 65535 */
  titleMax: 255,
  descriptionMax: 255,
  contentMax: 65_535,
  /** reference §7.15: comments and replies ≤ 10000 */
  commentMax: 10_000,
  /** discussion_report.content is varchar(255) (the client's tags plus a reason ≤ 200) */
  reportMax: 255,
  /** category.name is varchar(255) */
  categoryNameMax: 255,
  /** categories per upsert, discussions per admin delete */
  batchMax: 1000,
  /** problem display ids (problem.problem_id) */
  pidMax: 255,
} as const;

export const DISCUSSION_PAGE = {
  /** reference §3.8 get-discussion-list `limit=10` */
  listDefault: 10,
  /** reference §3.8 comments `limit=20` */
  commentsDefault: 20,
  /** reference §3.12 discussion-report `limit=10` */
  reportsDefault: 10,
  /** reference §7.15: each comment carries its 3 newest replies */
  repliesShown: 3,
} as const;

const L = DISCUSSION_LIMITS;
/** Ids in queries and bodies: a number or a string of digits (issue 24 item 1). */
const id = positiveId;
const jsonId = positiveId;
const required = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} can not exceed ${max}`);
/** Markdown keeps its spaces; only a blank text counts as empty. */
const markdown = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .max(max, `${field} can not exceed ${max}`)
    .refine((v) => v.trim() !== '', `${field} is required`);
/** `gid`: kept in the model for group discussions (groups come later). */
const gid = positiveId.nullish();

// ---- discussions (reference §3.8) -----------------------------------------------------------

/**
 * `GET /api/get-discussion-list`: `cid` is the **category** id, `pid` a problem display id,
 * `keyword` matches title, author, id and description.
 */
export const discussionListQuery = z.object({
  limit: limitParam(DISCUSSION_PAGE.listDefault),
  currentPage: currentPageParam,
  cid: idParam,
  pid: textParam(L.pidMax),
  onlyMine: booleanParam,
  keyword: textParam(255),
  admin: booleanParam,
});
export type DiscussionListQuery = z.output<typeof discussionListQuery>;

/** `GET /api/get-discussion-detail?did=`, `DELETE /api/discussion?did=`. */
export const didQuery = z.object({ did: id });

/** `POST /api/discussion` body `Discussion` (spec part 2 §5: the order of the checks). */
export const discussionBody = z.object({
  title: required('title', L.titleMax),
  description: required('description', L.descriptionMax),
  categoryId: int({ min: 1, error: 'categoryId is required (a positive integer)' }),
  content: markdown('content', L.contentMax),
  pid: z
    .string()
    .trim()
    .max(L.pidMax)
    .nullish()
    .transform((v) => (v ? v : null)),
  topPriority: z.boolean().nullish(),
  gid,
});
export type DiscussionBody = z.input<typeof discussionBody>;

/** `PUT /api/discussion` body `Discussion` with its id. */
export const discussionUpdateBody = discussionBody.extend({ id: jsonId });

/**
 * `PUT /api/group/discussion` body `Discussion` (reference §3.10): HOJ's group admin table sends a
 * row back whole with its `status` (0 shown, 1 hidden) or `topPriority` changed.
 */
export const groupDiscussionUpdateBody = discussionUpdateBody.extend({
  status: intOneOf([0, 1], { error: 'status must be 0 (shown) or 1 (hidden)' }).nullish(),
});

/** `GET /api/discussion-like?did=&toLike=` */
export const discussionLikeQuery = z.object({
  did: id,
  toLike: booleanParam.refine((v) => v !== undefined, 'toLike is required'),
});

/** `POST /api/discussion-category` body `[{id?, name}]`: blank names are ignored (upsert). */
export const categoryUpsertBody = z
  .array(
    z.object({
      id: jsonId.nullish(),
      name: z.string().max(L.categoryNameMax).nullish(),
    }),
  )
  .max(L.batchMax);

/** `POST /api/discussion-report` body `{did, reporter, content}`; the reporter is the caller. */
export const discussionReportBody = z.object({
  did: jsonId,
  reporter: z.string().max(255).nullish(),
  content: required('content', L.reportMax),
});

// ---- comments and replies (reference §3.8 CommentController) ------------------------------------

/** `GET /api/comments`: `cid` a contest id or `did` a discussion id. */
export const commentsQuery = z
  .object({
    cid: idParam,
    did: idParam,
    limit: limitParam(DISCUSSION_PAGE.commentsDefault),
    currentPage: currentPageParam,
  })
  .refine((q) => (q.cid === undefined) !== (q.did === undefined), {
    message: 'give either cid (a contest) or did (a discussion)',
    path: ['did'],
  });

/** `POST /api/comment` body `Comment` {cid?, did?, content}. */
export const commentBody = z
  .object({
    cid: jsonId.nullish(),
    did: jsonId.nullish(),
    content: markdown('content', L.commentMax),
  })
  .refine((c) => (c.cid == null) !== (c.did == null), {
    message: 'give either cid (a contest) or did (a discussion)',
    path: ['did'],
  });

/** `DELETE /api/comment` body `{id}`. */
export const commentDeleteBody = z.object({ id: jsonId });

/** `GET /api/comment-like?cid=&toLike=&sourceId=&sourceType=`: `cid` is the **comment** id. */
export const commentLikeQuery = z.object({
  cid: id,
  toLike: booleanParam.refine((v) => v !== undefined, 'toLike is required'),
  sourceId: idParam,
  sourceType: z.enum(['Discussion', 'Contest']).optional(),
});

/** `GET /api/reply?commentId=&cid=`: every reply of a comment ("load more"). */
export const replyListQuery = z.object({ commentId: id, cid: idParam });

/** `POST /api/reply` body `ReplyDTO`. */
export const replyBody = z.object({
  reply: z.object({
    commentId: jsonId,
    toUid: z.string().trim().min(1, 'toUid is required').max(64),
    toName: z.string().max(255).nullish(),
    toAvatar: z.string().max(255).nullish(),
    content: markdown('content', L.commentMax),
  }),
  did: jsonId.nullish(),
  quoteId: jsonId.nullish(),
  quoteType: z.enum(['Comment', 'Reply']).nullish(),
});

/** `DELETE /api/reply` body `{reply: {id}, did?}`. */
export const replyDeleteBody = z.object({
  reply: z.object({ id: jsonId }),
  did: jsonId.nullish(),
});

// ---- admin (reference §3.12 "Discussions") -------------------------------------------------------

/** `PUT /api/admin/discussion` body `Discussion`: the admin list changes `status` and `topPriority`. */
export const adminDiscussionBody = z.object({
  id: jsonId,
  status: intOneOf([0, 1], { error: 'status must be 0 (shown) or 1 (hidden)' }).nullish(),
  topPriority: z.boolean().nullish(),
});

/** `DELETE /api/admin/discussion` body `[did…]`. */
export const adminDiscussionDeleteBody = z
  .array(jsonId)
  .min(1, 'select at least one discussion')
  .max(L.batchMax);

/** `GET /api/admin/discussion-report` */
export const discussionReportPageQuery = z.object({
  limit: limitParam(DISCUSSION_PAGE.reportsDefault),
  currentPage: currentPageParam,
});

/** `PUT /api/admin/discussion-report` body `DiscussionReport` {id, status}. */
export const discussionReportStateBody = z.object({ id: jsonId, status: z.boolean() });
