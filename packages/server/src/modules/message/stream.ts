import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { session, userInfo } from '../../db/schema/index.ts';
import { access } from '../../http/auth/access.ts';
import { answersFile } from '../../http/responses.ts';
import { onUnreadChange } from './unread-bus.ts';
import { unreadCounts } from './user-messages.ts';

/**
 * `GET /api/msg/stream` (issue 15, beyond reference §3.9): a server-sent events stream of the
 * caller's unread counts (`event: unread`, data = the `/api/msg/unread` object), sent at once and
 * again whenever they change. Login is the usual `Authorization` header: the web client reads the
 * stream with `fetch` (EventSource cannot send headers, and a token in the URL would end up in
 * proxy logs and browser history). A message stored by this process is announced after its
 * transaction commits (unread-bus.ts); one stored by another server process is seen by the re-read
 * every RECHECK_MS, which also keeps proxies from closing an idle stream.
 */
export const RECHECK_MS = 30_000;

/** Registers the route; open streams are ended before the server closes (they would keep it waiting). */
export function messageStreamRoute(app: FastifyInstance, recheckMs = RECHECK_MS) {
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  // a HEAD request would open a stream with nothing to show
  app.get(
    '/api/msg/stream',
    {
      config: { access: access.login },
      exposeHeadRoute: false,
      // events named `unread`, each an UnreadMsgCount (responses/message.ts)
      schema: { response: { 200: answersFile('text/event-stream') } },
    },
    (request, reply) => unreadMessageStream(app, { streams, recheckMs }, request, reply),
  );
}

/** Whether the stream's login still holds: not logged out, not revoked, the user not banned. */
async function loginHolds(db: Db, uid: string, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: session.id })
    .from(session)
    .innerJoin(userInfo, eq(userInfo.uuid, session.uid))
    .where(
      and(eq(session.id, sessionId), eq(session.uid, uid), isNull(session.revokedAt), ne(userInfo.status, 1)),
    );
  return row !== undefined;
}

async function unreadMessageStream(
  app: FastifyInstance,
  { streams, recheckMs }: { streams: Set<() => void>; recheckMs: number },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const uid = request.user!.uid;
  reply.hijack();
  const res = reply.raw;
  // the headers the hooks set so far (CORS, security, a refreshed token)
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value);
  }
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });

  let closed = false;
  let last = '';
  let running = false;
  let again = false;
  /** Re-reads the counts and sends them if they changed; one read at a time, none lost. */
  const refresh = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const counts = JSON.stringify(await unreadCounts(app.db, uid));
        if (closed) return;
        if (counts !== last) {
          last = counts;
          res.write(`event: unread\ndata: ${counts}\n\n`);
        }
      } while (again && !closed);
    } catch (error) {
      request.log.warn({ err: error }, 'message stream: reading the unread counts failed');
    } finally {
      running = false;
    }
  };

  const stopListening = onUnreadChange(app.db, uid, () => void refresh());
  // the periodic re-read also ends the stream of a login that was ended (logout, ban) meanwhile
  const recheck = async () => {
    try {
      if (!(await loginHolds(app.db, uid, request.user!.sessionId))) return end();
    } catch (error) {
      request.log.warn({ err: error }, 'message stream: checking the login failed');
    }
    if (closed) return;
    res.write(': keep-alive\n\n');
    await refresh();
  };
  const timer = setInterval(() => void recheck(), recheckMs);
  const end = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    stopListening();
    streams.delete(end);
    res.end();
  };
  streams.add(end);
  res.on('close', end);
  // the client learns that the stream works, then the counts
  res.write(`retry: 5000\n\n`);
  await refresh();
}
