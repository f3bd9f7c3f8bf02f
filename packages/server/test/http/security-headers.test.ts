import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { access } from '../../src/http/auth/access.ts';
import { hashPassword } from '../../src/modules/account/password.ts';
import { buildTestApp, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

/**
 * Issue 9 item 4: every answer carries the security headers of http/security-headers.ts, whatever
 * answered it (a route, an error, @fastify/static, the client-route fallback), and CORS (reference
 * §1.4 as Verdict narrows it) and the exposed headers of reference §1.3 stay as they were.
 */

let t: TestApp;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'verdict-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Verdict</title><div id="root"></div>',
  );
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await buildTestApp({ webDist: dist });
  // an unexpected failure inside a handler (answered by the error handler with a generic 500)
  t.app.get('/api/test/boom', { config: { access: access.anon } }, async () => {
    throw new Error('boom');
  });
});
afterAll(() => t.close());

/** The policy as a map from directive to its sources. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'Content-Security-Policy').toBe('string');
  return new Map(
    (header as string).split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = directives(res);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('base-uri'), what).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'self'"]);
  // admin-configured images (footer QR codes) may be any http(s) link
  expect(csp.get('img-src'), what).toEqual(expect.arrayContaining(['http:', 'https:']));
  expect(res.headers['content-security-policy'], what).not.toContain('unsafe-eval');
  expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
}

describe('security headers on every answer (issue 9 item 4)', () => {
  it('on an API answer', async () => {
    const res = await t.app.inject('/api/get-website-config');
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res, 'API');
  });

  it('on error answers: unknown API path, wrong method, bad JSON, missing login, a crash', async () => {
    const cases = [
      { what: '404', request: { url: '/api/no-such-call' }, status: 404 },
      { what: '405', request: { url: '/api/get-website-config', method: 'DELETE' as const }, status: 405 },
      {
        what: '400',
        request: {
          url: '/api/login',
          method: 'POST' as const,
          headers: { 'content-type': 'application/json' },
          payload: '{"username":',
        },
        status: 400,
      },
      { what: '401', request: { url: '/api/logout' }, status: 401 },
      { what: '500', request: { url: '/api/test/boom' }, status: 500 },
    ];
    for (const { what, request, status } of cases) {
      const res = await t.app.inject(request);
      expect(res.statusCode, what).toBe(status);
      expectSecurityHeaders(res, what);
    }
  });

  it('on a static file of the web app', async () => {
    const res = await t.app.inject('/assets/app-1234.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expectSecurityHeaders(res, 'static file');
  });

  it('on index.html and the client-route fallback', async () => {
    for (const url of ['/', '/problem/1000', '/admin/dashboard']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expectSecurityHeaders(res, url);
    }
  });
});

describe('CORS and the exposed headers are unchanged by the security headers', () => {
  let db: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase();
    await seedDatabase(db.db, { hashPassword, rootPassword: ROOT_PASSWORD });
    app = await buildApp({
      db: db.db,
      config: {
        jwt: { secret: randomBytes(32).toString('hex'), expireSeconds: 86400, refreshAfterSeconds: 43200 },
        webDist: undefined,
        corsOrigins: ['http://a.test'],
        dataDir: await mkdtemp(path.join(tmpdir(), 'verdict-test-')),
        judgeToken: 'test-judge-token-0123456789',
        judgeLeaseMs: 30_000,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('answers a listed origin as before and lets it load our files (avatars) too', async () => {
    const preflight = await app.inject({
      url: '/api/login',
      method: 'OPTIONS',
      headers: {
        origin: 'http://a.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(200);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://a.test');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
    expect(preflight.headers['x-content-type-options']).toBe('nosniff');

    const res = await app.inject({ url: '/api/get-website-config', headers: { origin: 'http://a.test' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://a.test');
    // reference §1.3
    expect(res.headers['access-control-expose-headers']).toBe(
      'Refresh-Token,Authorization,Url-Type,Content-disposition,Content-Type',
    );
    // another site's pages show our images only if the resource policy allows it
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
