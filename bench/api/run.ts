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
 * VACUUM ANALYZE after seeding).
 * BENCH_DATA_DIR=dir seeds into dir and keeps it; a later run with the same dir and sizes skips
 * seeding (the server migrates it on start).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { seedDatabase } from '../../packages/server/src/db/seed.ts';
import { hashPassword } from '../../packages/server/src/modules/account/password.ts';
import type { BenchRequest, Job, Report, Stats } from './load.ts';
import { BENCH_PASSWORD, LOGIN_USERS, seedBench, seedTrainings, type SeedSize } from './seed.ts';

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
const VACUUM = process.env.BENCH_VACUUM !== '0';
const MARKER = 'bench-seed.json';
const ROOT_PASSWORD = 'bench-root-1';

interface Seeded {
  size: SeedSize & { vacuumed: boolean };
  seconds: number;
  /** pg_database_size: tables and indexes */
  databaseBytes: number;
  /** the whole data directory, write-ahead log included */
  directoryBytes: number;
}

async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? await directoryBytes(full) : (await stat(full)).size;
  }
  return total;
}

/** Seeds dataDir/db, or finds it seeded with the same sizes by an earlier run. */
async function seed(dataDir: string): Promise<Seeded & { reused: boolean }> {
  const marker = path.join(dataDir, MARKER);
  if (existsSync(marker)) {
    const seeded = JSON.parse(await readFile(marker, 'utf8')) as Seeded;
    if (JSON.stringify(seeded.size) === JSON.stringify({ ...SIZE, vacuumed: VACUUM }))
      return { ...seeded, reused: true };
    throw new Error(`${dataDir} holds data of other sizes (${JSON.stringify(seeded.size)}); remove it`);
  }
  if (existsSync(path.join(dataDir, 'db')))
    throw new Error(`${dataDir}/db exists but was not seeded; remove it`);
  const started = Date.now();
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await migrateDatabase(database);
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
    size: { ...SIZE, vacuumed: VACUUM },
    seconds: (Date.now() - started) / 1000,
    databaseBytes: Number(bytes),
    directoryBytes: await directoryBytes(path.join(dataDir, 'db')),
  };
  await writeFile(marker, JSON.stringify(seeded));
  return { ...seeded, reused: false };
}

/** What the requests are drawn from: public problem ids, tag ids, counts as a check. */
async function fixtures(dataDir: string) {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
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

async function startServer(dataDir: string, port: number) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      DATA_DIR: path.join(dataDir, 'db'),
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

async function login(baseUrl: string, username: string, password = BENCH_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const token = res.headers.get('Authorization');
  if (!res.ok || !token) throw new Error(`login as ${username} failed: ${res.status} ${await res.text()}`);
  return token;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux), or NaN. */
async function cpuSeconds(pid: number | undefined): Promise<number> {
  try {
    const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

async function runLoad(baseUrl: string, requests: BenchRequest[], jobFile: string): Promise<Report> {
  const job: Job = { baseUrl, rate: RATE, seconds: SECONDS, warmupSeconds: WARMUP, requests };
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
function row(name: string, s: Stats, extra: (string | number)[]) {
  return [
    name.padEnd(24),
    cell(s.requests, 8),
    cell(s.p50.toFixed(1), 7),
    cell(s.p95.toFixed(1), 7),
    cell(s.p99.toFixed(1), 7),
    cell(s.errors, 7),
    ...extra,
  ].join(' ');
}

const keep = process.env.BENCH_DATA_DIR !== undefined;
const dataDir = keep
  ? path.resolve(process.env.BENCH_DATA_DIR!)
  : await mkdtemp(path.join(os.tmpdir(), 'verdict-bench-'));
await mkdir(dataDir, { recursive: true });
let server: ChildProcess | undefined;
try {
  const loadBefore = os.loadavg()[0]!;
  const seeded = await seed(dataDir);
  const data = await fixtures(dataDir);
  const { counts } = data;
  console.log(
    `${seeded.reused ? 'reused' : 'seeded'} ${counts.problems} problems and ${counts.submissions} submissions` +
      ` (${SIZE.users} users, ${counts.ranked} in the rank lists) in ${dataDir}: seeding took ${seeded.seconds.toFixed(0)} s; the database` +
      ` holds ${(seeded.databaseBytes / 2 ** 20).toFixed(0)} MB, its directory with the write-ahead log` +
      ` ${(seeded.directoryBytes / 2 ** 20).toFixed(0)} MB`,
  );
  const port = await freePort();
  server = await startServer(dataDir, port);
  const baseUrl = `http://127.0.0.1:${port}`;
  const tokens = await Promise.all(
    Array.from({ length: LOGIN_USERS }, (_, i) => login(baseUrl, `bench${i + 1}`)),
  );
  const rootToken = await login(baseUrl, 'root', ROOT_PASSWORD);
  const loadIdle = os.loadavg()[0]!;
  console.log(
    `\n${os.cpus().length} CPUs; 1-minute load average ${loadBefore.toFixed(2)} before seeding, ${loadIdle.toFixed(2)} before the load` +
      `\n${RATE} requests/s for ${SECONDS} s per call after ${WARMUP} s of warm-up; one server process, PGlite\n`,
  );
  console.log(
    `${'call / variant'.padEnd(24)} requests  p50 ms  p95 ms  p99 ms  errors   req/s  server CPU  load  target`,
  );
  const results: { name: string; met: boolean }[] = [];
  for (const [name, requests] of scenarios(data, tokens, rootToken)) {
    if (CALLS && !CALLS.includes(name)) continue;
    const cpuBefore = await cpuSeconds(server.pid);
    const wallBefore = performance.now();
    const r = await runLoad(baseUrl, requests, path.join(dataDir, 'bench-job.json'));
    const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
    const cpuShare = cpu / ((performance.now() - wallBefore) / 1000);
    const met = r.p95 < TARGET_P95_MS && r.errors === 0 && r.throughput >= RATE * 0.95;
    results.push({ name, met });
    console.log(
      row(name, r, [
        cell(r.throughput.toFixed(0), 7),
        cell(Number.isNaN(cpuShare) ? '?' : `${(cpuShare * 100).toFixed(0)} %`, 11),
        cell(os.loadavg()[0]!.toFixed(2), 5),
        met ? ' met' : ' NOT met',
      ]),
    );
    for (const [kind, s] of Object.entries(r.kinds))
      console.log(row(`  ${kind}`, s, [cell(`${s.throughput.toFixed(0)}/${s.offered.toFixed(0)}`, 7)]));
    if (r.firstError) console.log(`  first error: ${r.firstError}`);
  }
  console.log(
    `\nLatency in ms from the moment each request was due; server CPU is the server process's CPU time` +
      ` over the call's ${WARMUP + SECONDS} s (100 % = one core); load is the 1-minute load average at` +
      ` the end of the call, this benchmark included; a variant's req/s is achieved/offered. Target: p95 < ${TARGET_P95_MS} ms, no errors and` +
      ` ${RATE} req/s achieved.`,
  );
  console.log(
    results.length === 0
      ? 'No call measured.'
      : results.every((r) => r.met)
        ? 'All targets met.'
        : `Targets NOT met: ${results
            .filter((r) => !r.met)
            .map((r) => r.name)
            .join(', ')}`,
  );
  // Seeding loads the machine itself, so only a reused database shows what else was running.
  const busy = seeded.reused ? loadIdle : loadBefore;
  if (busy > os.cpus().length * 0.75)
    console.log(`The machine was busy before the load (load ${busy.toFixed(2)}); re-run when it is quieter.`);
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await rm(path.join(dataDir, 'bench-job.json'), { force: true });
  if (keep) console.log(`data kept in ${dataDir}`);
  else await rm(dataDir, { recursive: true, force: true });
}
