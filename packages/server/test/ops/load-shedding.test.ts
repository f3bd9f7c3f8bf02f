import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, JUDGE_TOKEN, type TestApp } from '../helpers/app.ts';

// Issue 28 "A contest bigger than one core": a server behind its work answers new API calls at once,
// 503 with Retry-After in HOJ's envelope, instead of letting them wait; judge workers and the
// probes are never shed; the metrics count what was shed.
const METRICS_TOKEN = 'metrics-token-0123456789';
let t: TestApp;

/** Keeps this process's event loop busy for `ms`: a stall like a server's at its limit. */
function stallLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy on purpose
  }
}

/** The monitor reads the loop once a second here: a stall counts until the next quiet reading. */
const WINDOW_MS = 1000;
/** Lets the monitor's overdue reading run right after a stall (timers run in the order they were due). */
const afterStall = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Waits past the next reading of a quiet loop. */
const quietWindow = () => new Promise((resolve) => setTimeout(resolve, WINDOW_MS * 1.2));

beforeAll(async () => {
  t = await buildTestApp({
    metricsToken: METRICS_TOKEN,
    loadShedding: { maxDelayMs: 300, maxInFlight: 0, windowMs: WINDOW_MS },
  });
});

afterAll(async () => {
  await t?.close();
});

const inject = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('load shedding (issue 28)', () => {
  it('answers API calls 503 with Retry-After and the bilingual message while the loop stalls, then serves again', async () => {
    expect((await inject('/api/get-problem-list?limit=5&currentPage=1')).statusCode).toBe(200);

    stallLoop(800);
    await afterStall();
    const shed = await inject('/api/get-problem-list?limit=5&currentPage=1');
    expect(shed.statusCode).toBe(503);
    const seconds = Number(shed.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(2);
    expect(seconds).toBeLessThanOrEqual(30);
    const body = shed.json() as { status: number; msg: string; data: { retryAfterSeconds: number } };
    expect(body.status).toBe(503);
    expect(body.data.retryAfterSeconds).toBe(seconds);
    expect(body.msg).toBeTruthy();
    const zh = await inject('/api/get-problem-list?limit=5&currentPage=1', { 'accept-language': 'zh-CN' });
    expect(zh.statusCode).toBe(503);

    // the stall is over: the next reading finds a quiet loop and the call is served
    await quietWindow();
    expect((await inject('/api/get-problem-list?limit=5&currentPage=1')).statusCode).toBe(200);
  });

  it('never sheds the judge gateway, the health and readiness probes, nor the web app itself', async () => {
    stallLoop(800);
    await afterStall();
    expect((await inject('/api/get-problem-list?limit=5&currentPage=1')).statusCode).toBe(503);
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/judge-gateway/claim',
      headers: { 'x-judge-token': JUDGE_TOKEN },
      payload: { name: 'w1', languages: ['C'], waitMs: 0 },
    });
    expect(claim.statusCode).toBe(200);
    expect((await inject('/api/health')).statusCode).toBe(200);
    expect((await inject('/api/ready')).statusCode).toBe(200);
    expect((await inject('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).statusCode).toBe(200);
  });

  it('counts each shed call by route in the metrics', async () => {
    await quietWindow();
    stallLoop(800);
    await afterStall();
    expect((await inject('/api/get-recent-contest')).statusCode).toBe(503);
    await quietWindow();
    const text = (await inject('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` })).body;
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('verdict_http_requests_shed_total{') && l.includes('route="/api/get-recent-contest"'),
      );
    expect(line, text.slice(0, 400)).toBeDefined();
    expect(Number(line!.split(' ').pop())).toBeGreaterThanOrEqual(1);
  });
});

describe('load shedding by calls in progress (issue 28)', () => {
  let crowded: TestApp;
  beforeAll(async () => {
    crowded = await buildTestApp({ loadShedding: { maxDelayMs: 0, maxInFlight: 2 } });
  });
  afterAll(async () => {
    await crowded?.close();
  });

  it('sheds a call while as many as the bound are in progress', async () => {
    const list = () =>
      crowded.app.inject({ method: 'GET', url: '/api/get-problem-list?limit=5&currentPage=1' });
    // three calls at once: the first two are in progress when the third arrives
    const answers = await Promise.all([list(), list(), list()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 503]);
    expect(answers.find((a) => a.statusCode === 503)!.headers['retry-after']).toBeDefined();
    // all answered: nothing is in progress, so the next one is served
    expect((await list()).statusCode).toBe(200);
  });
});
