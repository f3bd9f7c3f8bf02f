import { eq, sql } from 'drizzle-orm';
import { JudgeStatus, type SubmissionTask } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/rows.ts';
import { judge, problem } from '../../src/db/schema/index.ts';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../helpers/app.ts';
import { createUser } from '../helpers/users.ts';

/**
 * Issue 28 "Watching it": liveness, readiness and Prometheus metrics behind their own token, on a
 * real app and database.
 */
const METRICS_TOKEN = 'metrics-token-0123456789';
let t: TestApp;
/** an app started without METRICS_TOKEN, whose database goes away in the last readiness test */
let plain: TestApp;
let uid: string;
let pid: number;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const gateway = (path: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/judge-gateway/${path}`,
    headers: { 'x-judge-token': JUDGE_TOKEN },
    payload: body,
  });
const scrape = async () => {
  const res = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};
/** The value of one sample line, e.g. `name{a="b"}`, or undefined when the scrape has none. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

async function queue(priority: number) {
  await t.db.insert(judge).values({
    pid,
    displayPid: 'P1000',
    uid,
    username: 'watcher',
    code: 'int main(){}',
    language: 'C++',
    priority,
  });
}

beforeAll(async () => {
  [t, plain] = await Promise.all([buildTestApp({ metricsToken: METRICS_TOKEN }), buildTestApp()]);
  uid = await createUser(t.db, { username: 'watcher' });
  const [sampleProblem] = await t.db
    .select({ id: problem.id })
    .from(problem)
    .where(eq(problem.problemId, 'P1000'));
  pid = sampleProblem!.id;
});
afterAll(() => Promise.all([t.close(), plain.close()]));

describe('health and readiness (issue 28 "Watching it")', () => {
  it('answers liveness to anyone, without reading a token', async () => {
    for (const headers of [{}, { authorization: 'not-a-token' }] as Record<string, string>[]) {
      const res = await get('/api/health', headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 200, data: { status: 'up' } });
    }
  });

  it('is ready when the database answers and holds every migration this build expects', async () => {
    const res = await get('/api/ready');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.ready).toBe(true);
    expect(data.database).toBe('reachable');
    expect(data.migrations.expected).toBeGreaterThan(10);
    expect(data.migrations.applied).toBe(data.migrations.expected);
  });

  it('is not ready (503) while a migration this build expects is missing', async () => {
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      t.db,
      sql`delete from drizzle.__drizzle_migrations
        where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
    );
    try {
      const res = await get('/api/ready');
      expect(res.statusCode).toBe(503);
      const { data } = res.json();
      expect(data).toMatchObject({ ready: false, database: 'reachable' });
      expect(data.migrations.applied).toBe(data.migrations.expected - 1);
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    expect((await get('/api/ready')).statusCode).toBe(200);
  });

  it('is not ready (503) when its database is gone, while liveness still answers', async () => {
    await plain.closeDatabase();
    const res = await plain.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().data).toMatchObject({
      ready: false,
      database: 'unreachable',
      migrations: { applied: null },
    });
    expect((await plain.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('Prometheus metrics at /metrics (issue 28 "Watching it")', () => {
  it('are off (404) without METRICS_TOKEN, and refuse (401) a caller without the right bearer token', async () => {
    // the app started without a token (its database is closed by now: this answer needs none)
    const res = await plain.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toContain('METRICS_TOKEN');
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      METRICS_TOKEN,
      `Bearer ${METRICS_TOKEN}x`,
    ]) {
      const res = await get('/metrics', authorization === undefined ? {} : { authorization });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('verdict_http_requests_total');
    }
  });

  it('count requests by route pattern and status, never by raw URL', async () => {
    const before = await scrape();
    const health = 'verdict_http_requests_total{method="GET",route="/api/health",status="200"}';
    const start = sample(before, health) ?? 0;
    for (let i = 0; i < 3; i++) await get('/api/health');
    await get('/api/get-problem-detail?problemId=P1000');
    await get(`/api/no-such-route-${Date.now()}`);
    const after = await scrape();
    expect(sample(after, health)).toBe(start + 3);
    expect(after).toMatch(
      /verdict_http_requests_total\{method="GET",route="\/api\/get-problem-detail",status="200"\} \d+/,
    );
    expect(after).toMatch(
      /verdict_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health"\} \d+/,
    );
    expect(after).not.toContain('no-such-route');
    expect(after).toMatch(/route="\(unmatched\)"/);
    // Node's own figures
    expect(after).toMatch(/^verdict_process_cpu_user_seconds_total \d/m);
  });

  it('show the judge queue by priority, the workers with their load and slots, and verdicts judged', async () => {
    await queue(3);
    await queue(3);
    await queue(2);
    let text = await scrape();
    expect(sample(text, 'verdict_judge_queue_length{priority="3"}')).toBe(2);
    expect(sample(text, 'verdict_judge_queue_length{priority="2"}')).toBe(1);

    const worker = {
      name: 'watched-1',
      host: 'judge-1',
      cpuCore: 2,
      maxTaskNumber: 2,
      version: '0.1.0',
      languages: ['C++'],
    };
    expect((await gateway('register', worker)).statusCode).toBe(200);
    await gateway('heartbeat', {
      name: 'watched-1',
      taskNumber: 1,
      load: { percentCpuLoad: 37.5, percentMemoryLoad: 12.25 },
    });
    const task = (await gateway('claim', { name: 'watched-1', languages: ['C++'] })).json()
      .data as SubmissionTask;
    text = await scrape();
    expect(sample(text, 'verdict_judge_queue_length{priority="3"}')).toBe(1);
    expect(sample(text, 'verdict_judge_workers{state="online"}')).toBe(1);
    expect(sample(text, 'verdict_judge_worker_up{worker="watched-1"}')).toBe(1);
    expect(sample(text, 'verdict_judge_worker_slots{worker="watched-1",kind="max"}')).toBe(2);
    expect(sample(text, 'verdict_judge_worker_slots{worker="watched-1",kind="in_use"}')).toBe(1);
    expect(sample(text, 'verdict_judge_worker_cpu_load_percent{worker="watched-1"}')).toBe(37.5);
    expect(sample(text, 'verdict_judge_worker_memory_load_percent{worker="watched-1"}')).toBe(12.25);
    const judged = 'verdict_submissions_judged_total{verdict="compile_error"}';
    expect(sample(text, judged)).toBeUndefined();

    const result = {
      name: 'watched-1',
      submitId: task.submitId,
      attempt: task.attempt,
      status: JudgeStatus.COMPILE_ERROR,
      time: 0,
      memory: 0,
      score: null,
      errorMessage: 'error: expected ;',
      cases: [],
    };
    expect((await gateway('result', result)).json().data).toEqual({ accepted: true });
    // a repeated report is stale: not counted again
    expect((await gateway('result', result)).json().data).toEqual({ accepted: false });
    text = await scrape();
    expect(sample(text, judged)).toBe(1);
    expect(sample(text, 'verdict_judge_worker_slots{worker="watched-1",kind="in_use"}')).toBe(0);
  });
});
