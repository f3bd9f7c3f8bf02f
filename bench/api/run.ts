/**
 * API benchmark: `node --import tsx bench/api/run.ts` (not part of the tests).
 *
 * Seeds an embedded PGlite database with 10,000 problems, 1,000,000 submissions, 10,000 users and
 * 200 trainings of 50 problems (bulk SQL, see seed.ts), starts ONE Verdict server process on it (no
 * judge), and, from a load generator in a second process (load.ts), offers each call a fixed 200
 * requests per second for 20 s after 5 s of warm-up, one call after the other:
 *
 * - problem list: plain pages (any page), a keyword, one or two tags, a difficulty;
 * - problem detail: any public problem;
 * - submission list (50 a page, as the web app asks): plain pages (1–20), a status, a problem (exact
 *   or a substring), a user name, and onlyMine for a logged-in user (everything else is anonymous);
 * - training list (15 a page, issue 14): with the progress of a logged-in user (any page, a category,
 *   a keyword), and anonymous;
 * - training rank (100 a page, issue 14): the busiest public training, any public one (ranked from
 *   its problems' submissions), any private one (from its records).
 * - rank list (30 a page, as the web app asks): ACM and OI pages near the top (1–10), deep pages
 *   (anywhere in the list) and searched pages (`searchUser`: a user name or nickname substring, or
 *   two characters), over 100,000 users; each variant with its achieved and offered rate.
 *
 * It prints, per call and per variant, the requests, median / 95th / 99th percentile latency (ms,
 * from the moment each request was due), the throughput achieved, the errors (anything but HTTP 200
 * with envelope status 200), the server's CPU use and the machine's 1-minute load average, and
 * whether the target is met: p95 under 50 ms, no error, and the offered rate achieved.
 *
 * Options (environment): BENCH_RATE (200), BENCH_SECONDS (20), BENCH_WARMUP (5), BENCH_PROBLEMS
 * (10000), BENCH_SUBMISSIONS (1000000), BENCH_USERS (100000; issue 14's training figures are for
 * 10000), BENCH_TRAININGS (200), BENCH_CALLS (a comma-separated subset of problem-list,
 * problem-detail, submission-list, rank-list, training-list, training-rank), BENCH_VACUUM=0 (no
 * VACUUM ANALYZE after seeding), BENCH_DB_BUFFERS_MB (768: the server's EMBEDDED_DB_BUFFERS_MB).
 * The server's CPU is counted over the measured seconds, after the warm-up (its first seconds
 * compile its hot code); the figure with the warm-up is printed beside it.
 * BENCH_DATA_DIR=dir seeds into dir and keeps it; a later run with the same dir and sizes skips
 * seeding (the server migrates it on start).
 *
 * DATABASE_URL=postgres://…/db (an existing, empty database on a PostgreSQL server) measures the same
 * calls a second time with the server on that database, seeded the same way (once: a marker in the
 * data directory records it), and prints both databases side by side. There the server CPU is the
 * Verdict process's; the PostgreSQL backends' CPU (same machine) is printed next to it.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  migrateDatabase,
  openDatabase,
  type DatabaseHandle,
  type Db,
} from '../../packages/server/src/db/client.ts';
import * as schema from '../../packages/server/src/db/schema/index.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { seedDatabase } from '../../packages/server/src/db/seed.ts';
import { hashPassword } from '../../packages/server/src/modules/account/password.ts';
import { cpuSeconds } from './cpu.ts';
import type { BenchRequest, Job, Report, Stats } from './load.ts';
import { BENCH_PASSWORD, LOGIN_USERS, seedBench, seedTrainings, type SeedSize } from './seed.ts';
import { freePort } from '../../packages/server/test/helpers/verdict-process.ts';

const execFileAsync = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RATE = env('BENCH_RATE', 200);
const SECONDS = env('BENCH_SECONDS', 20);
const WARMUP = env('BENCH_WARMUP', 5);
const TARGET_P95_MS = 50;
const SIZE: SeedSize = {
  problems: env('BENCH_PROBLEMS', 10_000),
  submissions: env('BENCH_SUBMISSIONS', 1_000_000),
  users: env('BENCH_USERS', 100_000),
  trainings: env('BENCH_TRAININGS', 200),
};
const CALLS = process.env.BENCH_CALLS?.split(',');
/** the embedded database's buffer cache of the server under test (EMBEDDED_DB_BUFFERS_MB) */
const DB_BUFFERS_MB = env('BENCH_DB_BUFFERS_MB', 768);
const VACUUM = process.env.BENCH_VACUUM !== '0';
const MARKER = 'bench-seed.json';
const ROOT_PASSWORD = 'bench-root-1';

/** The database a server runs on: the embedded one in the data directory, or DATABASE_URL's. */
interface Target {
  kind: 'pglite' | 'postgres';
  label: string;
  /** PostgreSQL only */
  url?: string;
  /** where the seeding is recorded */
  marker: string;
  open(): Promise<DatabaseHandle>;
  /** the server's environment for this database */
  env: Record<string, string>;
}

function targets(dataDir: string): Target[] {
  const pglite: Target = {
    kind: 'pglite',
    label: 'PGlite',
    marker: path.join(dataDir, MARKER),
    open: () => openDatabase({ dataDir: path.join(dataDir, 'db') }),
    env: { DATA_DIR: path.join(dataDir, 'db') },
  };
  const url = process.env.DATABASE_URL;
  if (!url) return [pglite];
  return [
    pglite,
    {
      kind: 'postgres',
      label: 'PostgreSQL',
      url,
      marker: path.join(dataDir, 'bench-seed-postgres.json'),
      open: () => openDatabase({ url }),
      // the server's own files (none here) stay apart from the embedded database
      env: { DATABASE_URL: url, DATA_DIR: path.join(dataDir, 'postgres-files') },
    },
  ];
}

interface Seeded {
  size: SeedSize & { vacuumed: boolean };
  /** PostgreSQL: the database seeded */
  url?: string;
  seconds: number;
  /** pg_database_size: tables and indexes */
  databaseBytes: number;
  /** the whole data directory, write-ahead log included (PGlite) */
  directoryBytes?: number;
}

async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? await directoryBytes(full) : (await stat(full)).size;
  }
  return total;
}

/**
 * The seeding connection: PGlite's one, or one node-postgres client (not a pool: the bulk load's
 * `set session_replication_role` and `setseed` hold for the session that ran them).
 */
async function openForSeeding(target: Target): Promise<{ db: Db; close(): Promise<void> }> {
  const database = await target.open();
  await migrateDatabase(database);
  if (target.kind === 'pglite') return database;
  await database.close();
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  return { db: drizzleNodePg({ client, schema }) as unknown as Db, close: () => client.end() };
}

/** Seeds the target's database, or finds it seeded with the same sizes by an earlier run. */
async function seed(target: Target): Promise<Seeded & { reused: boolean }> {
  const wanted = { ...SIZE, vacuumed: VACUUM };
  if (existsSync(target.marker)) {
    const seeded = JSON.parse(await readFile(target.marker, 'utf8')) as Seeded;
    if (JSON.stringify(seeded.size) === JSON.stringify(wanted) && seeded.url === target.url)
      return { ...seeded, reused: true };
    throw new Error(`${target.marker} records other data (${JSON.stringify(seeded)}); remove it`);
  }
  const database = await openForSeeding(target);
  try {
    const [{ n }] = (await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from user_info`,
    )) as [{ n: number }];
    if (n > 0) throw new Error(`${target.label} database holds users but was not seeded here; empty it`);
    console.log(`seeding ${target.label}`);
    const started = Date.now();
    await seedDatabase(database.db, { hashPassword, rootPassword: ROOT_PASSWORD });
    await seedBench(database.db, SIZE, await hashPassword(BENCH_PASSWORD));
    await seedTrainings(database.db, SIZE);
    // As a maintained database would be: PGlite runs no autovacuum, so nothing else gathers planner
    // statistics or the visibility map (BENCH_VACUUM=0 leaves them out, to see the difference).
    if (VACUUM) {
      const vacuumStarted = performance.now();
      await database.db.execute(sql`vacuum analyze`);
      console.log(`  seed: vacuum analyze (${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s)`);
    }
    const [{ bytes }] = (await queryRows<{ bytes: string }>(
      database.db,
      sql`select pg_database_size(current_database()) as bytes`,
    )) as [{ bytes: string }];
    await database.close();
    const seeded: Seeded = {
      size: wanted,
      url: target.url,
      seconds: (Date.now() - started) / 1000,
      databaseBytes: Number(bytes),
      directoryBytes: target.kind === 'pglite' ? await directoryBytes(target.env.DATA_DIR!) : undefined,
    };
    await writeFile(target.marker, JSON.stringify(seeded));
    return { ...seeded, reused: false };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/** What the requests are drawn from: public problem ids, tag ids, counts as a check. */
async function fixtures(target: Target) {
  const database = await target.open();
  try {
    const publicIds = await queryRows<{ problem_id: string }>(
      database.db,
      sql`select problem_id from problem where auth = 1 and is_group = false and problem_id like 'B%'`,
    );
    const tags = await queryRows<{ id: string }>(
      database.db,
      sql`select id from tag where name like 'tag-%'`,
    );
    // two tags that some problems have together
    const pairs = await queryRows<{ a: string; b: string }>(
      database.db,
      sql`select distinct a.tid as a, b.tid as b from problem_tag a join problem_tag b on b.pid = a.pid and b.tid > a.tid`,
    );
    // trainings by rank: the first ones hold the most submitted problems
    const trainings = await queryRows<{ id: string; auth: string }>(
      database.db,
      sql`select id, auth from training where title like 'Bench training %' order by rank`,
    );
    const [counts] = await queryRows<{ problems: number; submissions: number; ranked: number }>(
      database.db,
      sql`select (select count(*)::int from problem) as problems, (select count(*)::int from judge) as submissions,
            (select count(*)::int from user_record where ranked) as ranked`,
    );
    return {
      publicIds: publicIds.map((r) => r.problem_id),
      tagIds: tags.map((r) => Number(r.id)),
      tagPairs: pairs.map((r) => [Number(r.a), Number(r.b)] as const),
      publicTrainings: trainings.filter((t) => t.auth === 'Public').map((t) => Number(t.id)),
      privateTrainings: trainings.filter((t) => t.auth === 'Private').map((t) => Number(t.id)),
      counts: counts!,
    };
  } finally {
    await database.close();
  }
}

async function startServer(target: Target, dataDir: string, port: number) {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repo,
    env: {
      ...inherited,
      ...target.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_JUDGE: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
      // what README's configuration advises for a site of a million submissions
      EMBEDDED_DB_BUFFERS_MB: String(DB_BUFFERS_MB),
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

async function login(baseUrl: string, username: string, password = BENCH_PASSWORD): Promise<string> {
  // a server just started on a busy machine sheds load (503 with a retry time): wait and try again
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const token = res.headers.get('Authorization');
    if (res.ok && token) return token;
    const body = await res.text();
    if (res.status !== 503 || attempt === 10)
      throw new Error(`login as ${username} failed: ${res.status} ${body}`);
    const retry = (JSON.parse(body) as { data?: { retryAfterSeconds?: number } }).data?.retryAfterSeconds;
    await new Promise((resolve) => setTimeout(resolve, (retry ?? 2) * 1000));
  }
}

/**
 * CPU seconds so far of each PostgreSQL backend serving the database (same machine, from /proc:
 * their command line names the user and the database); a backend that ends in between is lost.
 */
async function backendCpu(database: string): Promise<Map<number, number>> {
  const seconds = new Map<number, number>();
  for (const entry of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    // "postgres: 15/main: root verdict 127.0.0.1(5432) idle" (the cluster's name first, if any)
    if (!cmdline.startsWith('postgres: ') || !cmdline.split(' ').includes(database)) continue;
    const cpu = await cpuSeconds(Number(entry));
    if (!Number.isNaN(cpu)) seconds.set(Number(entry), cpu);
  }
  return seconds;
}

function backendCpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}

async function runLoad(
  baseUrl: string,
  requests: BenchRequest[],
  jobFile: string,
  serverPid: number | undefined,
): Promise<Report> {
  const job: Job = { baseUrl, rate: RATE, seconds: SECONDS, warmupSeconds: WARMUP, requests, serverPid };
  await writeFile(jobFile, JSON.stringify(job));
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'load.ts'), jobFile],
    { cwd: repo, maxBuffer: 1 << 24 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Report;
}

// A seeded random draw, so that every run offers the same requests.
let state = 42;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const pickOne = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
/** n requests of one kind made by make */
const many = (n: number, kind: string, make: () => Omit<BenchRequest, 'kind'>): BenchRequest[] =>
  Array.from({ length: n }, () => ({ kind, ...make() }));

type Fixtures = Awaited<ReturnType<typeof fixtures>>;

function scenarios(
  { publicIds, tagIds, tagPairs, publicTrainings, privateTrainings, counts }: Fixtures,
  tokens: string[],
  rootToken: string,
): [string, BenchRequest[]][] {
  const lastPage = Math.max(1, Math.ceil(publicIds.length / 30));
  const lastRankPage = Math.max(1, Math.ceil(counts.ranked / 30));
  const rankType = () => (random() < 0.5 ? 0 : 1);
  const tagPair = () => {
    const [a, b] = pickOne(tagPairs);
    return `tagId=${a}&tagId=${b}`;
  };
  return [
    [
      'problem-list',
      [
        // 50 % plain pages (any page of 30), 20 % keyword, 15 % tag, 15 % difficulty
        ...many(500, 'plain page', () => ({
          path: `/api/get-problem-list?currentPage=${int(1, lastPage)}&limit=30`,
        })),
        ...many(200, 'keyword', () => {
          const keyword = random() < 0.5 ? String(int(1, 9999)) : pickOne(publicIds).toLowerCase();
          return { path: `/api/get-problem-list?currentPage=1&limit=30&keyword=${keyword}` };
        }),
        ...many(150, 'tag', () => ({
          path: `/api/get-problem-list?currentPage=${int(1, 3)}&limit=30&${
            random() < 0.8 ? `tagId=${pickOne(tagIds)}` : tagPair()
          }`,
        })),
        ...many(150, 'difficulty', () => ({
          path: `/api/get-problem-list?currentPage=${int(1, 10)}&limit=30&difficulty=${int(0, 5)}`,
        })),
      ],
    ],
    [
      'problem-detail',
      many(2000, 'any public problem', () => ({
        path: `/api/get-problem-detail?problemId=${pickOne(publicIds)}`,
      })),
    ],
    [
      'submission-list',
      [
        // 50 a page as the web app asks: 50 % plain pages (page 1 most often), 15 % status, 15 % problem,
        // 10 % user name, 10 % onlyMine (logged in: the list's own switch, or a problem page's tab of 10)
        ...many(500, 'plain page', () => ({
          path: `/api/get-submission-list?currentPage=${random() < 0.4 ? 1 : int(2, 20)}&limit=50`,
        })),
        ...many(150, 'status', () => ({
          path: `/api/get-submission-list?currentPage=${int(1, 3)}&limit=50&status=${pickOne([0, 0, -1, -1, 1, -2, 3, 2, 8, -3])}`,
        })),
        ...many(100, 'problem (exact)', () => ({
          path: `/api/get-submission-list?currentPage=${int(1, 2)}&limit=50&problemID=${pickOne(publicIds)}&completeProblemID=true`,
        })),
        ...many(50, 'problem (substring)', () => ({
          path: `/api/get-submission-list?currentPage=1&limit=50&problemID=${pickOne(publicIds).slice(0, 4)}`,
        })),
        // a whole user name (bench1000 … matches itself alone: the LIKE is a substring match)
        ...many(100, 'user name', () => ({
          path: `/api/get-submission-list?currentPage=${int(1, 2)}&limit=50&username=bench${int(1000, SIZE.users)}`,
        })),
        ...many(50, 'onlyMine (logged in)', () => ({
          path: `/api/get-submission-list?currentPage=${int(1, 2)}&limit=50&onlyMine=true`,
          token: pickOne(tokens),
        })),
        ...many(50, 'onlyMine, one problem', () => ({
          path: `/api/get-submission-list?currentPage=1&limit=10&onlyMine=true&problemID=${pickOne(publicIds)}&completeProblemID=true`,
          token: pickOne(tokens),
        })),
      ],
    ],
    [
      // issue 14: 15 a page as the web app asks, with the progress of a logged-in user
      'training-list',
      [
        ...many(600, 'logged in, any page', () => ({
          path: `/api/get-training-list?currentPage=${int(1, Math.ceil(SIZE.trainings / 15))}&limit=15`,
          token: pickOne(tokens),
        })),
        ...many(200, 'logged in, category', () => ({
          path: `/api/get-training-list?currentPage=1&limit=15&categoryId=${int(1, 5)}`,
          token: pickOne(tokens),
        })),
        ...many(100, 'logged in, keyword', () => ({
          path: `/api/get-training-list?currentPage=1&limit=15&keyword=training%20${int(1, SIZE.trainings)}`,
          token: pickOne(tokens),
        })),
        ...many(100, 'anonymous', () => ({
          path: `/api/get-training-list?currentPage=${int(1, 3)}&limit=15`,
        })),
      ],
    ],
    [
      // issue 14: 100 a page as the web app asks; root may open every training. The first public
      // training holds the 50 most submitted problems (a fifteenth of all submissions).
      'training-rank',
      [
        ...many(100, 'public, the busiest', () => ({
          path: `/api/get-training-rank?tid=${publicTrainings[0]}&currentPage=${int(1, 3)}&limit=100`,
          token: rootToken,
        })),
        ...many(450, 'public, any', () => ({
          path: `/api/get-training-rank?tid=${pickOne(publicTrainings)}&currentPage=1&limit=100`,
          token: rootToken,
        })),
        ...many(450, 'private, any', () => ({
          path: `/api/get-training-rank?tid=${pickOne(privateTrainings)}&currentPage=1&limit=100`,
          token: rootToken,
        })),
      ],
    ],
    [
      'rank-list',
      [
        // 30 a page as the web app asks, ACM and OI alike: 50 % the first pages (page 1 most often),
        // 20 % deep pages (any page of the whole list), 30 % searched pages: a user name's digits, a
        // nickname, or two characters (a word start, modules/home/rank.ts), page 1 or 2
        ...many(500, 'top pages (1-10)', () => ({
          path: `/api/get-rank-list?currentPage=${random() < 0.4 ? 1 : int(2, 10)}&limit=30&type=${rankType()}`,
        })),
        ...many(200, 'deep pages (any page)', () => ({
          path: `/api/get-rank-list?currentPage=${int(1, lastRankPage)}&limit=30&type=${rankType()}`,
        })),
        ...many(150, 'searched: user name', () => ({
          path: `/api/get-rank-list?currentPage=1&limit=30&type=${rankType()}&searchUser=bench${int(100, SIZE.users)}`,
        })),
        ...many(100, 'searched: nickname', () => ({
          path: `/api/get-rank-list?currentPage=${int(1, 2)}&limit=30&type=${rankType()}&searchUser=nick%20${int(1, SIZE.users / 3) * 3}`,
        })),
        ...many(50, 'searched: 2 characters', () => ({
          path: `/api/get-rank-list?currentPage=${int(1, 2)}&limit=30&type=${rankType()}&searchUser=${int(10, 99)}`,
        })),
      ],
    ],
  ];
}

const cell = (value: string | number, width: number) => String(value).padStart(width);
const percent = (share: number) => (Number.isNaN(share) ? '?' : `${(share * 100).toFixed(0)} %`);
/** One database's figures for a call or a variant. */
function figures(s: Stats, rate: string, cpu: string) {
  return [
    cell(s.requests, 6),
    cell(s.p50.toFixed(1), 7),
    cell(s.p95.toFixed(1), 7),
    cell(s.p99.toFixed(1), 7),
    cell(s.errors, 4),
    cell(rate, 8),
    cell(cpu, 9),
  ].join(' ');
}
const FIGURES_HEADER = `${'req'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'err'.padStart(4)} ${'req/s'.padStart(8)} ${'CPU'.padStart(9)}`;

/** The share of one core a call may use (issue 31: the submission list under 60 %). */
const CPU_LIMIT: Record<string, number> = { 'submission-list': 0.6 };

interface CallResult {
  report: Report;
  /** the Verdict server process's share of one core */
  cpu: number;
  /** PostgreSQL: its backends' share of one core */
  backendCpu?: number;
  load: number;
  met: boolean;
}

/** Starts a server on the target, offers every call in turn, and reports each. */
async function measure(target: Target, dataDir: string): Promise<Map<string, CallResult>> {
  const data = await fixtures(target);
  const port = await freePort();
  const server = await startServer(target, dataDir, port);
  const results = new Map<string, CallResult>();
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    const tokens = await Promise.all(
      Array.from({ length: LOGIN_USERS }, (_, i) => login(baseUrl, `bench${i + 1}`)),
    );
    const rootToken = await login(baseUrl, 'root', ROOT_PASSWORD);
    console.log(
      `\n${target.label}: ${data.counts.problems} problems, ${data.counts.submissions} submissions; 1-minute load average ${os.loadavg()[0]!.toFixed(2)} before its load`,
    );
    const database = target.url && new URL(target.url).pathname.slice(1);
    state = 42; // the same requests for every database
    for (const [name, requests] of scenarios(data, tokens, rootToken)) {
      if (CALLS && !CALLS.includes(name)) continue;
      const cpuBefore = await cpuSeconds(server.pid);
      const backendBefore = database ? await backendCpu(database) : undefined;
      const wallBefore = performance.now();
      const report = await runLoad(baseUrl, requests, path.join(dataDir, 'bench-job.json'), server.pid);
      const wall = (performance.now() - wallBefore) / 1000;
      // warm-up included: what a server just started pays while V8 compiles its hot code
      const cpuWithWarmUp = ((await cpuSeconds(server.pid)) - cpuBefore) / wall;
      const cpu = report.serverCpu ?? cpuWithWarmUp;
      const backend =
        database && backendBefore
          ? backendCpuSpent(backendBefore, await backendCpu(database)) / wall
          : undefined;
      const met =
        report.p95 < TARGET_P95_MS &&
        report.errors === 0 &&
        report.throughput >= RATE * 0.95 &&
        !(cpu > (CPU_LIMIT[name] ?? Infinity));
      const load = os.loadavg()[0]!;
      results.set(name, { report, cpu, backendCpu: backend, load, met });
      console.log(
        `  ${name.padEnd(22)} p95 ${report.p95.toFixed(1)} ms, ${report.throughput.toFixed(0)} req/s, server CPU ${percent(cpu)}` +
          // what a request costs, whatever share of the machine the server got
          ` (${((cpu * 1000) / RATE).toFixed(2)} ms a request offered; ${percent(cpuWithWarmUp)} with the warm-up)` +
          `${backend === undefined ? '' : `, PostgreSQL backends ${percent(backend)}`}, load ${load.toFixed(2)}: ${met ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
  }
  return results;
}

/** Every call and variant, one column group per database. */
function printSideBySide(measured: [Target, Map<string, CallResult>][]) {
  const width = FIGURES_HEADER.length;
  console.log(
    `\n${''.padEnd(26)}${measured.map(([t]) => ` | ${t.label.padEnd(width)}`).join('')}` +
      `\n${'call / variant'.padEnd(26)}${measured.map(() => ` | ${FIGURES_HEADER}`).join('')}`,
  );
  const calls = [...new Set(measured.flatMap(([, results]) => [...results.keys()]))];
  for (const name of calls) {
    const line = measured.map(([, results]) => {
      const r = results.get(name);
      if (!r) return ''.padEnd(width);
      const cpu = r.backendCpu === undefined ? percent(r.cpu) : `${percent(r.cpu)}+${percent(r.backendCpu)}`;
      return figures(r.report, r.report.throughput.toFixed(0), cpu);
    });
    const verdicts = measured.map(([t, results]) => {
      const r = results.get(name);
      return r ? `${t.label} ${r.met ? 'met' : 'NOT met'} (load ${r.load.toFixed(2)})` : '';
    });
    console.log(`${name.padEnd(26)}${line.map((l) => ` | ${l}`).join('')}   ${verdicts.join(', ')}`);
    const kinds = Object.keys(measured.find(([, results]) => results.has(name))![1].get(name)!.report.kinds);
    for (const kind of kinds) {
      const cells = measured.map(([, results]) => {
        const s = results.get(name)?.report.kinds[kind];
        return s ? figures(s, `${s.throughput.toFixed(0)}/${s.offered.toFixed(0)}`, '') : ''.padEnd(width);
      });
      console.log(`  ${kind.padEnd(24)}${cells.map((c) => ` | ${c}`).join('')}`);
    }
    for (const [t, results] of measured) {
      const first = results.get(name)?.report.firstError;
      if (first) console.log(`  ${t.label} first error: ${first}`);
    }
  }
}

const keep = process.env.BENCH_DATA_DIR !== undefined;
const dataDir = keep
  ? path.resolve(process.env.BENCH_DATA_DIR!)
  : await mkdtemp(path.join(os.tmpdir(), 'verdict-bench-'));
await mkdir(dataDir, { recursive: true });
try {
  const loadBefore = os.loadavg()[0]!;
  const all = targets(dataDir);
  let reused = true;
  for (const target of all) {
    const seeded = await seed(target);
    reused &&= seeded.reused;
    console.log(
      `${target.label}: ${seeded.reused ? 'reused' : 'seeded'} ${SIZE.problems} problems and ${SIZE.submissions} submissions` +
        ` (${SIZE.users} users) ${target.url ? `in ${target.url}` : `in ${dataDir}`}: seeding took ${seeded.seconds.toFixed(0)} s;` +
        ` the database holds ${(seeded.databaseBytes / 2 ** 20).toFixed(0)} MB` +
        (seeded.directoryBytes === undefined
          ? ''
          : `, its directory with the write-ahead log ${(seeded.directoryBytes / 2 ** 20).toFixed(0)} MB`),
    );
  }
  const loadIdle = os.loadavg()[0]!;
  console.log(
    `\n${os.cpus().length} CPUs; 1-minute load average ${loadBefore.toFixed(2)} at the start, ${loadIdle.toFixed(2)} before the load` +
      `\n${RATE} requests/s for ${SECONDS} s per call after ${WARMUP} s of warm-up; one server process per database, one database after the other; the embedded database's buffer cache ${DB_BUFFERS_MB} MiB (BENCH_DB_BUFFERS_MB)`,
  );
  const measured: [Target, Map<string, CallResult>][] = [];
  for (const target of all) measured.push([target, await measure(target, dataDir)]);
  printSideBySide(measured);
  console.log(
    `\nLatency in ms from the moment each request was due; CPU is the server process's CPU time` +
      ` over the measured ${SECONDS} s after the ${WARMUP} s warm-up (100 % = one core), on PostgreSQL followed by its backends' over the call's ${WARMUP + SECONDS} s; load is the 1-minute load average at` +
      ` the end of the call, this benchmark included; a variant's req/s is achieved/offered. Target: p95 < ${TARGET_P95_MS} ms, no errors,` +
      ` ${RATE} req/s achieved` +
      Object.entries(CPU_LIMIT)
        .map(([name, limit]) => `, ${name}: server CPU under ${percent(limit)}`)
        .join('') +
      '.',
  );
  const notMet = measured.flatMap(([t, results]) =>
    [...results].filter(([, r]) => !r.met).map(([name]) => `${name} (${t.label})`),
  );
  console.log(
    measured.every(([, results]) => results.size === 0)
      ? 'No call measured.'
      : notMet.length === 0
        ? 'All targets met.'
        : `Targets NOT met: ${notMet.join(', ')}`,
  );
  // Seeding loads the machine itself, so only a reused database shows what else was running.
  const busy = reused ? loadIdle : loadBefore;
  if (busy > os.cpus().length * 0.75)
    console.log(`The machine was busy before the load (load ${busy.toFixed(2)}); re-run when it is quieter.`);
} finally {
  await rm(path.join(dataDir, 'bench-job.json'), { force: true });
  if (keep) console.log(`data kept in ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
}
