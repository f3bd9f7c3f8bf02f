import {
  msgCleanQuery,
  sysMsgPageData,
  sysMsgPageQuery,
  unreadMsgCountData,
  userMsgPageData,
  userMsgPageQuery,
} from '@verdict/shared';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { access } from '../../http/auth/access.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { answers } from '../../http/responses.ts';
import { hideSystemNotices, markSystemNoticesRead, systemNoticesFor } from './system-notices.ts';
import { messageStreamRoute } from './stream.ts';
import { announceUnread } from './unread-bus.ts';
import {
  deleteUserMessages,
  markUserMessagesRead,
  unreadCounts,
  userMessagesFor,
  type RemindList,
} from './user-messages.ts';

const MESSAGE_NOT_FOUND = {
  zh: '该消息不存在或已被删除！',
  en: 'This message does not exist or has been deleted!',
};

/**
 * reference §3.9 the message centre (login; always the caller's own messages): the unread counts,
 * five lists whose returned items are then marked read (the page shows them as they were, unread
 * ones still unread, as HOJ's asynchronous marking does), and `msg/clean`. Beyond the reference,
 * `GET /api/msg/stream` pushes the unread counts (stream.ts).
 */
export async function messageRoutes(app: FastifyInstance, opts: { streamRecheckMs?: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/msg/unread',
    { config: { access: access.login }, schema: { response: { 200: answers(unreadMsgCountData) } } },
    async (request) => ok(await unreadCounts(app.db, request.user!.uid)),
  );

  const remindLists = { comment: 'Discuss', reply: 'Reply', like: 'Like' } as const;
  for (const [path, list] of Object.entries(remindLists)) {
    r.get(
      `/api/msg/${path}`,
      {
        config: { access: access.login },
        schema: { querystring: userMsgPageQuery, response: { 200: answers(userMsgPageData) } },
      },
      async (request) => {
        const uid = request.user!.uid;
        const { currentPage, limit } = request.query;
        const messages = await userMessagesFor(app.db, uid, list, { current: currentPage, size: limit });
        const unread = messages.records.filter((m) => !m.state).map((m) => m.id);
        await markUserMessagesRead(app.db, uid, unread);
        if (unread.length > 0) announceUnread(app.db, [uid]);
        return ok(messages);
      },
    );
  }

  for (const kind of ['Sys', 'Mine'] as const) {
    r.get(
      `/api/msg/${kind.toLowerCase()}`,
      {
        config: { access: access.login },
        schema: { querystring: sysMsgPageQuery, response: { 200: answers(sysMsgPageData) } },
      },
      async (request) => {
        const uid = request.user!.uid;
        const { currentPage, limit } = request.query;
        const notices = await systemNoticesFor(app.db, uid, { current: currentPage, size: limit, kind });
        const unread = notices.records.filter((n) => !n.state).map((n) => n.id);
        await markSystemNoticesRead(app.db, uid, unread);
        if (unread.length > 0) announceUnread(app.db, [uid]);
        return ok(notices);
      },
    );
  }

  /** reference §3.9: one message of a list (`id`), or the whole list; another user's id is "not found". */
  r.delete(
    '/api/msg/clean',
    {
      config: { access: access.login },
      schema: { querystring: msgCleanQuery, response: { 200: answers(z.null()) } },
    },
    async (request) => {
      const uid = request.user!.uid;
      const { type, id } = request.query;
      const removed =
        type === 'Sys' || type === 'Mine'
          ? await hideSystemNotices(app.db, uid, type, id)
          : await deleteUserMessages(app.db, uid, type satisfies RemindList, id);
      if (id !== undefined && removed === 0) throw notFound(MESSAGE_NOT_FOUND);
      announceUnread(app.db, [uid]);
      return ok(null);
    },
  );

  messageStreamRoute(app, opts.streamRecheckMs);
}
