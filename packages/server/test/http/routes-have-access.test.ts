import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access } from '../../src/http/auth/access.ts';
import { requireRouteAccess, routesWithAccess, withRouteAccess } from '../../src/http/auth/plugin.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';

const RULE_KINDS = ['anon', 'open', 'login', 'judge', 'publicAsset', 'service'];

/** How many (method, path) routes the router holds, read from its printout: "/path (GET, HEAD)". */
function routerRouteCount(app: FastifyInstance): number {
  const printed = app.printRoutes({ commonPrefix: false });
  return [...printed.matchAll(/\(([A-Z]+(?:, [A-Z]+)*)\)/g)].reduce(
    (n, m) => n + m[1]!.split(', ').length,
    0,
  );
}

/** Registers `route`, then readies the app: answers what either step threw. */
async function registrationError(app: FastifyInstance, route: () => void): Promise<unknown> {
  try {
    route();
    await app.ready();
  } catch (error) {
    return error;
  }
  return undefined;
}

let t: TestApp;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'verdict-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await buildTestApp({ webDist: dist });
});
afterAll(() => t.close());

describe('closed by default: every route declares its access rule (issue 9; reference §3 annotations)', () => {
  it('gives every registered route of the real app (web app included) a rule', async () => {
    const routes = routesWithAccess(t.app);
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      expect(RULE_KINDS, `${route.method} ${route.url}`).toContain(route.access.auth);
    }
    // nothing reached the router around the check
    await t.app.ready();
    expect(routerRouteCount(t.app)).toBe(routes.length);
    expect(routes.find((r) => r.url === '/*')?.access).toEqual(access.publicAsset);
    expect(routes.filter((r) => r.url.startsWith('/api/judge-gateway/')).map((r) => r.access.auth)).toEqual(
      Array(routes.filter((r) => r.url.startsWith('/api/judge-gateway/')).length).fill('judge'),
    );
  });

  it('refuses to register a route of the real app without a rule, naming its method and URL', async () => {
    const app = await buildTestApp();
    try {
      const error = await registrationError(app.app, () => app.app.get('/api/test/no-rule', async () => 'x'));
      expect(String(error)).toContain('GET /api/test/no-rule declares no access rule');
    } finally {
      await app.close();
    }
  });

  it('registers a route that declares one, and gives a plugin’s routes the rule set around it', async () => {
    const app = Fastify();
    requireRouteAccess(app);
    app.get('/declared', { config: { access: access.anon } }, async () => 'ok');
    await withRouteAccess(app, access.publicAsset, () =>
      app.register(async (scope) => {
        scope.get('/from-plugin', async () => 'ok');
      }),
    );
    const error = await registrationError(app, () => app.post('/bare', async () => 'x'));
    expect(String(error)).toContain('POST /bare declares no access rule');
    expect(routesWithAccess(app).map((r) => `${r.method} ${r.url} ${r.access.auth}`)).toEqual([
      'GET /declared anon',
      'HEAD /declared anon',
      'GET /from-plugin publicAsset',
      'HEAD /from-plugin publicAsset',
    ]);
    await app.close();
  });
});
