import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeServer } from '../../../server/src/db/schema/index.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../../../server/test/helpers/app.ts';
import { workerLoads } from '../../../server/src/modules/judge-gateway/worker-load.ts';
import { poll } from '../../../server/test/helpers/api-client.ts';
import { findLanguage, LanguageTable } from '../../src/languages/index.ts';
import { JudgeWorker } from '../../src/worker.ts';

/**
 * The worker's side of the heartbeat (ARCHITECTURE "judge gateway"): a server that no longer knows the
 * worker (its judge_server row was removed) answers `known: false`, and the worker registers again so
 * that its languages are offered again. A real server on 127.0.0.1; no task is ever judged here.
 */
let t: TestApp;
let url: string;
const root = fs.mkdtempSync(path.join(tmpdir(), 'verdict-heartbeat-test-'));
const workers: JudgeWorker[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function startWorker(name: string, languages: string[]): JudgeWorker {
  const worker = new JudgeWorker({
    serverUrl: url,
    token: JUDGE_TOKEN,
    name,
    concurrency: 1,
    workRoot: path.join(root, name, 'run'),
    cacheDir: path.join(root, name, 'cache'),
    cacheBytes: 1024 * 1024,
    languages: LanguageTable.of(languages.map((l) => findLanguage(l)!)),
    version: '0.1.0',
    heartbeatMs: 100,
  });
  workers.push(worker);
  return worker;
}

/** poll (vi.waitFor) with this file's timeout. */
const waitFor = <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000) =>
  poll(what, probe, timeoutMs);

const workerRow = async (name: string) =>
  (await t.db.select().from(judgeServer).where(eq(judgeServer.name, name)))[0];

async function available(language: string): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: '/api/languages' });
  return (res.json().data as { name: string; available: boolean }[]).some(
    (l) => l.name === language && l.available,
  );
}

describe('worker heartbeat', () => {
  it('registers again when the server answers known:false, so its languages are available again', async () => {
    const worker = startWorker('hb-worker', ['Ruby']);
    await worker.start();
    expect((await workerRow('hb-worker'))?.languages).toEqual(['Ruby']);
    expect(await available('Ruby')).toBe(true);
    const firstBeat = (await workerRow('hb-worker'))!.lastHeartbeat!.getTime();
    await waitFor('a heartbeat', async () =>
      (await workerRow('hb-worker'))!.lastHeartbeat!.getTime() > firstBeat ? true : undefined,
    );

    await t.db.delete(judgeServer).where(eq(judgeServer.name, 'hb-worker'));
    expect(await available('Ruby')).toBe(false);

    const row = await waitFor('the worker to register again', () => workerRow('hb-worker'));
    expect(row.languages).toEqual(['Ruby']);
    expect(row.maxTaskNumber).toBe(1);
    expect(await available('Ruby')).toBe(true);
  });

  it('sends its host load with each beat, which the admin dashboard shows (issue 10, reference §3.13)', async () => {
    await startWorker('hb-load', ['C']).start();
    const load = await waitFor('a beat with the load', async () => (await workerLoads(t.db))['hb-load']);
    for (const percent of [load.percentCpuLoad, load.percentMemoryLoad]) {
      expect(percent).toBeGreaterThanOrEqual(0);
      expect(percent).toBeLessThanOrEqual(100);
    }
    expect(load.percentMemoryLoad).toBeGreaterThan(0);
  });

  it('empties its scratch directory at start (what a killed worker left there)', async () => {
    const run = path.join(root, 'hb-scratch', 'run');
    fs.mkdirSync(path.join(run, 'slot-0', 'sub-deadbeef', 'box'), { recursive: true });
    fs.writeFileSync(path.join(run, 'slot-0', 'sub-deadbeef', 'box', 'main.cpp'), 'int main(){}');
    await startWorker('hb-scratch', ['C']).start();
    expect(fs.readdirSync(run)).toEqual([]);
  });
});
