import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Ok, type Envelope } from './envelope.ts';
import { ApiError } from './errors.ts';
import {
  invalidParameter,
  localize,
  messages,
  missingParameter,
  requestLanguage,
  type Message,
} from './messages.ts';

function envelope(
  request: FastifyRequest,
  status: number,
  msg: Message,
  data: unknown = null,
): Envelope<unknown> {
  return { status, msg: localize(msg, requestLanguage(request)), data };
}

function sendError(
  reply: FastifyReply,
  httpStatus: number,
  status: number,
  msg: Message | undefined,
  data: unknown = null,
) {
  return reply
    .code(httpStatus)
    .type('application/json; charset=utf-8')
    .send(envelope(reply.request, status, msg ?? messages.serverError, data));
}

/** The first validation issue, as one message that names the field (reference §1.2: first constraint message). */
function validationMessage(error: FastifyError): Message {
  const where = (error as FastifyError & { validationContext?: string }).validationContext;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0]!;
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || where || 'body';
    const reason = issue.message ?? 'invalid';
    if (/received undefined/.test(reason)) return missingParameter(field);
    return invalidParameter(field, reason);
  }
  return invalidParameter(where ?? 'request', error.message);
}

/** Maps a framework error to [HTTP status, body status, message] as reference §1.2's table does. */
function frameworkError(error: FastifyError): [number, number, Message] | undefined {
  if (error.validation) return [400, 400, validationMessage(error)];
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return [400, 400, messages.badJson];
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return [415, 400, messages.unsupportedMediaType];
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return [413, 400, messages.bodyTooLarge];
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return [400, 400, messages.badJson];
  if (error.statusCode === 429) return [429, 429, messages.tooManyRequests];
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return [error.statusCode, 400, error.message];
  }
  return undefined;
}

/**
 * The envelope and error mapping of reference §1.2: successful results are wrapped, business
 * errors keep HTTP 200, framework errors get real HTTP codes, unknown routes answer 404, a wrong
 * method 405, and anything unexpected is logged and answered with a generic 500 (never a stack).
 */
export interface ErrorHandlingOptions {
  /** Answers an unknown non-API path (the web app's client routes); undefined passes it on as 404. */
  clientRouteFallback?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

export const errorHandling = fp(async (app: FastifyInstance, opts: ErrorHandlingOptions) => {
  // Paths per method, to tell a wrong method (405) from an unknown path (404).
  const methodsByPath = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const set = methodsByPath.get(route.url) ?? new Set<string>();
    for (const m of methods) set.add(m.toUpperCase());
    methodsByPath.set(route.url, set);
  });

  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (payload instanceof Ok) return envelope(request, 200, payload.msg, payload.data);
    return payload;
  });

  // reference §1.2: on 401/403 the request header Url-Type is echoed back.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 401 || reply.statusCode === 403) {
      const urlType = request.headers['url-type'];
      if (typeof urlType === 'string' && /^(admin|general)$/.test(urlType)) reply.header('Url-Type', urlType);
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError)
      return sendError(reply, error.httpStatus, error.status, error.msg, error.data);
    const mapped = frameworkError(error);
    if (mapped) return sendError(reply, ...mapped);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 500, messages.serverError);
  });

  app.setNotFoundHandler((request, reply) => {
    const served = opts.clientRouteFallback?.(request, reply);
    if (served) return served;
    const path = request.url.split('?')[0] ?? '/';
    const methods = methodsByPath.get(path);
    if (methods && !methods.has(request.method)) {
      return sendError(reply.header('Allow', [...methods].join(', ')), 405, 400, messages.methodNotAllowed);
    }
    return sendError(reply, 404, 404, messages.notFound);
  });
});
