import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFormBody } from '../../src/http/form-body.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';

/**
 * Issue 24 item 3: HOJ's client posts some bodies form-encoded (axios sends a body that is not an
 * object as application/x-www-form-urlencoded): the admin dashboard's get-sessions posts the uid as
 * a bare string, and Verdict answered 415. Every route now takes a form body as its fields.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FORM = 'application/x-www-form-urlencoded';

async function signInRoot(): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'content-type': `${FORM}; charset=UTF-8`, 'user-agent': 'form-agent/1.0' },
    payload: `username=root&password=${encodeURIComponent(ROOT_PASSWORD)}`,
  });
  expect(res.json()).toMatchObject({ status: 200, data: { username: 'root' } });
  return res.headers.authorization as string;
}

describe('issue 24 item 3: application/x-www-form-urlencoded bodies', () => {
  it('POST /api/admin/dashboard/get-sessions with the uid as a bare form body (as HOJ’s dashboard sends it)', async () => {
    const token = await signInRoot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/dashboard/get-sessions',
      headers: { authorization: token, 'content-type': FORM },
      payload: '1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 200,
      msg: 'success',
      data: { uid: '1', userAgent: 'form-agent/1.0' },
    });
  });

  it('a form body is validated as its fields (a login with form fields, numbers as digits)', async () => {
    const token = await signInRoot();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/get-contest-rank',
      headers: { authorization: token, 'content-type': FORM, 'accept-language': 'en-US' },
      payload: 'cid=abc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      'Invalid parameter cid: expected an integer of at least 1 (a number or a string of digits)',
    );
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/get-contest-rank',
      headers: { authorization: token, 'content-type': FORM, 'accept-language': 'en-US' },
      payload: 'cid=424242',
    });
    // the form's cid was read as the number: the contest does not exist
    expect(missing.json().status).toBe(404);
  });

  it('parses fields, repeated names as lists, bare names as empty, and never a prototype key', () => {
    expect(parseFormBody('a=1&b=x%20y&a=2&c')).toEqual({ a: ['1', '2'], b: 'x y', c: '' });
    expect(parseFormBody('abc-123')).toEqual({ 'abc-123': '' });
    expect(parseFormBody('')).toEqual({});
    const parsed = parseFormBody('__proto__=x&constructor=y&ok=1');
    expect(parsed).toEqual({ ok: '1' });
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });
});
