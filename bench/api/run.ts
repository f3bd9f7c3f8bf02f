/**
 * API benchmark: `node --import tsx bench/api/run.ts` (not part of the tests).
 *
 * Seeds a PGlite database in a temporary DATA_DIR with 10,000 problems and 1,000,000 submissions
 * (bulk SQL, see seed.ts), starts one Verdict server process on it, and drives the problem list,
 * problem detail and submission list calls from a load generator in a second process (load.ts) at a
 * fixed 200 requests per second each, reporting median and 95th-percentile latency and throughput.
 * Target: p95 under 50 ms on the embedded database.
 *
 * Options (environment): BENCH_RATE (200), BENCH_SECONDS (20), BENCH_PROBLEMS (10000),
 * BENCH_SUBMISSIONS (1000000), BENCH_KEEP=1 keeps the data directory.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { seedDatabase } from '../../packages/server/src/db/seed.ts';
import { hashPassword } from '../../packages/server/src/modules/account/password.ts';
import { seedBench } from './seed.ts';

const execFileAsync = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RATE = env('BENCH_RATE', 200);
const SECONDS = env('BENCH_SECONDS', 20);
const SIZE = {
  problems: env('BENCH_PROBLEMS', 10_000),
  submissions: env('BENCH_SUBMISSIONS', 1_000_000),
  users: 2_000,
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function seed(dataDir: string) {
  const started = Date.now();
  const database = await openDatabase({ dataDir });
  await migrateDatabase(database);
  await seedDatabase(database.db, { hashPassword, rootPassword: 'bench-root-1' });
  await seedBench(database.db, SIZE);
  // PGlite runs VACUUM outside a transaction block only through its own exec
  await database.db.execute(sql`vacuum analyze`);
  const [counts] = await queryRows<{ problems: number; submissions: number }>(
    database.db,
    sql`select (select count(*)::int from problem) as problems, (select count(*)::int from judge) as submissions`,
  );
  const publicIds = await queryRows<{ problem_id: string }>(
    database.db,
    sql`select problem_id from problem where auth = 1 and is_group = false`,
  );
  await database.close();
  console.log(
    `seeded ${counts!.problems} problems and ${counts!.submissions} submissions in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return publicIds.map((r) => r.problem_id);
}

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

interface Result {
  requests: number;
  errors: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

async function load(baseUrl: string, paths: string[], jobFile: string): Promise<Result> {
  await writeFile(
    jobFile,
    JSON.stringify({ baseUrl, rate: RATE, seconds: SECONDS, warmupSeconds: 5, paths }),
  );
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'load.ts'), jobFile],
    { cwd: repo, maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Result;
}

const pick = <T>(items: T[], n: number) =>
  Array.from({ length: n }, () => items[Math.floor(Math.random() * items.length)]!);
const pages = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verdict-bench-'));
let server: ReturnType<typeof spawn> | undefined;
try {
  const publicIds = await seed(dataDir);
  const port = await freePort();
  server = await startServer(dataDir, port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const problemPages = Math.ceil(publicIds.length / 30);
  const scenarios: [string, string[]][] = [
    [
      'problem list (30 a page, any page; 1 in 5 filtered by difficulty or keyword)',
      [
        ...pages(problemPages).map((p) => `/api/get-problem-list?currentPage=${p}&limit=30`),
        ...pages(problemPages / 4).map(
          (p) => `/api/get-problem-list?currentPage=${(p % 10) + 1}&limit=30&difficulty=${p % 6}`,
        ),
        ...pages(problemPages / 4).map(
          (p) => `/api/get-problem-list?currentPage=1&limit=30&keyword=${p * 7}`,
        ),
      ],
    ],
    [
      'problem detail (any public problem)',
      pick(publicIds, 5000).map((id) => `/api/get-problem-detail?problemId=${id}`),
    ],
    [
      'submission list (30 a page, pages 1-20; 1 in 4 filtered by status or problem)',
      [
        ...pages(60).map((p) => `/api/get-submission-list?currentPage=${(p % 20) + 1}&limit=30`),
        ...pages(10).map(
          (p) =>
            `/api/get-submission-list?currentPage=${(p % 3) + 1}&limit=30&status=${[0, -1, 1, -2][p % 4]}`,
        ),
        ...pick(publicIds, 10).map(
          (id) => `/api/get-submission-list?limit=30&problemID=${id}&completeProblemID=true`,
        ),
      ],
    ],
  ];
  console.log(
    `\n${RATE} requests/s for ${SECONDS} s per call (after 5 s of warm-up), one server process, PGlite\n`,
  );
  console.log('call'.padEnd(82), 'median    p95     p99   req/s  errors');
  for (const [name, paths] of scenarios) {
    const r = await load(baseUrl, paths, path.join(dataDir, 'bench-job.json'));
    console.log(
      name.padEnd(82),
      `${r.p50.toFixed(1).padStart(6)} ${r.p95.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${r.throughput.toFixed(0).padStart(7)} ${String(r.errors).padStart(7)}`,
    );
  }
  console.log('\n(latencies in ms, from the moment each request was due; target: p95 < 50 ms)');
} finally {
  server?.kill('SIGTERM');
  if (server) await new Promise((r) => server!.once('exit', r));
  if (process.env.BENCH_KEEP === '1') console.log(`data kept in ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
}
