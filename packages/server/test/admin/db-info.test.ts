import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.ts';
import { appWithCallers, type Callers } from './callers.ts';

let t: TestApp;
let tokens: Callers;
const URL = '/api/admin/config/get-db-info';

beforeAll(async () => {
  ({ t, tokens } = await appWithCallers());
});
afterAll(() => t.close());

// issue 10 "Site settings": the database in use (embedded or server, version, size), read-only,
// in place of HOJ's DB and Redis config; P(system_info_admin) like the other config calls (reference §3.12).
describe('GET /api/admin/config/get-db-info', () => {
  it('refuses anonymous callers (401), plain users and admins without system_info_admin (403)', async () => {
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
    for (const token of [tokens.user, tokens.admin]) {
      expect((await t.app.inject({ url: URL, headers: { authorization: token } })).statusCode).toBe(403);
    }
  });

  it('tells root which database is in use, its version and its size', async () => {
    const res = await t.app.inject({ url: URL, headers: { authorization: tokens.root } });
    const { status, data } = res.json() as {
      status: number;
      data: { kind: string; version: string; sizeBytes: number };
    };
    expect(status).toBe(200);
    // the tests run on PGlite unless TEST_DATABASE_URL names a server
    expect(data.kind).toBe(process.env.TEST_DATABASE_URL ? 'server' : 'embedded');
    expect(data.version).toMatch(/^PostgreSQL \d+/);
    expect(data.sizeBytes).toBeGreaterThan(0);
  });
});

// issue 24 item 4: HOJ's settings page reads get-db-and-redis-config (reference §3.12) for its
// data-source card; Verdict answers the database it uses in that shape, never a password.
describe('GET|POST /api/admin/config/get-db-and-redis-config', () => {
  const HOJ_URL = '/api/admin/config/get-db-and-redis-config';

  it('is root’s (P(system_info_admin)): anonymous 401, plain users and admins 403', async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect((await t.app.inject({ method, url: HOJ_URL })).statusCode).toBe(401);
      for (const token of [tokens.user, tokens.admin]) {
        expect(
          (await t.app.inject({ method, url: HOJ_URL, headers: { authorization: token } })).statusCode,
        ).toBe(403);
      }
    }
  });

  it('answers the database in HOJ’s fields, no password, Redis empty', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({ method, url: HOJ_URL, headers: { authorization: tokens.root } });
      expect(res.statusCode).toBe(200);
      const { status, data } = res.json() as { status: number; data: Record<string, unknown> };
      expect(status).toBe(200);
      expect(Object.keys(data).sort()).toEqual(
        [
          'dbHost',
          'dbKind',
          'dbName',
          'dbPassword',
          'dbPort',
          'dbUsername',
          'dbVersion',
          'redisHost',
          'redisPassword',
          'redisPort',
        ].sort(),
      );
      expect(data).toMatchObject({ dbPassword: '', redisHost: '', redisPort: null, redisPassword: '' });
      expect(data.dbName).toEqual(expect.any(String));
      expect(data.dbName).not.toBe('');
      expect(data.dbUsername).toEqual(expect.any(String));
      expect(data.dbVersion).toMatch(/^PostgreSQL \d+/);
      if (process.env.TEST_DATABASE_URL) {
        const url = new globalThis.URL(process.env.TEST_DATABASE_URL);
        // each test file works in a database of its own on that server (helpers/db.ts), not the URL's
        const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        };
        const own = result.rows[0];
        expect(data).toMatchObject({ dbKind: 'postgres', dbName: own!.name, dbUsername: url.username });
        if (url.password) expect(JSON.stringify(data)).not.toContain(decodeURIComponent(url.password));
      } else {
        expect(data).toMatchObject({ dbKind: 'embedded', dbHost: 'embedded', dbPort: null });
      }
    }
  });
});
