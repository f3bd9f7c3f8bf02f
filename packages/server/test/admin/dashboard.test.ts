import { eq } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/clock.ts';
import { contest, judge, judgeServer, problem, userInfo } from '../../src/db/schema/index.ts';
import { silenceBounds } from '../../src/modules/admin/dashboard/judge-workers.ts';
import { startOfDay } from '../../src/modules/admin/dashboard/counts.ts';
import { workerLoads } from '../../src/modules/judge-gateway/worker-load.ts';
import { body, client, signIn } from '../account/support.ts';
import { buildTestApp, JUDGE_TOKEN, ROOT_PASSWORD, type TestApp } from '../helpers/app.ts';
import { FakeJudge } from '../helpers/judge.ts';
import { createUser } from '../helpers/users.ts';

/**
 * The admin dashboard (issue 10 "Dashboard", "Sessions and login records"; reference §3.12 "Account
 * and dashboard", get-service-info, get-judge-service-info): who may call it, and its figures on
 * seeded rows with the injected clock.
 */
const LEASE_MS = 30_000;
const HOUR_MS = 60 * 60 * 1000;
// noon of a local day, so that "today" (the server clock's day) has room on both sides
const clock = new ManualClock(new Date(2026, 5, 10, 12, 0, 0));
let t: TestApp;
const tokens = { root: '', admin: '', problemAdmin: '', user: '' };
const uids = { admin: '', user: '' };
let pid = 0;

const call = (method: 'GET' | 'POST', url: string, token?: string, query?: Record<string, string>) =>
  t.app.inject({
    method,
    url,
    query,
    headers: { ...(token ? { authorization: token } : {}), 'accept-language': 'en-US' },
    ...(method === 'POST' ? { payload: {} } : {}),
  });

const heartbeat = (name: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/judge-gateway/heartbeat',
    headers: { 'x-judge-token': JUDGE_TOKEN },
    payload: { name, taskNumber: 0, ...payload },
  });

async function judgeWorkers(): Promise<Record<string, unknown>[]> {
  const reply = body(await call('GET', '/api/admin/config/get-judge-service-info', tokens.root));
  expect(reply.status).toBe(200);
  return reply.data as unknown as Record<string, unknown>[];
}
const worker = async (name: string) => (await judgeWorkers()).find((w) => w.name === name)!;

async function insertSubmission(submitTime: Date) {
  const [row] = await t.db
    .insert(judge)
    .values({
      pid,
      displayPid: 'P1000',
      uid: uids.user,
      username: 'dash-user',
      code: 'x',
      language: 'C++',
      submitTime,
    })
    .returning({ submitId: judge.submitId });
  return row!.submitId;
}

beforeAll(async () => {
  t = await buildTestApp({ clock, judgeLeaseMs: LEASE_MS });
  uids.admin = await createUser(t.db, { username: 'dash-admin', role: 'admin', password: 'admin-pass' });
  await createUser(t.db, { username: 'dash-padmin', role: 'problemAdmin', password: 'padmin-pass' });
  uids.user = await createUser(t.db, { username: 'dash-user', password: 'user-pass' });
  tokens.root = await signIn(client(t), 'root', ROOT_PASSWORD);
  tokens.admin = await signIn(client(t), 'dash-admin', 'admin-pass');
  tokens.problemAdmin = await signIn(client(t), 'dash-padmin', 'padmin-pass');
  tokens.user = await signIn(client(t), 'dash-user', 'user-pass');
  const [sample] = await t.db.select({ id: problem.id }).from(problem).where(eq(problem.problemId, 'P1000'));
  pid = sample!.id;
});
afterAll(() => t.close());

describe('reference §3.12: who may call the dashboard, R(root|admin|problem_admin)', () => {
  const adminArea: ['GET' | 'POST', string][] = [
    ['GET', '/api/admin/dashboard/get-dashboard-info'],
    ['POST', '/api/admin/dashboard/get-sessions'],
    ['GET', '/api/admin/config/get-service-info'],
    ['POST', '/api/admin/config/get-service-info'],
    ['GET', '/api/admin/config/get-judge-service-info'],
    ['POST', '/api/admin/config/get-judge-service-info'],
  ];

  it.each(adminArea)(
    '%s %s: root, admin and problem admin yes; a user 403; anonymous 401',
    async (method, url) => {
      for (const token of [tokens.root, tokens.admin, tokens.problemAdmin]) {
        const res = await call(method, url, token);
        expect(res.statusCode).toBe(200);
        expect(body(res).status).toBe(200);
      }
      expect((await call(method, url, tokens.user)).statusCode).toBe(403);
      expect((await call(method, url)).statusCode).toBe(401);
    },
  );

  it('login records (GET /api/admin/user/get-sessions) need user_admin: root yes, an admin without it 403', async () => {
    const query = { uid: uids.user };
    expect(body(await call('GET', '/api/admin/user/get-sessions', tokens.root, query)).status).toBe(200);
    for (const token of [tokens.admin, tokens.problemAdmin, tokens.user]) {
      expect((await call('GET', '/api/admin/user/get-sessions', token, query)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/admin/user/get-sessions', undefined, query)).statusCode).toBe(401);
  });
});

describe('reference §3.12 get-dashboard-info: users, contests of the last week, submissions of today', () => {
  it('counts the seeded rows by the server clock', async () => {
    const now = clock.now();
    const day = 24 * HOUR_MS;
    const contestAt = (startMs: number) => ({
      uid: uids.admin,
      title: `c${startMs}`,
      startTime: new Date(startMs),
      endTime: new Date(startMs + HOUR_MS),
      duration: 3600,
    });
    await t.db.insert(contest).values([
      contestAt(now.getTime() - 2 * day), // in the last week
      contestAt(now.getTime() - 6 * day), // in the last week
      contestAt(now.getTime() - 8 * day), // before it
      contestAt(now.getTime() + day), // not started
    ]);
    const midnight = startOfDay(now).getTime();
    await insertSubmission(now);
    await insertSubmission(new Date(midnight)); // the first instant of today
    await insertSubmission(new Date(midnight - 60_000)); // yesterday, a minute before midnight
    await insertSubmission(new Date(now.getTime() - day));

    const users = (await t.db.select({ uid: userInfo.uuid }).from(userInfo)).length;
    expect(users).toBe(4); // the seeded root and the three of this file
    const reply = body(await call('GET', '/api/admin/dashboard/get-dashboard-info', tokens.admin));
    expect(reply).toEqual({
      status: 200,
      msg: 'success',
      data: { userNum: 4, recentContestNum: 2, todayJudgeNum: 2 },
    });
  });
});

describe('reference §3.12 get-sessions: the previous login of the calling admin', () => {
  it('answers the current login when it is the only one, then the one before it', async () => {
    await createUser(t.db, { username: 'dash-twice', role: 'problemAdmin', password: 'twice-pass' });
    const first = await signIn(client(t, '10.9.0.1'), 'dash-twice', 'twice-pass');
    const only = body(await call('POST', '/api/admin/dashboard/get-sessions', first)).data!;
    expect(only).toMatchObject({ ip: '10.9.0.1', userAgent: 'vitest-agent/1.0' });
    expect(Object.keys(only).sort()).toEqual(['gmtCreate', 'id', 'ip', 'uid', 'userAgent']);

    clock.advance(60_000);
    const second = await signIn(client(t, '10.9.0.2'), 'dash-twice', 'twice-pass');
    const previous = body(await call('POST', '/api/admin/dashboard/get-sessions', second)).data!;
    expect(previous).toEqual(only);
  });
});

describe('issue 10 "Sessions and login records": a user\'s logins for the admin', () => {
  it('lists the logins newest first with address, browser, time and whether each has ended', async () => {
    const uid = await createUser(t.db, { username: 'dash-logins', password: 'logins-pass' });
    const older = await signIn(client(t, '10.9.1.1'), 'dash-logins', 'logins-pass');
    clock.advance(1_000);
    await signIn(client(t, '10.9.1.2'), 'dash-logins', 'logins-pass');
    expect((await call('GET', '/api/logout', older)).statusCode).toBe(200);

    const reply = body(await call('GET', '/api/admin/user/get-sessions', tokens.root, { uid }));
    const data = reply.data as { records: Record<string, unknown>[]; total: number };
    expect(data.total).toBe(2);
    expect(data.records.map((r) => [r.ip, r.userAgent, r.revoked, r.username])).toEqual([
      ['10.9.1.2', 'vitest-agent/1.0', false, 'dash-logins'],
      ['10.9.1.1', 'vitest-agent/1.0', true, 'dash-logins'],
    ]);
    expect(new Date(data.records[0]!.gmtCreate as string).getTime()).toBe(clock.now().getTime());
  });

  it('Verdict: takes a username instead of the uid, for an admin who types the name', async () => {
    const byName = body(
      await call('GET', '/api/admin/user/get-sessions', tokens.root, { username: 'dash-logins' }),
    );
    const data = byName.data as { records: Record<string, unknown>[]; total: number };
    expect(data.total).toBe(2);
    expect(data.records.every((r) => r.username === 'dash-logins')).toBe(true);
    const unknown = body(
      await call('GET', '/api/admin/user/get-sessions', tokens.root, { username: 'nobody-here' }),
    );
    expect(unknown).toMatchObject({ status: 404, msg: 'The user does not exist!' });
  });

  it('answers a clear error for an unknown user and a missing uid', async () => {
    const unknown = body(await call('GET', '/api/admin/user/get-sessions', tokens.root, { uid: 'nobody' }));
    expect(unknown).toMatchObject({ status: 404, msg: 'The user does not exist!' });
    expect((await call('GET', '/api/admin/user/get-sessions', tokens.root)).statusCode).toBe(400);
  });
});

describe("reference §3.12 get-service-info: this server process in HOJ's shape", () => {
  it("names the process, its cores and the host load as HOJ's percentage strings", async () => {
    const data = body(await call('POST', '/api/admin/config/get-service-info', tokens.root)).data!;
    expect(data).toMatchObject({ nacos: { status: 'UP' }, backupCores: expect.any(Number) });
    expect(data.backupPercentCpuLoad).toMatch(/^\d{1,3}\.\d\d%$/);
    expect(data.backupPercentMemoryLoad).toMatch(/^\d{1,3}\.\d\d%$/);
    const [instance] = data.backupService as { serviceId: string; metadata: { pid: string } }[];
    expect(instance).toMatchObject({ serviceId: 'verdict-server', metadata: { pid: String(process.pid) } });
  });
});

describe('reference §3.12 get-judge-service-info: the judge workers', () => {
  it('shows a worker with its host, languages, slots in use, judged count and reported load', async () => {
    const judge1 = await new FakeJudge(t.app, 'dash-judge', ['C++', 'Python3']).register();
    expect(
      (await heartbeat('dash-judge', { load: { percentCpuLoad: 37.5, percentMemoryLoad: 61.25 } })).json()
        .data,
    ).toEqual({ known: true });
    expect(await worker('dash-judge')).toMatchObject({
      host: 'test',
      languages: ['C++', 'Python3'],
      cpuCores: 2,
      maxTaskNumber: 4,
      slotsInUse: 0,
      judgedLastHour: 0,
      state: 'online',
      percentCpuLoad: '37.50%',
      percentMemoryLoad: '61.25%',
      lastHeartbeat: clock.now().toISOString(),
      service: { instanceId: 'dash-judge', host: 'test' },
    });

    await t.db.delete(judge); // the rows of the count test: only these two are in the queue
    await insertSubmission(clock.now());
    await insertSubmission(clock.now());
    const first = await judge1.claimSubmission();
    const held = await judge1.claimSubmission();
    expect((await worker('dash-judge')).slotsInUse).toBe(2);
    await judge1.finish(first, { status: JudgeStatus.ACCEPTED });
    expect(await worker('dash-judge')).toMatchObject({ slotsInUse: 1, judgedLastHour: 1 });
    await judge1.finish(held, { status: JudgeStatus.WRONG_ANSWER });
    expect(await worker('dash-judge')).toMatchObject({ slotsInUse: 0, judgedLastHour: 2 });

    clock.advance(HOUR_MS + 1);
    await heartbeat('dash-judge');
    expect(await worker('dash-judge')).toMatchObject({ judgedLastHour: 0, state: 'online' });
  });

  it('keeps the load of every worker when several beat at once (one merged document)', async () => {
    const names = ['dash-a', 'dash-b', 'dash-c', 'dash-d', 'dash-e'];
    for (const name of names) await new FakeJudge(t.app, name).register();
    await Promise.all(
      names.map((name, i) =>
        heartbeat(name, { load: { percentCpuLoad: i * 10, percentMemoryLoad: 50 + i } }),
      ),
    );
    const shown = await judgeWorkers();
    expect(names.map((name) => shown.find((w) => w.name === name)?.percentCpuLoad)).toEqual([
      '0.00%',
      '10.00%',
      '20.00%',
      '30.00%',
      '40.00%',
    ]);
    // a worker that reports no load shows none, and an unknown worker's load is not kept
    await new FakeJudge(t.app, 'dash-quiet').register();
    expect(await worker('dash-quiet')).toMatchObject({ percentCpuLoad: null, percentMemoryLoad: null });
    await heartbeat('dash-unknown', { load: { percentCpuLoad: 1, percentMemoryLoad: 1 } });
    expect(await workerLoads(t.db)).not.toHaveProperty('dash-unknown');
  });

  it('drops the load of a worker not heard from for a day when another worker reports', async () => {
    await new FakeJudge(t.app, 'dash-old').register();
    await heartbeat('dash-old', { load: { percentCpuLoad: 5, percentMemoryLoad: 5 } });
    clock.advance(24 * HOUR_MS + 1);
    await heartbeat('dash-a', { load: { percentCpuLoad: 7, percentMemoryLoad: 7 } });
    const loads = await workerLoads(t.db);
    expect(loads).not.toHaveProperty('dash-old');
    expect(loads['dash-a']).toMatchObject({ percentCpuLoad: 7, at: clock.now().toISOString() });
    tokens.root = await signIn(client(t), 'root', ROOT_PASSWORD); // the day ran the old login out
  });

  it('a worker that stops beating is late within one lease period and gone after the longer bound', async () => {
    await new FakeJudge(t.app, 'dash-silent').register();
    const { lateAfterMs, goneAfterMs } = silenceBounds(LEASE_MS);
    expect(lateAfterMs).toBeLessThanOrEqual(LEASE_MS);
    expect(goneAfterMs).toBeGreaterThan(LEASE_MS);

    clock.advance(lateAfterMs);
    expect((await worker('dash-silent')).state).toBe('online');
    clock.advance(LEASE_MS - lateAfterMs); // one lease period of silence
    expect((await worker('dash-silent')).state).toBe('late');
    clock.advance(goneAfterMs - LEASE_MS);
    expect((await worker('dash-silent')).state).toBe('late');
    clock.advance(1);
    expect((await worker('dash-silent')).state).toBe('gone');

    await heartbeat('dash-silent'); // back again
    expect((await worker('dash-silent')).state).toBe('online');
  });
});

describe("issue 24 item 5: what HOJ's dashboard reads of the service calls", () => {
  // HOJ's dashboard shows "Healthy" iff `"true" == metadata['nacos.healthy']` (Nacos metadata holds
  // strings): a JSON `true` shows "Unhealthy", so the value is the string "true" or "false".
  /** Over a real socket: the port shown is the one the call came in on (the gateway's). */
  async function served(path: string): Promise<Record<string, unknown> | Record<string, unknown>[]> {
    const address = t.app.server.listening ? undefined : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = address ?? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const res = await fetch(`${base}${path}`, { headers: { authorization: tokens.root } });
    const json = (await res.json()) as { status: number; data: Record<string, unknown> };
    expect(json.status).toBe(200);
    return json.data;
  }
  const port = () => (t.app.server.address() as { port: number }).port;

  it('a healthy judge shows Healthy with its name, host and port; a silent or disabled one does not', async () => {
    tokens.root = await signIn(client(t), 'root', ROOT_PASSWORD);
    await new FakeJudge(t.app, 'dash-hoj').register();
    const entry = async () =>
      ((await served('/api/admin/config/get-judge-service-info')) as Record<string, unknown>[]).find(
        (w) => w.name === 'dash-hoj',
      ) as { service: { host: string; port: number; metadata: Record<string, unknown> }; cpuCores: number };
    const healthy = await entry();
    expect(healthy.service).toMatchObject({ host: 'test', port: port() });
    expect(healthy.service.metadata).toMatchObject({ judgeName: 'dash-hoj', 'nacos.healthy': 'true' });
    expect(healthy.cpuCores).toBe(2);

    clock.advance(LEASE_MS + 1); // silent for a lease: late
    expect((await entry()).service.metadata).toMatchObject({
      judgeName: 'dash-hoj',
      'nacos.healthy': 'false',
    });
    await heartbeat('dash-hoj');
    expect((await entry()).service.metadata['nacos.healthy']).toBe('true');
    await t.db.update(judgeServer).set({ status: 1 }).where(eq(judgeServer.name, 'dash-hoj'));
    expect((await entry()).service.metadata['nacos.healthy']).toBe('false');
  });

  it("get-service-info: backupService[].metadata['nacos.healthy'] and the port of the answering process", async () => {
    const data = (await served('/api/admin/config/get-service-info')) as {
      nacos: { status: string };
      backupService: { serviceId: string; host: string; port: number; metadata: Record<string, unknown> }[];
    };
    expect(data.nacos.status).toBe('UP');
    expect(data.backupService).toHaveLength(1);
    expect(data.backupService[0]).toMatchObject({
      serviceId: 'verdict-server',
      port: port(),
      metadata: { 'nacos.healthy': 'true' },
    });
  });
});
