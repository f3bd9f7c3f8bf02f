import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

const BIG_SCRIPT = `console.log(${JSON.stringify('verdict '.repeat(2000))});`;

let t: TestApp;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'verdict-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Verdict</title><div id="root"></div>',
  );
  await writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'assets', 'big-5678.js'), BIG_SCRIPT);
  await writeFile(path.join(dist, 'assets', 'big-5678.js.gz'), gzipSync(BIG_SCRIPT));
  t = await buildTestApp({ webDist: dist });
});
afterAll(() => t.close());

describe('serving the web app', () => {
  it('serves index.html at / and for client routes, so a reload on any page works', async () => {
    for (const url of ['/', '/problem/1000', '/admin/problem?l=en-US', '/no/such/page']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject('/assets/app-1234.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it("sends the build's gzip copy to a browser that accepts gzip, and the file itself to others", async () => {
    const gzipped = await t.app.inject({
      url: '/assets/big-5678.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toContain('javascript');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gzipped.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(BIG_SCRIPT);

    const plain = await t.app.inject('/assets/big-5678.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);

    // a file the build left uncompressed (too small to gain) is sent as it is, whatever is accepted
    const small = await t.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('never answers an API path with the app', async () => {
    const res = await t.app.inject('/api/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, data: null });
  });

  it('refuses an asset path with a NUL byte with a client error, not a 500', async () => {
    for (const url of ['/assets/big-5678.js%00.gz', '/assets/%00', '/assets/big-5678.js%00']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('does not serve files outside the app folder', async () => {
    const res = await t.app.inject('/assets/../../../../etc/passwd');
    expect(res.body).not.toContain('root:x:0:0');
  });
});
