/**
 * Contest scoreboard benchmark: `node --import tsx bench/contest/run.ts` (not part of the tests).
 *
 * The server is one process on an embedded PGlite database: an ACM contest of 10,000 participants ×
 * 15 problems with 200,000 judged submissions (seed.ts, bulk SQL) and one Verdict app on it,
 * listening on loopback. The load generator is a child process (load.ts) that talks HTTP to it, so
 * that the client's own work (HTTP client, JSON parsing, timers) does not share the server's event
 * loop and the server's CPU figures are the server's alone. Phases:
 *
 * 1. calibration: BENCH_CALIBRATION_SECONDS (5) of board reads only, then as long of verdicts only
 *    (claim + result through the judge gateway): the server's CPU per read and per verdict;
 * 2. live, for 60 s: verdicts at 50 per second while clients read board pages
 *    (`POST /api/get-contest-rank`, 50 rows, any page, some with followed users or a keyword) at 200
 *    requests a second.
 *
 * It prints:
 * - the board-read latency p50 / p95 / p99 (ms, from the moment each read was due, so queueing
 *   counts), and the reads and verdicts achieved against those offered, and the errors;
 * - verdict-to-board p50 / p95: from the gateway's answer to a result (the verdict is stored) to
 *   the first read of the board that shows it (one probe loop reads the outside board every 20 ms
 *   with every waiting user followed — their rows come first — until a row's `total` counts the
 *   verdict; so probing adds at most 50 reads a second, printed);
 * - the server's CPU during the live phase (% of one core, ms per call) and how long its event loop
 *   stalled (p99 and longest delay);
 * - the same read answered in process one after the other by the incremental board and by the full
 *   recomputation (every record, per read: HOJ's way, kept as the reference implementation):
 *   p50 / p95 and CPU per read;
 * - the first read's time (the board built from the records).
 *
 * Targets: read p95 under 50 ms, verdict-to-board p95 under 1 s.
 *
 * Options (environment): BENCH_SECONDS (60), BENCH_READ_RATE (200), BENCH_VERDICT_RATE (50),
 * BENCH_PARTICIPANTS (10000), BENCH_PROBLEMS (15), BENCH_JUDGED (200000), BENCH_FULL_READS (20),
 * BENCH_CALIBRATION_SECONDS (5). `--quick` is 10 s on 1,000 participants and 20,000 submissions
 * (3 s calibrations). BENCH_DATA_DIR=dir keeps the seeded database in dir (it is seeded anew each
 * run). BENCH_CPU_PROFILE=file.cpuprofile writes a CPU profile of the server during the live phase
 * (open it in Chrome DevTools). After the figures it prints what each server's `/metrics` showed during
 * the live phase (metrics-digest.ts).
 *
 * Several server processes on one PostgreSQL (issue 28): `--database postgres --servers N
 * [--compare]`. The benchmark creates a database of its own on the server of BENCH_DATABASE_URL (or
 * DATABASE_URL), seeds it once from this process, and drops it at the end. It starts N real server
 * processes (`main.ts`, as `npm start` does: EMBEDDED_JUDGE=false, one JUDGE_TOKEN and
 * JWT_TOKEN_SECRET, one DATA_DIR) on it; sessions and the judge's registration are written through
 * an app in this process that serves nothing. There is no proxy: the load generator balances on the
 * client side, round-robin per request (load.ts), and looks for each verdict on another server than
 * the one that stored it. Each server's CPU is read from /proc/<pid>/stat (utime + stime) before and
 * after each phase, as % of one core; calibration goes through all N servers (its CPU per call is
 * summed over them), which also warms every server's code before the live phases. At the end one
 * board page and one read with followed users are fetched from every server and compared (equal /
 * differ).
 * `--compare` runs the live phase twice on the same seeded database with the same offered load,
 * first through server 1 alone (the others idle), then through all N, and prints both side by side.
 * `--servers N` (N ≥ 1, default 1) needs `--database postgres`; `--database pglite` is the default
 * mode above. The servers run without load shedding, as the embedded mode's app does;
 * BENCH_CPU_PROFILE and the event-loop delay are of the embedded mode only.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { contestRankBody, JUDGE_TOKEN_HEADER } from '@verdict/shared';
import { buildApp } from '../../packages/server/src/app.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { seedDatabase } from '../../packages/server/src/db/seed.ts';
import { hashPassword } from '../../packages/server/src/modules/account/password.ts';
import { outsideScoreboard } from '../../packages/server/src/modules/contest/rank/service.ts';
import { RankBoards } from '../../packages/server/src/modules/contest/rank/store.ts';
import {
  freePort,
  startVerdict,
  type VerdictProcess,
} from '../../packages/server/test/helpers/verdict-process.ts';
import type { LoadPhase, LoadSetup, PhaseResult } from './load.ts';
import { seedContest, type ContestSize } from './seed.ts';
import { digest, scrape } from './metrics-digest.ts';
import { SqlStats } from './sql-stats.ts';

const quick = process.argv.includes('--quick');
/** `--name value` or `--name=value` */
function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  for (const [i, arg] of args.entries()) {
    if (arg === `--${name}`) return args[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}
const DATABASE = option('database') ?? 'pglite';
if (DATABASE !== 'pglite' && DATABASE !== 'postgres')
  throw new Error(`--database ${DATABASE}: pglite (the default) or postgres`);
const POSTGRES = DATABASE === 'postgres';
const SERVERS = Number(option('servers') ?? 1);
if (!Number.isInteger(SERVERS) || SERVERS < 1) throw new Error('--servers N: a whole number, at least 1');
if (SERVERS > 1 && !POSTGRES) throw new Error('--servers N needs --database postgres');
const COMPARE = process.argv.includes('--compare');
if (COMPARE && !POSTGRES) throw new Error('--compare needs --database postgres');
/** live phases: with --compare, one through server 1 alone and one through all of them */
const LIVES = COMPARE ? [1, SERVERS] : [SERVERS];
const env = (name: string, normal: number, short: number) =>
  Number(process.env[name] ?? (quick ? short : normal));
const SECONDS = env('BENCH_SECONDS', 60, 10);
const READ_RATE = env('BENCH_READ_RATE', 200, 200);
const VERDICT_RATE = env('BENCH_VERDICT_RATE', 50, 50);
const FULL_READS = env('BENCH_FULL_READS', 20, 10);
const CALIBRATION_SECONDS = env('BENCH_CALIBRATION_SECONDS', 5, 3);
const SIZE: ContestSize = {
  participants: env('BENCH_PARTICIPANTS', 10_000, 1_000),
  problems: env('BENCH_PROBLEMS', 15, 15),
  judged: env('BENCH_JUDGED', 200_000, 20_000),
  pending:
    Math.ceil(env('BENCH_VERDICT_RATE', 50, 50) * (SECONDS * (COMPARE ? 2 : 1) + CALIBRATION_SECONDS) * 1.2) +
    100,
};
const TARGET_READ_P95_MS = 50;
const TARGET_VERDICT_P95_MS = 1000;
/** --database postgres: each server process under this much of one core during the live phase */
const TARGET_SERVER_CPU_PERCENT = 60;
const JUDGE_TOKEN = randomBytes(16).toString('hex');
/** every server serves /metrics with it: the live phases are scraped before and after */
const METRICS_TOKEN = randomBytes(16).toString('hex');
const JUDGE = 'bench-judge';

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const random = (n: number) => Math.floor(Math.random() * n);

/** Linux's USER_HZ: the unit of /proc/<pid>/stat's utime and stime (100 on every Linux port). */
const CLOCK_TICKS = 100;

/** A process's CPU time so far (utime + stime, ms), from /proc/<pid>/stat. */
async function cpuOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // the fields after "pid (comm) ": state is field 3, utime 14 and stime 15
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** A process's resident memory (MiB), from /proc/<pid>/status. */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/** One call of the API over HTTP; answers the envelope's data, a non-200 envelope throws. */
async function httpPost<T>(base: string, route: string, body: object, token?: string): Promise<T> {
  const res = await fetch(base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { status: number; msg: string; data: T };
  if (envelope.status !== 200) throw new Error(`${route}: ${envelope.status} ${envelope.msg}`);
  return envelope.data;
}

async function main() {
  const [load1, load5, load15] = os.loadavg();
  console.log(
    `load average at the start: ${load1!.toFixed(2)} ${load5!.toFixed(2)} ${load15!.toFixed(2)} ` +
      `(1, 5, 15 min; ${os.cpus().length} cores)`,
  );
  const sqlStats = process.env.BENCH_SQL_STATS ? new SqlStats() : undefined;
  sqlStats?.install();
  const dataDir =
    process.env.BENCH_DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'verdict-bench-contest-')));
  if (!POSTGRES) await rm(path.join(dataDir, 'db'), { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });

  // --database postgres: a database of the benchmark's own on that server, dropped at the end
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (POSTGRES) {
    const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    if (!serverUrl) throw new Error('--database postgres needs BENCH_DATABASE_URL or DATABASE_URL');
    const name = `verdict_bench_contest_${randomBytes(4).toString('hex')}`;
    const admin = await openDatabase({ url: serverUrl });
    await admin.db.execute(sql.raw(`create database "${name}"`));
    dropDatabase = async () => {
      await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await admin.close();
    };
    const u = new URL(serverUrl);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    console.log(`database: ${name} on the PostgreSQL server at ${u.host}; ${SERVERS} server process(es)`);
  }
  const servers: VerdictProcess[] = [];
  let database: DatabaseHandle | undefined;
  let child: ChildProcess | undefined;
  try {
    console.log(
      `seeding: ${SIZE.participants} participants × ${SIZE.problems} problems, ${SIZE.judged} judged and ${SIZE.pending} pending submissions…`,
    );
    let started = performance.now();
    database = databaseUrl
      ? await openDatabase({ url: databaseUrl })
      : await openDatabase({ dataDir: path.join(dataDir, 'db') });
    await migrateDatabase(database);
    const db = database.db;
    await seedDatabase(db, { hashPassword, rootPassword: 'bench-root-1' });
    const cid = await seedContest(db, SIZE, new Date());
    await db.execute(sql`vacuum analyze`);
    console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);

    const jwtSecret = randomBytes(32).toString('hex');
    const app = await buildApp({
      db,
      config: {
        jwt: { secret: jwtSecret, expireSeconds: 86400, refreshAfterSeconds: 43200 },
        webDist: undefined,
        corsOrigins: [],
        dataDir,
        judgeToken: JUDGE_TOKEN,
        judgeLeaseMs: 120_000,
        metricsToken: METRICS_TOKEN,
      },
    });
    await app.ready();
    const participants = await queryRows<{ uuid: string }>(
      db,
      sql`select uuid from user_info where username ~ '^c[0-9]+$' order by uuid`,
    );
    // sessions are rows of the database: these tokens hold on every server sharing JWT_TOKEN_SECRET
    const tokens = await Promise.all(
      participants
        .slice(0, 20)
        .map((p) => app.auth.openSession(p.uuid, { userAgent: 'bench', ip: '127.0.0.1' })),
    );
    const owner = new Map(
      (
        await queryRows<{ submit_id: number; uid: string }>(
          db,
          sql`select submit_id, uid from judge where cid = ${cid} and status = 5`,
        )
      ).map((r) => [Number(r.submit_id), r.uid]),
    );

    // each user's judged submissions: a verdict shows on the board when the row's `total` reaches it
    const judgedOf = new Map(
      (
        await queryRows<{ uid: string; n: number }>(
          db,
          sql`select uid, count(*)::int as n from contest_record where cid = ${cid} and status is not null group by uid`,
        )
      ).map((r) => [r.uid, Number(r.n)]),
    );

    const pages = Math.max(1, Math.floor(SIZE.participants / 50));
    const readBody = () => {
      const body: Record<string, unknown> = { cid, limit: 50, currentPage: 1 + random(pages) };
      const roll = Math.random();
      if (roll < 0.1)
        body.concernedList = Array.from({ length: 5 }, () => participants[random(participants.length)]!.uuid);
      else if (roll < 0.15) body.keyword = `school ${random(200)}`;
      return body;
    };

    // the judge's registration is a row of the database too: it claims through any server
    const registered = await app.inject({
      method: 'POST',
      url: '/api/judge-gateway/register',
      headers: { [JUDGE_TOKEN_HEADER]: JUDGE_TOKEN },
      payload: {
        name: JUDGE,
        host: 'bench',
        cpuCore: 1,
        maxTaskNumber: 64,
        version: 'bench',
        languages: ['C++'],
      },
    });
    if (registered.statusCode !== 200) throw new Error(`register: ${registered.body}`);

    let urls: string[];
    if (POSTGRES) {
      // the in-process app only wrote the sessions and the registration; the servers serve
      await app.close();
      const ports: number[] = [];
      for (let i = 0; i < SERVERS; i++) ports.push(await freePort());
      await Promise.all(
        ports.map(async (port, i) => {
          servers[i] = await startVerdict({
            DATABASE_URL: databaseUrl!,
            DATA_DIR: dataDir,
            HOST: '127.0.0.1',
            PORT: String(port),
            EMBEDDED_JUDGE: 'false',
            JUDGE_TOKEN,
            JWT_TOKEN_SECRET: jwtSecret,
            JUDGE_LEASE_MS: '120000',
            METRICS_TOKEN,
            VERDICT_ROOT_PASSWORD: 'bench-root-1',
            LOG_LEVEL: 'warn',
            // no load shedding, as in the embedded mode (its app has none): every call is answered
            LOAD_SHED_MAX_DELAY_MS: '0',
            LOAD_SHED_MAX_IN_FLIGHT: '0',
          });
        }),
      );
      urls = ports.map((port) => `http://127.0.0.1:${port}`);
      console.log(`servers: ${servers.map((s, i) => `${i + 1}: pid ${s.pid} at ${urls[i]}`).join(', ')}`);
      for (const [i, url] of urls.entries()) {
        started = performance.now();
        await httpPost(url, '/api/get-contest-rank', { cid, limit: 50 }, tokens[0]);
        console.log(
          `first read on server ${i + 1} (board built from ${SIZE.judged} records): ${ms(performance.now() - started)} ms`,
        );
      }
    } else {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      urls = [`http://127.0.0.1:${address.port}`];
      started = performance.now();
      const first = await app.inject({
        method: 'POST',
        url: '/api/get-contest-rank',
        headers: { authorization: tokens[0]! },
        payload: { cid, limit: 50 },
      });
      if (first.json<{ status: number }>().status !== 200) throw new Error(`first read: ${first.body}`);
      console.log(
        `first read (board built from ${SIZE.judged} records): ${ms(performance.now() - started)} ms`,
      );
    }

    // ---- the load generator: a child process, over loopback HTTP -------------------------------
    const generator = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child = generator;
    const answer = <T>() =>
      new Promise<T>((resolve, reject) => {
        generator.once('message', (m: { error?: string } & T) =>
          m.error ? reject(new Error(m.error)) : resolve(m),
        );
        generator.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
      });
    const setup: LoadSetup = {
      urls,
      cid,
      judgeToken: JUDGE_TOKEN,
      judgeName: JUDGE,
      tokens,
      uids: participants.map((p) => p.uuid),
      owner: [...owner],
      judged: [...judgedOf],
      pages,
    };
    generator.send({ setup });
    await answer<{ ready: true }>();

    /**
     * Runs a phase in the load generator; answers its figures and the server's CPU meanwhile (the
     * embedded mode: this process's; --database postgres: each server process's, from /proc).
     */
    const phase = async (p: LoadPhase, profile?: string) => {
      const session = profile && !POSTGRES ? new Session() : undefined;
      if (session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      const pids = servers.map((s) => s.pid);
      const metricsBefore = await Promise.all(urls.map((url) => scrape(url, METRICS_TOKEN)));
      const serverCpuBefore = await Promise.all(pids.map(cpuOf));
      const cpuBefore = process.cpuUsage();
      // how long the server's event loop stalled: a long statement, a checkpoint, a collection
      const stalls = monitorEventLoopDelay({ resolution: 5 });
      stalls.enable();
      generator.send({ phase: p });
      const { result } = await answer<{ result: PhaseResult }>();
      const used = process.cpuUsage(cpuBefore);
      const serverCpuMs = POSTGRES
        ? (await Promise.all(pids.map(cpuOf))).map((cpu, i) => cpu - serverCpuBefore[i]!)
        : [(used.user + used.system) / 1000];
      const rssMiB = POSTGRES ? await Promise.all(pids.map(rssOf)) : [process.memoryUsage().rss / 2 ** 20];
      if (session) {
        const { profile: data } = await session.post('Profiler.stop');
        await writeFile(profile!, JSON.stringify(data));
        session.disconnect();
      }
      stalls.disable();
      const metricsAfter = await Promise.all(urls.map((url) => scrape(url, METRICS_TOKEN)));
      return {
        metrics: urls.map((_, i) => digest(metricsBefore[i]!, metricsAfter[i]!, result.wall)),
        ...result,
        servers: p.servers ?? urls.length,
        cpuMs: serverCpuMs.reduce((a, b) => a + b, 0),
        serverCpuMs,
        rssMiB,
        // --database postgres: the servers' loops are in other processes
        stallP99: POSTGRES ? NaN : stalls.percentile(99) / 1e6,
        stallMax: POSTGRES ? NaN : stalls.max / 1e6,
      };
    };

    const load = os.loadavg()[0]!;
    console.log(
      `calibration: ${CALIBRATION_SECONDS} s of reads only, then ${CALIBRATION_SECONDS} s of verdicts only` +
        `${POSTGRES ? `, through ${SERVERS} server${SERVERS > 1 ? 's' : ''}` : ''}…`,
    );
    sqlStats?.start();
    const readsOnly = await phase({
      seconds: CALIBRATION_SECONDS,
      readRate: READ_RATE,
      verdictRate: 0,
      probe: false,
    });
    if (sqlStats) console.log(sqlStats.report({ read: readsOnly.readLatency.length }));
    sqlStats?.start();
    const verdictsOnly = await phase({
      seconds: CALIBRATION_SECONDS,
      readRate: 0,
      verdictRate: VERDICT_RATE,
      probe: false,
    });
    if (sqlStats) console.log(sqlStats.report({ verdict: verdictsOnly.verdicts }));
    const profileFile = process.env.BENCH_CPU_PROFILE;
    const lives: Awaited<ReturnType<typeof phase>>[] = [];
    for (const n of LIVES) {
      console.log(
        `live: ${SECONDS} s, reads ${READ_RATE}/s, verdicts ${VERDICT_RATE}/s` +
          `${POSTGRES ? `, through ${n} server${n > 1 ? 's' : ''}` : ''}…`,
      );
      // Behind a load balancer every server is read all the time. One left out of the last phase is
      // that phase's verdicts behind (more than the feed's MAX_CHANGES), and its next read rebuilds
      // its board from every record: that read is made and timed here, not inside the phase.
      if (POSTGRES)
        for (const [i, url] of urls.slice(0, n).entries()) {
          started = performance.now();
          await httpPost(url, '/api/get-contest-rank', { cid, limit: 50 }, tokens[0]);
          console.log(
            `  server ${i + 1} brought up to date before the phase: ${ms(performance.now() - started)} ms`,
          );
        }
      lives.push(
        await phase(
          { seconds: SECONDS, readRate: READ_RATE, verdictRate: VERDICT_RATE, probe: true, servers: n },
          profileFile,
        ),
      );
    }
    generator.disconnect();

    // ---- --database postgres: the same reads from every server must answer the same ------------
    const boards: { what: string; equal: boolean }[] = [];
    // a board looks at the database every 100 ms at most: let each have its look
    if (POSTGRES) await new Promise((resolve) => setTimeout(resolve, 300));
    if (POSTGRES)
      for (const [what, body] of [
        ['board page 1', { cid, limit: 50, currentPage: 1 }],
        [
          'followed users',
          { cid, limit: 50, currentPage: 3, concernedList: participants.slice(0, 5).map((p) => p.uuid) },
        ],
      ] as const) {
        const answers = await Promise.all(
          urls.map((url) => httpPost(url, '/api/get-contest-rank', body, tokens[0])),
        );
        const texts = answers.map((a) => JSON.stringify(a));
        boards.push({ what, equal: texts.every((t) => t === texts[0]) });
      }

    // ---- the same read, one after the other: incremental board vs full recomputation -----------
    const sequential = async (rankBoards: RankBoards | 'full', count: number) => {
      const times: number[] = [];
      const cpuBefore = process.cpuUsage();
      for (let i = 0; i < count; i++) {
        const body = contestRankBody.parse(readBody());
        const at = performance.now();
        await outsideScoreboard(db, rankBoards, null, body, new Date());
        times.push(performance.now() - at);
      }
      const used = process.cpuUsage(cpuBefore);
      return { times, cpuMs: (used.user + used.system) / 1000 / count };
    };
    const warmBoards = new RankBoards(db);
    await sequential(warmBoards, 1);
    const incremental = await sequential(warmBoards, Math.max(FULL_READS, 50));
    const full = await sequential('full', FULL_READS);

    const perSecond = (n: number, s: number) => (n / s).toFixed(0);
    const cpuPer = (cpuMs: number, n: number) => (n > 0 ? (cpuMs / n).toFixed(2) : '-');
    const errors = (r: PhaseResult) =>
      r.firstErrors.length > 0 ? `\n  first errors: ${r.firstErrors.join('\n  ')}` : '';
    const calls = (r: (typeof lives)[number]) => r.readLatency.length + r.probes + r.verdicts * 2;
    const percentOfCore = (cpuMs: number, wall: number) => (cpuMs / 1000 / wall) * 100;
    console.log('');
    console.log(
      `contest: ${SIZE.participants} participants × ${SIZE.problems} problems, ${SIZE.judged} judged submissions; ` +
        `1-min load average ${load.toFixed(1)} at the start (${os.cpus().length} cores)` +
        (POSTGRES ? `; PostgreSQL, ${SERVERS} server process${SERVERS > 1 ? 'es' : ''}` : ''),
    );
    console.log(
      `calibration (server CPU per call over HTTP${POSTGRES ? `, summed over ${SERVERS} server${SERVERS > 1 ? 's' : ''}` : ''}): reads only ${perSecond(readsOnly.readLatency.length, readsOnly.wall)}/s ` +
        `of ${READ_RATE}/s offered, ${cpuPer(readsOnly.cpuMs, readsOnly.readLatency.length)} ms CPU per read (board unchanged), ` +
        `p50 ${ms(percentile(readsOnly.readLatency, 50))} ms; verdicts only ${perSecond(verdictsOnly.verdicts, verdictsOnly.wall)}/s ` +
        `of ${VERDICT_RATE}/s offered, ${cpuPer(verdictsOnly.cpuMs, verdictsOnly.verdicts)} ms CPU per verdict (claim + result)` +
        errors(readsOnly) +
        errors(verdictsOnly),
    );
    if (!POSTGRES) {
      const live = lives[0]!;
      const wall = live.wall;
      const readLatency = live.readLatency;
      const verdictLatency = live.verdictLatency;
      console.log(
        `live board reads:  ${readLatency.length} of ${live.offeredReads} offered in ${wall.toFixed(1)} s ` +
          `(${perSecond(readLatency.length, wall)}/s of ${READ_RATE}/s), errors ${live.readErrors}; ` +
          `p50 ${ms(percentile(readLatency, 50))} ms, p95 ${ms(percentile(readLatency, 95))} ms, p99 ${ms(percentile(readLatency, 99))} ms`,
      );
      console.log(
        `live verdicts:     ${live.verdicts} of ${live.offeredVerdicts} offered (${(live.verdicts / wall).toFixed(1)}/s of ${VERDICT_RATE}/s), ` +
          `errors ${live.verdictErrors}; verdict-to-board p50 ${ms(percentile(verdictLatency, 50))} ms, ` +
          `p95 ${ms(percentile(verdictLatency, 95))} ms, max ${ms(Math.max(...verdictLatency))} ms (${live.probes} probe reads)` +
          errors(live),
      );
      console.log(
        `live server:       CPU ${percentOfCore(live.cpuMs, wall).toFixed(0)} % of one core, ` +
          `${cpuPer(live.cpuMs, calls(live))} ms CPU per call ` +
          `(reads, probes, claims and results); rss ${live.rssMiB[0]!.toFixed(0)} MiB; ` +
          `event-loop delay p99 ${ms(live.stallP99)} ms, max ${ms(live.stallMax)} ms` +
          (profileFile ? `; CPU profile of the live phase in ${profileFile}` : ''),
      );
    } else {
      // the live phases side by side
      const rows: [string, (l: (typeof lives)[number]) => string][] = [
        [
          'board reads',
          (l) =>
            `${l.readLatency.length} of ${l.offeredReads} (${perSecond(l.readLatency.length, l.wall)}/s), errors ${l.readErrors}`,
        ],
        [
          'read p50 / p95 / p99',
          (l) =>
            `${ms(percentile(l.readLatency, 50))} / ${ms(percentile(l.readLatency, 95))} / ${ms(percentile(l.readLatency, 99))} ms`,
        ],
        [
          'verdicts',
          (l) =>
            `${l.verdicts} of ${l.offeredVerdicts} (${(l.verdicts / l.wall).toFixed(1)}/s), errors ${l.verdictErrors}`,
        ],
        [
          'verdict-to-board p50 / p95 / max',
          (l) =>
            `${ms(percentile(l.verdictLatency, 50))} / ${ms(percentile(l.verdictLatency, 95))} / ${ms(Math.max(...l.verdictLatency))} ms`,
        ],
        ['probe reads', (l) => `${l.probes}${l.servers > 1 ? ' (on another server)' : ''}`],
        [
          'CPU, % of one core',
          (l) => l.serverCpuMs.map((c, i) => `s${i + 1} ${percentOfCore(c, l.wall).toFixed(0)}`).join(', '),
        ],
        ['CPU per call (all servers)', (l) => `${cpuPer(l.cpuMs, calls(l))} ms`],
        ['rss', (l) => l.rssMiB.map((r, i) => `s${i + 1} ${r.toFixed(0)}`).join(', ') + ' MiB'],
        ['load generator CPU', (l) => `${percentOfCore(l.generatorCpuMs, l.wall).toFixed(0)} % of one core`],
      ];
      const heads = lives.map(
        (l) => `${l.servers} server${l.servers > 1 ? 's' : ''} (${l.wall.toFixed(1)} s)`,
      );
      const cells = rows.map(([, f]) => lives.map(f));
      const labelWidth = Math.max(...rows.map(([label]) => label.length)) + 2;
      const widths = lives.map((_, j) => Math.max(heads[j]!.length, ...cells.map((c) => c[j]!.length)) + 3);
      const line = (label: string, values: string[]) =>
        label.padEnd(labelWidth) +
        values
          .map((v, j) => v.padEnd(widths[j]!))
          .join('')
          .trimEnd();
      console.log(
        `live phases (reads ${READ_RATE}/s and verdicts ${VERDICT_RATE}/s offered to each; servers in use s1…):`,
      );
      console.log(line('', heads));
      for (const [i, [label]] of rows.entries()) console.log(line(label, cells[i]!));
      for (const l of lives) if (l.firstErrors.length > 0) console.log(`${l.servers} server(s):${errors(l)}`);
      console.log(
        `boards on the ${urls.length} servers after the live phases: ` +
          boards.map((b) => `${b.what} ${b.equal ? 'equal' : 'DIFFER'}`).join(', '),
      );
    }
    console.log(
      `one read at a time, in process: incremental p50 ${ms(percentile(incremental.times, 50))} ms, ` +
        `p95 ${ms(percentile(incremental.times, 95))} ms (${incremental.cpuMs.toFixed(2)} ms CPU); ` +
        `full recomputation p50 ${ms(percentile(full.times, 50))} ms, p95 ${ms(percentile(full.times, 95))} ms ` +
        `(${full.cpuMs.toFixed(0)} ms CPU; ${(percentile(full.times, 95) / percentile(incremental.times, 95)).toFixed(0)}× slower)`,
    );
    for (const live of lives)
      for (const [i, lines] of live.metrics.entries()) {
        if (i >= live.servers) continue;
        console.log(
          `/metrics of server ${i + 1} during the live phase${lives.length > 1 ? ` through ${live.servers} server(s)` : ''} ` +
            `(counters as the phase's difference, gauges at its end):`,
        );
        for (const line of lines) console.log(`  ${line}`);
      }
    for (const live of lives) {
      const readP95 = percentile(live.readLatency, 95);
      const verdictP95 = percentile(live.verdictLatency, 95);
      const busiest = Math.max(
        ...live.serverCpuMs.slice(0, live.servers).map((c) => percentOfCore(c, live.wall)),
      );
      console.log(
        `targets${POSTGRES ? ` (${live.servers} server${live.servers > 1 ? 's' : ''})` : ''}: ` +
          `read p95 < ${TARGET_READ_P95_MS} ms ${readP95 < TARGET_READ_P95_MS ? 'MET' : 'NOT MET'}, ` +
          `verdict-to-board p95 < ${TARGET_VERDICT_P95_MS} ms ${verdictP95 < TARGET_VERDICT_P95_MS ? 'MET' : 'NOT MET'}` +
          (POSTGRES
            ? `, each server < ${TARGET_SERVER_CPU_PERCENT} % of a core ${busiest < TARGET_SERVER_CPU_PERCENT ? 'MET' : 'NOT MET'} (busiest ${busiest.toFixed(0)} %)`
            : ''),
      );
    }
    if (!POSTGRES) await app.close();
  } finally {
    if (child?.connected) child.disconnect();
    await Promise.all(
      servers.map(async (s) => {
        const timer = setTimeout(() => void s.kill(), 10_000);
        await s.stop();
        clearTimeout(timer);
      }),
    );
    await database?.close();
    await dropDatabase();
    if (!process.env.BENCH_DATA_DIR) await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
