import { setPathname } from './support/browser-globals.ts';
import { ROLES } from '@verdict/shared';
import type { LoaderFunctionArgs } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminRoutes } from '../../src/admin/admin-routes.tsx';
import { websiteConfigQuery } from '../../src/api/home.ts';
import { http } from '../../src/api/http.ts';
import { queryClient } from '../../src/api/query-client.ts';
import { guardFor } from '../../src/routing/guard.ts';
import type { RouteMeta } from '../../src/routing/route-meta.ts';
import { clearSession, getSession, signIn } from '../../src/store/session.ts';
import { json, startLocalServer } from './support/local-server.ts';
import { recordToasts, type ShownToast } from './support/toast-recorder.ts';

/**
 * The navigation guard of spec part 2 §2.9, run as the route loader it is, against a real HTTP
 * server for the website config (its discussion switches).
 */

let server: Awaited<ReturnType<typeof startLocalServer>>;
let toasts: ShownToast[];
let openPublicDiscussion = true;

beforeAll(async () => {
  server = await startLocalServer({
    '/api/get-website-config': (request, response) =>
      json({ status: 200, msg: 'success', data: { name: 'Verdict', openPublicDiscussion } })(
        request,
        response,
      ),
  });
  http.defaults.adapter = 'fetch';
  http.defaults.baseURL = server.url;
});

afterAll(() => server?.close());

beforeEach(() => {
  toasts = recordToasts();
  clearSession();
  queryClient.clear();
});

/** The admin app's own table: /admin needs an admin role, /admin/user the super admin (spec part 2 §2.7). */
const adminArea = adminRoutes.find((route) => route.path === '/admin')!;
const adminUserPage = adminArea.children!.find((route) => route.path === 'user')!;
const ADMIN_ONLY = adminArea.handle as RouteMeta;
const SUPER_ADMIN_ONLY = adminUserPage.handle as RouteMeta;
/**
 * A super-admin-only route on the user site (§2.9). The contest's rejudge tab no longer declares it:
 * its shell shows a 403 page instead, so a user who opens it keeps the session (issue 24 item 13).
 */
const USER_SITE_SUPER_ADMIN: RouteMeta = {
  title: 'contestRejudge',
  requireAuth: true,
  requireSuperAdmin: true,
};
const LOGIN_ONLY: RouteMeta = { title: 'setting', requireAuth: true };
const DISCUSSION: RouteMeta = { title: 'discussionList', access: 'discussion' };

function signInWith(role: keyof typeof ROLES): void {
  signIn(`token-of-${role}`, { uid: '7', username: role, roleList: [ROLES[role].role] });
}

/** Runs the route's guard for a visit to `path`: its redirect (or null) and what it showed. */
async function visit(meta: RouteMeta, path: string) {
  setPathname(path);
  const before = toasts.length;
  const loader = guardFor(meta)!;
  const args = { request: new Request(`http://verdict.test${path}`), params: {}, context: {} };
  let outcome: unknown;
  try {
    outcome = await loader(args as LoaderFunctionArgs);
  } catch (thrown) {
    outcome = thrown;
  }
  const redirectTo = outcome instanceof Response ? outcome.headers.get('Location') : null;
  return { redirectTo, toasts: toasts.slice(before).map(({ type, content }) => ({ type, content })) };
}

describe('navigation guard (spec part 2 §2.9)', () => {
  it('a super-admin-only route sends an admin home to /admin/login and clears the token', async () => {
    signInWith('admin');
    const result = await visit(SUPER_ADMIN_ONLY, '/admin/user');
    expect(result.redirectTo).toBe('/admin/login');
    expect(result.toasts).toEqual([
      { type: 'error', content: 'Please login again with the administrator account!' },
    ]);
    expect(getSession().token).toBe('');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('a super-admin-only route on the user site sends a user home and clears the token', async () => {
    signInWith('defaultUser');
    const result = await visit(USER_SITE_SUPER_ADMIN, '/root-only');
    expect(result.redirectTo).toBe('/home');
    expect(result.toasts).toEqual([{ type: 'error', content: 'Error! Please login again!' }]);
    expect(getSession().token).toBe('');
  });

  it('lets the super admin through', async () => {
    signInWith('root');
    expect(await visit(SUPER_ADMIN_ONLY, '/admin/user')).toEqual({ redirectTo: null, toasts: [] });
    expect(getSession().token).toBe('token-of-root');
  });

  it("an admin route refuses a user without an admin role: 'Please login again with the administrator account!', /admin/login", async () => {
    signInWith('defaultUser');
    const result = await visit(ADMIN_ONLY, '/admin/dashboard');
    expect(result.redirectTo).toBe('/admin/login');
    expect(result.toasts).toEqual([
      { type: 'error', content: 'Please login again with the administrator account!' },
    ]);
    expect(getSession().token).toBe('');
  });

  it('an admin route lets each admin role through', async () => {
    for (const role of ['root', 'admin', 'problemAdmin'] as const) {
      signInWith(role);
      expect(await visit(ADMIN_ONLY, '/admin/dashboard'), role).toEqual({ redirectTo: null, toasts: [] });
    }
  });

  it("a login-only route without a login: home, 'Please login first' as a warning", async () => {
    const result = await visit(LOGIN_ONLY, '/setting');
    expect(result.redirectTo).toBe('/home');
    expect(result.toasts).toEqual([{ type: 'warning', content: 'Please login first' }]);
  });

  it("a discussion route while the discussion area is closed: home with 'No Access'", async () => {
    openPublicDiscussion = false;
    const result = await visit(DISCUSSION, '/discussion');
    expect(result.redirectTo).toBe('/home');
    expect(result.toasts).toEqual([
      { type: 'error', content: 'No Access: There is no open discussion area on the website!' },
    ]);

    openPublicDiscussion = true;
    queryClient.clear();
    expect(await visit(DISCUSSION, '/discussion')).toEqual({ redirectTo: null, toasts: [] });
    expect(queryClient.getQueryData(websiteConfigQuery.queryKey)).toMatchObject({
      openPublicDiscussion: true,
    });
  });
});
