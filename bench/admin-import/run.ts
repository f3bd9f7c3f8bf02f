/**
 * Admin import benchmark: `node --import tsx bench/admin-import/run.ts` (not part of the tests).
 *
 * Issue 10: importing 2,000 users (each password hashed with the full scrypt cost) must not stall
 * the site. Starts ONE Verdict server on a fresh PGlite database (seeded as a new site, no judge),
 * then offers the problem list and problem detail a fixed BENCH_RATE requests per second (open
 * loop, keep-alive), first alone for BENCH_BASELINE seconds, then while root imports BENCH_USERS
 * users through `POST /api/admin/user/insert-batch-user`. It prints p50/p95/p99 of the other calls
 * in both phases (only requests due while the import ran count for the second), their ratio, and
 * how long the import took. Target: p95 under 100 ms during the import, no errors.
 *
 * Options (environment): BENCH_RATE (50), BENCH_BASELINE (10), BENCH_USERS (2000).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { seedDatabase } from '../../packages/server/src/db/seed.ts';
import { hashPassword } from '../../packages/server/src/modules/account/password.ts';
import { freePort } from '../../packages/server/test/helpers/verdict-process.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RATE = env('BENCH_RATE', 50);
const BASELINE = env('BENCH_BASELINE', 10);
const USERS = env('BENCH_USERS', 2000);
const TARGET_P95_MS = 100;
const ROOT_PASSWORD = 'bench-root-1';
const PATHS = ['/api/get-problem-list?currentPage=1&limit=30', '/api/get-problem-detail?problemId=P1000'];

async function startServer(dataDir: string, port: number) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_JUDGE: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Verdict is running')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
}

interface Sample {
  due: number;
  latency: number;
  error?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function get(url: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        const ok = res.statusCode === 200 && body.includes('"status":200');
        resolve(ok ? undefined : `${url}: HTTP ${res.statusCode} ${body.slice(0, 200)}`);
      });
    });
    req.on('error', (e) => resolve(`${url}: ${e.message}`));
  });
}

/** Offers RATE requests per second until `until()` says stop; returns every sample. */
async function load(baseUrl: string, until: () => boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; !until(); i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const url = `${baseUrl}${PATHS[i % PATHS.length]}`;
    pending.push(
      get(url).then((error) => void samples.push({ due, latency: performance.now() - due, error })),
    );
  }
  await Promise.all(pending);
  return samples;
}

function stats(samples: Sample[]) {
  const l = samples.map((s) => s.latency).sort((a, b) => a - b);
  const at = (q: number) => l[Math.min(l.length - 1, Math.floor(q * l.length))] ?? 0;
  return {
    requests: l.length,
    errors: samples.filter((s) => s.error).length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: l.at(-1) ?? 0,
  };
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verdict-bench-import-'));
let server: ChildProcess | undefined;
try {
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await seedDatabase(database.db, { hashPassword, rootPassword: ROOT_PASSWORD });
  await database.close();
  const port = await freePort();
  server = await startServer(dataDir, port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const signedIn = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
  });
  const token = signedIn.headers.get('Authorization');
  if (!token) throw new Error(`root login failed: ${await signedIn.text()}`);

  console.log(`${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}; ${RATE} req/s offered`);
  const baselineEnd = performance.now() + BASELINE * 1000;
  const baseline = stats(await load(baseUrl, () => performance.now() >= baselineEnd));

  const users = Array.from({ length: USERS }, (_, i) => [`imp${i + 1}`, `password${i + 1}`]);
  let importDone = false;
  const importStart = performance.now();
  const imported = fetch(`${baseUrl}/api/admin/user/insert-batch-user`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token, 'Accept-Language': 'en-US' },
    body: JSON.stringify({ users }),
  })
    .then((r) => r.json() as Promise<{ status: number; msg: string }>)
    .finally(() => (importDone = true));
  const during = await load(baseUrl, () => importDone);
  const importSeconds = (performance.now() - importStart) / 1000;
  const answer = await imported;
  const busy = stats(during);

  const line = (name: string, s: ReturnType<typeof stats>) =>
    `${name.padEnd(22)} ${String(s.requests).padStart(8)} ${s.p50.toFixed(1).padStart(7)} ${s.p95
      .toFixed(1)
      .padStart(
        7,
      )} ${s.p99.toFixed(1).padStart(7)} ${s.max.toFixed(1).padStart(7)} ${String(s.errors).padStart(6)}`;
  console.log(`\n${'phase'.padEnd(22)} requests  p50 ms  p95 ms  p99 ms  max ms errors`);
  console.log(line('alone', baseline));
  console.log(line(`during the import`, busy));
  console.log(
    `\nimport of ${USERS} users: ${answer.status} "${answer.msg}" in ${importSeconds.toFixed(1)} s` +
      ` (${((importSeconds * 1000) / USERS).toFixed(1)} ms a user)`,
  );
  console.log(`p95 during / alone: ${(busy.p95 / Math.max(baseline.p95, 0.1)).toFixed(2)}`);
  const met = busy.p95 < TARGET_P95_MS && busy.errors === 0 && answer.status === 200;
  console.log(met ? `Target met (p95 < ${TARGET_P95_MS} ms, no errors).` : 'Target NOT met.');
} finally {
  agent.destroy();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
}
