import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { seedDatabase } from '../../src/db/seed.ts';
import { problem, userInfo } from '../../src/db/schema/index.ts';
import { onServer } from '../helpers/db.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

// Only a real PostgreSQL server can be shared by several server processes.
describe.runIf(serverUrl)('several servers starting on one PostgreSQL', () => {
  const name = `verdict_test_${randomBytes(6).toString('hex')}`;
  const servers: DatabaseHandle[] = [];

  beforeAll(async () => {
    await onServer(serverUrl!, `create database "${name}"`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i++) servers.push(await openDatabase({ url: url.toString() }));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    await onServer(serverUrl!, `drop database if exists "${name}" with (force)`);
  });

  it('ARCHITECTURE "many machines": concurrent migrate + seed apply once and all succeed', async () => {
    const results = await Promise.all(
      servers.map(async (server) => {
        await migrateDatabase(server);
        return seedDatabase(server.db, { hashPassword: async (plain) => `hashed:${plain}` });
      }),
    );
    expect(results.filter((result) => result.createdRootPassword !== null)).toHaveLength(1);
    const db = servers[0]!.db;
    expect(await db.select().from(userInfo).where(eq(userInfo.username, 'root'))).toHaveLength(1);
    expect(await db.select().from(problem).where(eq(problem.problemId, 'P1000'))).toHaveLength(1);
  });
});
