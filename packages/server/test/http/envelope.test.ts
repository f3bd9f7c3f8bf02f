import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../src/http/auth/access.ts';
import { ok } from '../../src/http/envelope.ts';
import { fail, forbidden } from '../../src/http/errors.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../helpers/app.ts';

let t: TestApp;
/** What the server logged, one JSON record a line. */
const logLines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    logger: { level: 'error', stream: { write: (line: string) => logLines.push(line) } },
  });
  // Routes that exist only to exercise the error mapping.
  const config = { access: access.open };
  t.app.get('/api/test/business-fail', { config }, async () => {
    throw fail('参数错误');
  });
  t.app.get('/api/test/business-forbidden', { config }, async () => {
    throw forbidden({ zh: '禁止', en: 'Forbidden here' });
  });
  t.app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/test/echo', { config, schema: { body: z.object({ name: z.string() }) } }, async (request) =>
      ok({ name: request.body.name }),
    );
  t.app.get('/api/test/crash', { config }, async () => {
    throw new Error('secret internal detail at /srv/db.ts:42');
  });
});
afterAll(() => t.close());

describe('reference §1.1–1.2: envelope and error mapping', () => {
  it('wraps success as {status:200, msg:"success", data}', async () => {
    const res = await t.app.inject('/api/get-website-config');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'msg', 'status']);
    expect(body).toMatchObject({ status: 200, msg: 'success' });
    expect(body.data).toMatchObject({
      name: expect.any(String),
      shortName: expect.any(String),
      register: true,
      openPublicDiscussion: true,
      openGroupDiscussion: true,
      openContestComment: true,
    });
    for (const key of [
      'baseUrl',
      'recordName',
      'recordUrl',
      'description',
      'email',
      'projectName',
      'projectUrl',
    ]) {
      expect(body.data).toHaveProperty(key);
    }
  });

  it('keeps HTTP 200 for business errors, with the status in the body', async () => {
    const res = await t.app.inject('/api/test/business-fail');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 400, msg: '参数错误', data: null });
    const forbiddenRes = await t.app.inject('/api/test/business-forbidden');
    expect(forbiddenRes.statusCode).toBe(200);
    expect(forbiddenRes.json()).toEqual({ status: 403, msg: '禁止', data: null });
  });

  it('answers in English when the client asks for it', async () => {
    const res = await t.app.inject({
      url: '/api/test/business-forbidden',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.json().msg).toBe('Forbidden here');
  });

  it('answers an unknown API route with HTTP 404 and body status 404', async () => {
    const res = await t.app.inject('/api/no-such-endpoint');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, data: null });
  });

  it('answers a known path with the wrong method with HTTP 405 and body status 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/get-website-config' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toMatchObject({ status: 400, msg: '不支持该请求方法！' });
    expect(res.headers.allow).toContain('GET');
  });

  it('answers a validation failure with HTTP 400 and a message naming the field', async () => {
    const res = await t.app.inject({ url: '/api/languages?pid=abc', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(400);
    expect(body.msg).toMatch(/^Invalid parameter pid: /);
  });

  it('answers unparsable JSON with HTTP 400 "Failed to parse parameter format!"', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, msg: 'Failed to parse parameter format!', data: null });
  });

  it('names a missing body field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: {},
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The required request parameter is missing: name');
    const ok = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x' } });
    expect(ok.json()).toEqual({ status: 200, msg: 'success', data: { name: 'x' } });
  });

  it('logs an unexpected error and answers 500 without leaking it', async () => {
    const res = await t.app.inject({ url: '/api/test/crash', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, msg: 'Server Error! Please try Again later!', data: null });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('.ts');
    // the operator, not the client, gets the detail: one error record with the message and stack
    const logged = logLines.map(
      (line) => JSON.parse(line) as { level: number; err?: { message: string; stack: string } },
    );
    const record = logged.find((entry) => entry.err?.message === 'secret internal detail at /srv/db.ts:42');
    expect(record?.level).toBe(50);
    expect(record?.err?.stack).toContain('envelope.test.ts');
  });

  it('echoes Url-Type on HTTP 401', async () => {
    const res = await t.app.inject({ url: '/api/logout', headers: { 'url-type': 'admin' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['url-type']).toBe('admin');
    expect(res.json()).toEqual({ status: 401, msg: '请您先登录！', data: null });
  });

  it('exposes the token headers to browsers', async () => {
    const res = await t.app.inject('/api/get-website-config');
    expect(res.headers['access-control-expose-headers']).toBe(
      'Refresh-Token,Authorization,Url-Type,Content-disposition,Content-Type',
    );
  });
});

describe('reference §3.2: GET /api/languages', () => {
  it('lists the local languages sorted by seq desc, then id', async () => {
    const res = await t.app.inject('/api/languages');
    const { status, data } = res.json();
    expect(status).toBe(200);
    expect(data.length).toBeGreaterThanOrEqual(15);
    expect(data.every((l: { oj: string }) => l.oj === 'ME')).toBe(true);
    expect(data.map((l: { name: string }) => l.name)).toEqual(
      expect.arrayContaining(['C', 'C++', 'Java', 'Python3']),
    );
    for (let i = 1; i < data.length; i++) {
      const [a, b] = [data[i - 1], data[i]];
      expect(a.seq > b.seq || (a.seq === b.seq && a.id < b.id)).toBe(true);
    }
    expect(data[0]).toHaveProperty('contentType');
    expect(data[0]).toHaveProperty('compileCommand');
  });

  it('marks a language available only while a live judge worker offers it', async () => {
    const availability = async () =>
      Object.fromEntries(
        (await t.app.inject('/api/languages'))
          .json()
          .data.map((l: { name: string; available: boolean }) => [l.name, l.available]),
      );
    expect((await availability())['C++']).toBe(false);
    await t.app.inject({
      method: 'POST',
      url: '/api/judge-gateway/register',
      headers: { 'x-judge-token': JUDGE_TOKEN },
      payload: {
        name: 'w',
        host: 'h',
        cpuCore: 2,
        maxTaskNumber: 1,
        version: '1',
        languages: ['C++', 'Python3'],
      },
    });
    const now = await availability();
    expect(now).toMatchObject({ 'C++': true, Python3: true, Java: false });
  });

  it('lists every language with all=true', async () => {
    const local = (await t.app.inject('/api/languages')).json().data.length;
    const all = (await t.app.inject('/api/languages?all=true')).json().data.length;
    expect(all).toBeGreaterThanOrEqual(local);
  });
});
