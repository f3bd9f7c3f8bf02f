/**
 * The error catalogue of spec part 1 §8 / part 2 §8 as pure decisions: given what came back,
 * which toast to show and what to do next. client.ts carries the decisions out.
 */

export type UrlType = 'admin' | 'general';

/** reference §1.2: `Url-Type: admin` when the 3rd segment of the request path is `admin` (`/api/admin/…`). */
export function urlTypeOf(requestUrl: string): UrlType {
  const path = requestUrl.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  return path.split('/')[2] === 'admin' ? 'admin' : 'general';
}

/** Login calls go out without the stored token (spec part 1 §7). */
const LOGIN_PATHS = new Set(['/api/login', '/api/admin/login']);

export function sendsAuthorization(requestUrl: string): boolean {
  const path = requestUrl.split(/[?#]/)[0] ?? '';
  return !LOGIN_PATHS.has(path);
}

/** The roles call: a 403 on it must not trigger another roles refresh. */
export const USER_AUTH_INFO_PATH = '/api/get-user-auth-info';

/** reference §1.3: `Refresh-Token` + `Authorization` response headers carry the replacement token. */
export function refreshedToken(headers: Record<string, unknown> | undefined): string | null {
  if (!headers || !headers['refresh-token']) return null;
  const token = headers['authorization'];
  return typeof token === 'string' && token !== '' ? token : null;
}

export type ErrorMessageKey = 'notFound' | 'server' | 'timeout' | 'network' | 'tooFast';

/** A server text is shown as is; a key is translated by the client. */
export type ToastText = { text: string } | { key: ErrorMessageKey };

export type FollowUp = 'clearSession' | 'openLoginModal' | 'goToAdminLogin' | 'refreshRoles' | 'goToAdmin';

export interface Reaction {
  toast: ToastText | null;
  followUps: FollowUp[];
}

function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const msg = (body as { msg?: unknown }).msg;
  return typeof msg === 'string' && msg.trim() !== '' ? msg : null;
}

function messageOr(body: unknown, fallback: ErrorMessageKey): ToastText {
  const msg = serverMessage(body);
  return msg ? { text: msg } : { key: fallback };
}

/** §8: a body status that is neither 200 nor absent is a failure (HTTP status is 200 for business errors, reference §1.2). */
export function isBodySuccess(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return true; // binary or non-JSON: passes through
  const status = (body as { status?: unknown }).status;
  return status === undefined || status === null || status === 200;
}

export function reactToBodyFailure(body: unknown): Reaction {
  return { toast: messageOr(body, 'server'), followUps: [] };
}

export interface HttpFailure {
  status: number;
  body: unknown;
  /** The request carried `Url-Type: admin`. */
  adminCall: boolean;
  /** The page is in the admin app, which has no login dialog, only /admin/login. */
  onAdminPage: boolean;
  /** The failed request was the roles call itself. */
  rolesCall: boolean;
  signedIn: boolean;
}

export function reactToHttpFailure(failure: HttpFailure): Reaction {
  const msg = serverMessage(failure.body);
  switch (failure.status) {
    case 401: {
      // §8: message if present, then the login dialog (admin: /admin/login); user and token cleared.
      const goLogin: FollowUp =
        failure.adminCall || failure.onAdminPage ? 'goToAdminLogin' : 'openLoginModal';
      return { toast: msg ? { text: msg } : null, followUps: ['clearSession', goLogin] };
    }
    case 403: {
      // §8: message shown and user roles refreshed; admin calls go to /admin.
      const followUps: FollowUp[] = [];
      if (failure.signedIn && !failure.rolesCall) followUps.push('refreshRoles');
      if (failure.adminCall) followUps.push('goToAdmin');
      return { toast: msg ? { text: msg } : null, followUps };
    }
    case 404:
      return { toast: { key: 'notFound' }, followUps: [] };
    case 429:
      // The rate limiter: "too-fast operation" (spec part 1 §8).
      return { toast: messageOr(failure.body, 'tooFast'), followUps: [] };
    default:
      return { toast: messageOr(failure.body, 'server'), followUps: [] };
  }
}

/** No response at all: a timeout or a broken connection (spec part 1 §8). */
export function reactToMissingResponse(code: string | undefined, message: string | undefined): Reaction {
  const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(message ?? '');
  return { toast: { key: timedOut ? 'timeout' : 'network' }, followUps: [] };
}
