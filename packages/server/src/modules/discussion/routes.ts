import {
  adminDiscussionBody,
  adminDiscussionDeleteBody,
  categoriesData,
  categoryUpsertBody,
  commentBody,
  commentsData,
  commentVO,
  commentDeleteBody,
  commentLikeQuery,
  commentsQuery,
  didQuery,
  discussionBody,
  discussionLikeQuery,
  discussionListQuery,
  discussionPageData,
  discussionReportBody,
  discussionReportPageData,
  discussionReportPageQuery,
  discussionReportStateBody,
  discussionUpdateBody,
  discussionVO,
  repliesData,
  replyBody,
  replyDeleteBody,
  replyListQuery,
  replyVO,
} from '@verdict/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actionAccess } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { answers } from '../../http/responses.ts';
import { adminDeleteDiscussions, adminUpdateDiscussion, discussionReports, setReportState } from './admin.ts';
import { categories, saveCategories } from './categories.ts';
import { addComment, commentList, deleteComment, likeComment } from './comments.ts';
import {
  addDiscussion,
  deleteDiscussion,
  discussionDetail,
  discussionList,
  likeDiscussion,
  reportDiscussion,
  updateDiscussion,
} from './discussions.ts';
import { addReply, deleteReply, replyList } from './replies.ts';

/** The answer of the calls that answer nothing (`data: null`). */
const done = { 200: answers(z.null()) };

/** reference §3.8 DiscussionController and CommentController: HOJ's paths, parameters and shapes. */
export async function discussionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anon = { access: access.anon };
  const login = { access: access.login };
  const now = () => app.clock.now();

  r.get(
    '/api/get-discussion-list',
    {
      config: anon,
      schema: { querystring: discussionListQuery, response: { 200: answers(discussionPageData) } },
    },
    async (req) => ok(await discussionList(app.db, req.user, req.query)),
  );
  r.get(
    '/api/get-discussion-detail',
    { config: anon, schema: { querystring: didQuery, response: { 200: answers(discussionVO) } } },
    async (req) => ok(await discussionDetail(app.db, req.user, req.query.did)),
  );
  r.post(
    '/api/discussion',
    { config: { access: actionAccess.discussion }, schema: { body: discussionBody, response: done } },
    async (req) => {
      await addDiscussion(app.db, req.user!, req.body, now());
      return ok(null);
    },
  );
  r.put(
    '/api/discussion',
    {
      config: { access: access.permission('discussion_edit') },
      schema: { body: discussionUpdateBody, response: done },
    },
    async (req) => {
      await updateDiscussion(app.db, req.user!, req.body);
      return ok(null);
    },
  );
  r.delete(
    '/api/discussion',
    {
      config: { access: access.permission('discussion_del') },
      schema: { querystring: didQuery, response: done },
    },
    async (req) => {
      await deleteDiscussion(app.db, req.user!, req.query.did);
      return ok(null);
    },
  );
  r.get(
    '/api/discussion-like',
    { config: login, schema: { querystring: discussionLikeQuery, response: done } },
    async (req) => {
      await likeDiscussion(app.db, req.user!, req.query.did, req.query.toLike!);
      return ok(null);
    },
  );
  r.get(
    '/api/discussion-category',
    { config: anon, schema: { response: { 200: answers(categoriesData) } } },
    async () => ok(await categories(app.db)),
  );
  r.post(
    '/api/discussion-category',
    {
      config: { access: access.anyRole('root') },
      schema: { body: categoryUpsertBody, response: { 200: answers(categoriesData) } },
    },
    async (req) => ok(await saveCategories(app.db, req.body)),
  );
  r.post(
    '/api/discussion-report',
    { config: login, schema: { body: discussionReportBody, response: done } },
    async (req) => {
      await reportDiscussion(app.db, req.user!, req.body);
      return ok(null);
    },
  );

  r.get(
    '/api/comments',
    { config: anon, schema: { querystring: commentsQuery, response: { 200: answers(commentsData) } } },
    async (req) => ok(await commentList(app.db, req.user, req.query, now())),
  );
  r.post(
    '/api/comment',
    {
      config: { access: actionAccess.comment },
      schema: { body: commentBody, response: { 200: answers(commentVO) } },
    },
    async (req) => ok(await addComment(app.db, req.user!, req.body, now())),
  );
  r.delete(
    '/api/comment',
    { config: login, schema: { body: commentDeleteBody, response: done } },
    async (req) => {
      await deleteComment(app.db, req.user!, req.body.id, now());
      return ok(null);
    },
  );
  r.get(
    '/api/comment-like',
    { config: login, schema: { querystring: commentLikeQuery, response: done } },
    async (req) => {
      await likeComment(app.db, req.user!, req.query.cid, req.query.toLike!, now());
      return ok(null);
    },
  );
  r.get(
    '/api/reply',
    { config: anon, schema: { querystring: replyListQuery, response: { 200: answers(repliesData) } } },
    async (req) => ok(await replyList(app.db, req.user, req.query.commentId, now())),
  );
  r.post(
    '/api/reply',
    {
      config: { access: actionAccess.reply },
      schema: { body: replyBody, response: { 200: answers(replyVO) } },
    },
    async (req) => ok(await addReply(app.db, req.user!, req.body, now())),
  );
  r.delete(
    '/api/reply',
    { config: login, schema: { body: replyDeleteBody, response: done } },
    async (req) => {
      await deleteReply(app.db, req.user!, req.body.reply.id, now());
      return ok(null);
    },
  );
}

/** reference §3.12 "Discussions": R(root|admin|problem_admin). */
export async function adminDiscussionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: access.adminArea };
  r.put(
    '/api/admin/discussion',
    { config, schema: { body: adminDiscussionBody, response: done } },
    async (req) => {
      await adminUpdateDiscussion(app.db, req.body);
      return ok(null);
    },
  );
  r.delete(
    '/api/admin/discussion',
    { config, schema: { body: adminDiscussionDeleteBody, response: done } },
    async (req) => {
      await adminDeleteDiscussions(app.db, req.body);
      return ok(null);
    },
  );
  r.get(
    '/api/admin/discussion-report',
    {
      config,
      schema: {
        querystring: discussionReportPageQuery,
        response: { 200: answers(discussionReportPageData) },
      },
    },
    async (req) => ok(await discussionReports(app.db, req.query)),
  );
  r.put(
    '/api/admin/discussion-report',
    { config, schema: { body: discussionReportStateBody, response: done } },
    async (req) => {
      await setReportState(app.db, req.body);
      return ok(null);
    },
  );
}
