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
