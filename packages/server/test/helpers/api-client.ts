import { UNFINISHED_STATUSES } from '@verdict/shared';
import { vi } from 'vitest';

/**
 * A browser's view of a running server over real HTTP (for tests that start the server process
 * or listen on a port): sign in, call the API, wait for a verdict.
 */
interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/**
 * `POST /api/login` (or the admin app's `/api/admin/login`) as the browser does it; answers the
 * token of the Authorization header and the signed-in user.
 */
export async function logIn(
  url: string,
  user: { username: string; password: string; admin?: boolean },
): Promise<{ token: string; userInfo: unknown }> {
  const res = await fetch(`${url}/api/${user.admin ? 'admin/login' : 'login'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en-US' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  const envelope = (await res.json()) as Envelope<unknown>;
  const token = res.headers.get('authorization');
  if (envelope.status !== 200 || !token) throw new Error(`login of ${user.username} failed: ${envelope.msg}`);
  return { token, userInfo: envelope.data };
}

/** The token of `POST /api/login`. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  return (await logIn(url, { username, password })).token;
}

export type Api = <T>(method: 'GET' | 'POST', route: string, body?: unknown) => Promise<T>;

/** A signed-in client of the public API; a non-200 envelope throws with its message. */
export function apiClient(url: string, token: string): Api {
  return async <T>(method: 'GET' | 'POST', route: string, body?: unknown) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: { authorization: token, 'content-type': 'application/json', 'accept-language': 'en-US' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as Envelope<T>;
    if (envelope.status !== 200) throw new Error(`${route}: ${envelope.status} ${envelope.msg}`);
    return envelope.data;
  };
}

/** Asks `probe` every 100 ms until it answers something, for up to `timeoutMs` (vi.waitFor). */
export function poll<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined) throw new Error(`still waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** Polls get-submission-detail until the submission has left the unfinished statuses. */
export function finalSubmission(
  api: Api,
  submitId: number,
): Promise<{ submitId: number; status: number; errorMessage: string | null }> {
  return poll(`a verdict for ${submitId}`, async () => {
    const { submission } = await api<{
      submission: { submitId: number; status: number; errorMessage: string | null };
    }>('GET', `/api/get-submission-detail?submitId=${submitId}`);
    return UNFINISHED_STATUSES.includes(submission.status) ? undefined : submission;
  });
}
