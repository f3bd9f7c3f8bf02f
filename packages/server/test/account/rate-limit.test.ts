import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { hitRateLimit } from '../../src/http/rate-limit.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { body, client } from './support.ts';

const clock = new ManualClock(Date.UTC(2026, 5, 1, 8));
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

const TOO_MANY = { status: 429, msg: '操作过于频繁，请稍后再试！', data: null };

describe('issue 4, reference §1.2: per-IP rate limits in the envelope', () => {
  it('a direct client cannot escape the limits with X-Forwarded-For; a proxy on this machine passes the real IP (TRUST_PROXY)', async () => {
    const direct = client(t);
    for (let i = 0; i < 10; i++) {
      const spoofed = { headers: { 'x-forwarded-for': `198.51.100.${i}` } };
      expect((await direct.post('/api/register', {}, spoofed)).statusCode).toBe(200);
    }
    const limited = await direct.post(
      '/api/register',
      {},
      { headers: { 'x-forwarded-for': '198.51.100.200' } },
    );
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toEqual(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const en = await direct.post('/api/register', {}, { lang: 'en' });
    expect(body(en).msg).toBe('Too many requests, please try again later!');

    // Behind a local reverse proxy, each forwarded client has its own counter.
    const proxy = client(t, '127.0.0.1');
    for (let i = 0; i < 11; i++) {
      const forwarded = { headers: { 'x-forwarded-for': `203.0.113.${i}` } };
      expect((await proxy.post('/api/register', {}, forwarded)).statusCode).toBe(200);
    }
  });

  it('captcha: 30 a minute per IP (image and slide together)', async () => {
    const c = client(t);
    for (let i = 0; i < 15; i++) {
      expect(body(await c.get('/api/captcha')).status).toBe(200);
      expect(body(await c.get('/api/slide-captcha')).status).toBe(200);
    }
    expect(body(await c.get('/api/captcha'))).toEqual(TOO_MANY);
  });

  it('mail codes: 6 a minute per IP across register, reset and change-e-mail', async () => {
    const c = client(t);
    for (let i = 0; i < 6; i++) {
      const res = await c.get('/api/get-register-code', { query: { email: `x${i}@example.org` } });
      expect(res.statusCode).toBe(200);
    }
    const res = await c.post('/api/apply-reset-password', {
      email: 'x@example.org',
      captcha: '1',
      captchaKey: 'k',
    });
    expect(res.statusCode).toBe(429);
  });

  it('register: 10 a minute per IP', async () => {
    const c = client(t);
    for (let i = 0; i < 10; i++) expect((await c.post('/api/register', {})).statusCode).toBe(200);
    expect((await c.post('/api/register', {})).statusCode).toBe(429);
  });

  it('lookups (check-username-or-email, reset-password): 30 a minute per IP', async () => {
    const c = client(t);
    for (let i = 0; i < 30; i++)
      expect((await c.post('/api/check-username-or-email', { username: 'root' })).statusCode).toBe(200);
    expect((await c.post('/api/reset-password', {})).statusCode).toBe(429);
  });

  it('counts in one statement per call: the window restarts after it has passed', async () => {
    const now = clock.now();
    expect((await hitRateLimit(t.db, 'unit:1', 10, now)).count).toBe(1);
    expect((await hitRateLimit(t.db, 'unit:1', 10, new Date(now.getTime() + 9_000))).count).toBe(2);
    const restarted = await hitRateLimit(t.db, 'unit:1', 10, new Date(now.getTime() + 10_000));
    expect(restarted.count).toBe(1);
    expect(restarted.resetAt.getTime()).toBe(now.getTime() + 20_000);
    const hits = await Promise.all(Array.from({ length: 8 }, () => hitRateLimit(t.db, 'unit:2', 10, now)));
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
