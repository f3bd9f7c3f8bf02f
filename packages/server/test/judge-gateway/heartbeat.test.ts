import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { judgeServer } from '../../src/db/schema/index.ts';
import { WORKER_SILENCE_MS } from '../../src/modules/home/service.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../helpers/app.ts';

/**
 * POST /api/judge-gateway/heartbeat (ARCHITECTURE "judge gateway"; reference §12.3 judge_server): a
 * worker says it is alive every few seconds; the server offers a language only while some worker that
 * judges it has been heard from recently (GET /api/languages `available`).
 */
const clock = new ManualClock(Date.UTC(2026, 5, 1));
let t: TestApp;

const gateway = (path: string, body: object, token = JUDGE_TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: `/api/judge-gateway/${path}`,
    headers: { 'x-judge-token': token },
    payload: body,
  });

const register = (name: string, languages: string[]) =>
  gateway('register', {
    name,
    host: 'judge-host',
    cpuCore: 2,
    maxTaskNumber: 1,
    version: '0.1.0',
    languages,
  });

const workerRow = async (name: string) =>
  (await t.db.select().from(judgeServer).where(eq(judgeServer.name, name)))[0];

async function available(language: string): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: '/api/languages' });
  const entry = (res.json().data as { name: string; available: boolean }[]).find((l) => l.name === language);
  if (!entry) throw new Error(`language ${language} is not seeded`);
  return entry.available;
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

describe('judge gateway heartbeat', () => {
  it('refreshes a known worker: its heartbeat time and the number of tasks it runs', async () => {
    expect((await register('hb-known', ['C'])).statusCode).toBe(200);
    clock.advance(7_000);
    const res = await gateway('heartbeat', { name: 'hb-known', taskNumber: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ known: true });
    const row = await workerRow('hb-known');
    expect(row?.lastHeartbeat?.getTime()).toBe(clock.now().getTime());
    expect(row?.taskNumber).toBe(2);
  });

  it('answers known:false to a worker it has no row for, and creates none', async () => {
    const res = await gateway('heartbeat', { name: 'hb-stranger', taskNumber: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ known: false });
    expect(await workerRow('hb-stranger')).toBeUndefined();
  });

  it('refuses a heartbeat without the right judge token, and records nothing', async () => {
    await register('hb-token', ['C']);
    const before = (await workerRow('hb-token'))?.lastHeartbeat?.getTime();
    clock.advance(1_000);
    for (const token of ['', 'not-the-token', `${JUDGE_TOKEN}x`]) {
      const res = await gateway('heartbeat', { name: 'hb-token', taskNumber: 1 }, token);
      expect(res.statusCode).toBe(401);
      expect(res.json().status).toBe(401);
    }
    const row = await workerRow('hb-token');
    expect(row?.lastHeartbeat?.getTime()).toBe(before);
    expect(row?.taskNumber).toBe(0);
  });

  it('a language is available only while a worker offering it keeps beating', async () => {
    const language = 'Ruby'; // offered by no other worker of this file
    expect(await available(language)).toBe(false);
    await register('hb-ruby', [language]);
    expect(await available(language)).toBe(true);

    clock.advance(WORKER_SILENCE_MS - 1_000);
    expect(await available(language)).toBe(true);
    clock.advance(2_000); // silent for longer than WORKER_SILENCE_MS: taken for gone
    expect(await available(language)).toBe(false);

    expect((await gateway('heartbeat', { name: 'hb-ruby', taskNumber: 0 })).json().data).toEqual({
      known: true,
    });
    expect(await available(language)).toBe(true);
  });

  it('a worker whose row was removed gets known:false, and registering again brings its languages back', async () => {
    const language = 'PHP';
    await register('hb-removed', [language]);
    expect(await available(language)).toBe(true);
    await t.db.delete(judgeServer).where(eq(judgeServer.name, 'hb-removed'));
    expect(await available(language)).toBe(false);
    expect((await gateway('heartbeat', { name: 'hb-removed', taskNumber: 0 })).json().data).toEqual({
      known: false,
    });
    await register('hb-removed', [language]); // what the worker does on known:false
    expect(await available(language)).toBe(true);
  });
});
