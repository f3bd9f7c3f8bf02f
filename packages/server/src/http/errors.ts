import { messages, type Message } from './messages.ts';

/**
 * An error that becomes the envelope `{status, msg, data}` (data null unless given).
 *
 * reference §1.2: business errors keep HTTP 200 and carry their status in the body, while
 * authentication, permission and switch failures use the real HTTP status as well. Clients depend
 * on that split (the web client opens the login dialog only on HTTP 401).
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 429 | 500 | 503,
    readonly msg: Message,
    readonly httpStatus: number = 200,
    /** the envelope's `data`: what the client needs to recover, e.g. `{captchaRequired: true}` */
    readonly data: unknown = null,
  ) {
    // an answer, not a fault: no stack trace, which costs more than the rule that refused (the
    // policy builds a refusal for every `can` that is false)
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(typeof msg === 'string' ? msg : msg.en);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = 'ApiError';
  }
}

/** Business failure: HTTP 200, body status 400 (StatusFailException). */
export const fail = (msg: Message) => new ApiError(400, msg);
/** Business refusal: HTTP 200, body status 403 (StatusForbiddenException). */
export const forbidden = (msg: Message) => new ApiError(403, msg);
/** Business not-found: HTTP 200, body status 404 (StatusNotFoundException). */
export const notFound = (msg: Message = messages.notFound) => new ApiError(404, msg);
/** Business access denial: HTTP 200, body status 401 (StatusAccessDeniedException). */
export const accessDenied = (msg: Message) => new ApiError(401, msg);
/** Business system error: HTTP 200, body status 500 (StatusSystemErrorException). */
export const systemError = (msg: Message) => new ApiError(500, msg);

/** Not logged in, or the token is invalid: HTTP 401. */
export const unauthenticated = (msg: Message = messages.loginRequired) => new ApiError(401, msg, 401);
/** Missing role or permission, or a closed site switch: HTTP 403. */
export const noPermission = (msg: Message = messages.noPermission) => new ApiError(403, msg, 403);
