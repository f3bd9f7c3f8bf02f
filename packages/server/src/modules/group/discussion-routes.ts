import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  didQuery,
  discussionBody,
  discussionPageData,
  groupDiscussionListQuery,
  groupDiscussionUpdateBody,
} from '@verdict/shared';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { answers } from '../../http/responses.ts';
import { fail, notFound } from '../../http/errors.ts';
import {
  addDiscussion,
  deleteDiscussion,
  groupDiscussionList,
  loadDiscussion,
  updateDiscussion,
} from '../discussion/discussions.ts';
import { discussionMessages } from '../discussion/messages.ts';
import { groupMessages as m } from './messages.ts';

/** A discussion the group calls may change: one of a group (the public ones have their own calls). */
async function assertGroupPost(app: FastifyInstance, did: number) {
  const row = await loadDiscussion(app.db, did);
  if (row.gid === null) throw notFound(discussionMessages.discussionNotFound);
}

/**
 * A group's discussions: reference §3.10 (`/api/group/*discussion*`, every call needs a login and
 * the openGroupDiscussion switch), §7.12. The discussion services do the work; reading one post,
 * its comments and likes go through the public discussion calls, which know group posts.
 */
export async function groupDiscussionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const login = { access: access.login };
  const now = () => app.clock.now();
  const done = { 200: answers(z.null()) };

  for (const [path, view] of [
    ['/api/group/get-discussion-list', 'member'],
    ['/api/group/get-admin-discussion-list', 'admin'],
  ] as const) {
    r.get(
      path,
      {
        config: login,
        schema: { querystring: groupDiscussionListQuery, response: { 200: answers(discussionPageData) } },
      },
      async (request) => ok(await groupDiscussionList(app.db, request.user!, request.query, view)),
    );
  }
  r.post(
    '/api/group/discussion',
    { config: login, schema: { body: discussionBody, response: done } },
    async (request) => {
      if (!request.body.gid) throw fail(m.discussionGroupMissing);
      await addDiscussion(app.db, request.user!, request.body, now());
      return ok(null);
    },
  );
  r.put(
    '/api/group/discussion',
    { config: login, schema: { body: groupDiscussionUpdateBody, response: done } },
    async (request) => {
      await assertGroupPost(app, request.body.id);
      await updateDiscussion(app.db, request.user!, request.body);
      return ok(null);
    },
  );
  r.delete(
    '/api/group/discussion',
    { config: login, schema: { querystring: didQuery, response: done } },
    async (request) => {
      await assertGroupPost(app, request.query.did);
      await deleteDiscussion(app.db, request.user!, request.query.did);
      return ok(null);
    },
  );
}
