import { describe, expect, it } from 'vitest';
import {
  isBodySuccess,
  reactToBodyFailure,
  reactToHttpFailure,
  reactToMissingResponse,
  refreshedToken,
  sendsAuthorization,
  urlTypeOf,
  type HttpFailure,
} from '../../src/api/response-handling.ts';

const failure = (overrides: Partial<HttpFailure>): HttpFailure => ({
  status: 500,
  body: {},
  adminCall: false,
  onAdminPage: false,
  rolesCall: false,
  signedIn: true,
  ...overrides,
});

describe('request headers (reference §1.2–1.3)', () => {
  it('marks calls whose third path segment is admin', () => {
    expect(urlTypeOf('/api/admin/problem')).toBe('admin');
    expect(urlTypeOf('http://localhost:8080/api/admin/user?x=1')).toBe('admin');
    expect(urlTypeOf('/api/get-website-config')).toBe('general');
    expect(urlTypeOf('/admin/api/x')).toBe('general');
  });

  it('sends the token everywhere except on the login calls', () => {
    expect(sendsAuthorization('/api/login')).toBe(false);
    expect(sendsAuthorization('/api/admin/login')).toBe(false);
    expect(sendsAuthorization('/api/logout')).toBe(true);
  });

  it('takes a refreshed token only when Refresh-Token is present', () => {
    expect(refreshedToken({ 'refresh-token': 'true', authorization: 'new' })).toBe('new');
    expect(refreshedToken({ authorization: 'same-as-request' })).toBeNull();
    expect(refreshedToken({ 'refresh-token': 'true' })).toBeNull();
    expect(refreshedToken(undefined)).toBeNull();
  });
});

describe('body status (spec part 1 §8)', () => {
  it('accepts 200 and an absent status, rejects the rest with the server message', () => {
    expect(isBodySuccess({ status: 200, data: 1 })).toBe(true);
    expect(isBodySuccess({ data: 1 })).toBe(true);
    expect(isBodySuccess('plain text')).toBe(true);
    expect(isBodySuccess({ status: 400, msg: 'no' })).toBe(false);
    expect(reactToBodyFailure({ status: 400, msg: 'Bad thing' })).toEqual({
      toast: { text: 'Bad thing' },
      followUps: [],
    });
    expect(reactToBodyFailure({ status: 500 })).toEqual({ toast: { key: 'server' }, followUps: [] });
  });
});

describe('HTTP status (spec part 1 §8)', () => {
  it('401: message if present, login cleared, login dialog (admin: /admin/login)', () => {
    expect(reactToHttpFailure(failure({ status: 401, body: { msg: 'expired' } }))).toEqual({
      toast: { text: 'expired' },
      followUps: ['clearSession', 'openLoginModal'],
    });
    expect(reactToHttpFailure(failure({ status: 401, adminCall: true })).followUps).toEqual([
      'clearSession',
      'goToAdminLogin',
    ]);
    expect(reactToHttpFailure(failure({ status: 401, onAdminPage: true })).followUps).toContain(
      'goToAdminLogin',
    );
    expect(reactToHttpFailure(failure({ status: 401 })).toast).toBeNull();
  });

  it('403: message, roles refreshed (not for the roles call itself), admin calls go to /admin', () => {
    expect(reactToHttpFailure(failure({ status: 403, body: { msg: 'denied' } }))).toEqual({
      toast: { text: 'denied' },
      followUps: ['refreshRoles'],
    });
    expect(reactToHttpFailure(failure({ status: 403, adminCall: true })).followUps).toEqual([
      'refreshRoles',
      'goToAdmin',
    ]);
    expect(reactToHttpFailure(failure({ status: 403, rolesCall: true })).followUps).toEqual([]);
    expect(reactToHttpFailure(failure({ status: 403, signedIn: false })).followUps).toEqual([]);
  });

  it('404 has its own text; other statuses use the server message or the fallback', () => {
    expect(reactToHttpFailure(failure({ status: 404, body: { msg: 'ignored' } })).toast).toEqual({
      key: 'notFound',
    });
    expect(reactToHttpFailure(failure({ status: 500, body: { msg: 'boom' } })).toast).toEqual({
      text: 'boom',
    });
    expect(reactToHttpFailure(failure({ status: 502, body: '<html>' })).toast).toEqual({ key: 'server' });
    expect(reactToHttpFailure(failure({ status: 429 })).toast).toEqual({ key: 'tooFast' });
  });

  it('tells a timeout from a broken connection', () => {
    expect(reactToMissingResponse('ECONNABORTED', 'timeout of 90000ms exceeded').toast).toEqual({
      key: 'timeout',
    });
    expect(reactToMissingResponse('ETIMEDOUT', '').toast).toEqual({ key: 'timeout' });
    expect(reactToMissingResponse('ERR_NETWORK', 'Network Error').toast).toEqual({ key: 'network' });
  });
});
