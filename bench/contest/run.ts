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
 * (open it in Chrome DevTools).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { contestRankBody, JUDGE_TOKEN_HEADER } from '@verdict/shared';
import { buildApp } from '../../packages/server/src/app.ts';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { seedDatabase } from '../../packages/server/src/db/seed.ts';
import { hashPassword } from '../../packages/server/src/modules/account/password.ts';
import { outsideScoreboard } from '../../packages/server/src/modules/contest/rank/service.ts';
import { RankBoards } from '../../packages/server/src/modules/contest/rank/store.ts';
import type { LoadPhase, LoadSetup, PhaseResult } from './load.ts';
import { seedContest, type ContestSize } from './seed.ts';
import { SqlStats } from './sql-stats.ts';

const quick = process.argv.includes('--quick');
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
  pending: Math.ceil(env('BENCH_VERDICT_RATE', 50, 50) * (SECONDS + CALIBRATION_SECONDS) * 1.2) + 100,
};
const TARGET_READ_P95_MS = 50;
const TARGET_VERDICT_P95_MS = 1000;
const JUDGE_TOKEN = randomBytes(16).toString('hex');
const JUDGE = 'bench-judge';

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const random = (n: number) => Math.floor(Math.random() * n);

async function main() {
  const sqlStats = process.env.BENCH_SQL_STATS ? new SqlStats() : undefined;
  sqlStats?.install();
  const dataDir =
    process.env.BENCH_DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'verdict-bench-contest-')));
  await rm(path.join(dataDir, 'db'), { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  console.log(
    `seeding: ${SIZE.participants} participants × ${SIZE.problems} problems, ${SIZE.judged} judged and ${SIZE.pending} pending submissions…`,
  );
  let started = performance.now();
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await migrateDatabase(database);
  const db = database.db;
  await seedDatabase(db, { hashPassword, rootPassword: 'bench-root-1' });
  const cid = await seedContest(db, SIZE, new Date());
  await db.execute(sql`vacuum analyze`);
  console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const app = await buildApp({
    db,
    config: {
      jwt: { secret: randomBytes(32).toString('hex'), expireSeconds: 86400, refreshAfterSeconds: 43200 },
      webDist: undefined,
      corsOrigins: [],
      dataDir,
      judgeToken: JUDGE_TOKEN,
      judgeLeaseMs: 120_000,
    },
  });
  await app.ready();
  const participants = await queryRows<{ uuid: string }>(
    db,
    sql`select uuid from user_info where username ~ '^c[0-9]+$' order by uuid`,
  );
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

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const pages = Math.max(1, Math.floor(SIZE.participants / 50));
  const readBody = () => {
    const body: Record<string, unknown> = { cid, limit: 50, currentPage: 1 + random(pages) };
    const roll = Math.random();
    if (roll < 0.1)
      body.concernedList = Array.from({ length: 5 }, () => participants[random(participants.length)]!.uuid);
    else if (roll < 0.15) body.keyword = `school ${random(200)}`;
    return body;
  };

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

  started = performance.now();
  const first = await app.inject({
    method: 'POST',
    url: '/api/get-contest-rank',
    headers: { authorization: tokens[0]! },
    payload: { cid, limit: 50 },
  });
  if (first.json<{ status: number }>().status !== 200) throw new Error(`first read: ${first.body}`);
  const buildMs = performance.now() - started;
  console.log(`first read (board built from ${SIZE.judged} records): ${ms(buildMs)} ms`);

  // ---- the load generator: a child process, over loopback HTTP ---------------------------------
  const child = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const answer = <T>() =>
    new Promise<T>((resolve, reject) => {
      child.once('message', (m: { error?: string } & T) =>
        m.error ? reject(new Error(m.error)) : resolve(m),
      );
      child.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
    });
  const setup: LoadSetup = {
    url: `http://127.0.0.1:${address.port}`,
    cid,
    judgeToken: JUDGE_TOKEN,
    judgeName: JUDGE,
    tokens,
    uids: participants.map((p) => p.uuid),
    owner: [...owner],
    judged: [...judgedOf],
    pages,
  };
  child.send({ setup });
  await answer<{ ready: true }>();

  /** Runs a phase in the load generator; answers its figures and the server's CPU meanwhile. */
  const phase = async (p: LoadPhase, profile?: string) => {
    const session = profile ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const cpuBefore = process.cpuUsage();
    // how long the server's event loop stalled: a long statement, a checkpoint, a collection
    const stalls = monitorEventLoopDelay({ resolution: 5 });
    stalls.enable();
    child.send({ phase: p });
    const { result } = await answer<{ result: PhaseResult }>();
    const used = process.cpuUsage(cpuBefore);
    if (session) {
      const { profile: data } = await session.post('Profiler.stop');
      await writeFile(profile!, JSON.stringify(data));
      session.disconnect();
    }
    stalls.disable();
    return {
      ...result,
      cpuMs: (used.user + used.system) / 1000,
      stallP99: stalls.percentile(99) / 1e6,
      stallMax: stalls.max / 1e6,
    };
  };

  const load = os.loadavg()[0]!;
  console.log(
    `calibration: ${CALIBRATION_SECONDS} s of reads only, then ${CALIBRATION_SECONDS} s of verdicts only…`,
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
  console.log(`live: ${SECONDS} s, reads ${READ_RATE}/s, verdicts ${VERDICT_RATE}/s…`);
  const profileFile = process.env.BENCH_CPU_PROFILE;
  const live = await phase(
    { seconds: SECONDS, readRate: READ_RATE, verdictRate: VERDICT_RATE, probe: true },
    profileFile,
  );
  child.disconnect();
  const wall = live.wall;
  const readLatency = live.readLatency;
  const verdictLatency = live.verdictLatency;

  // ---- the same read, one after the other: incremental board vs full recomputation -------------
  const sequential = async (boards: RankBoards | 'full', count: number) => {
    const times: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < count; i++) {
      const body = contestRankBody.parse(readBody());
      const at = performance.now();
      await outsideScoreboard(db, boards, null, body, new Date());
      times.push(performance.now() - at);
    }
    const used = process.cpuUsage(cpuBefore);
    return { times, cpuMs: (used.user + used.system) / 1000 / count };
  };
  const warmBoards = new RankBoards(db);
  await sequential(warmBoards, 1);
  const incremental = await sequential(warmBoards, Math.max(FULL_READS, 50));
  const full = await sequential('full', FULL_READS);

  const readP95 = percentile(readLatency, 95);
  const verdictP95 = percentile(verdictLatency, 95);
  const perSecond = (n: number, s: number) => (n / s).toFixed(0);
  const cpuPer = (cpuMs: number, n: number) => (n > 0 ? (cpuMs / n).toFixed(2) : '-');
  const errors = (r: PhaseResult) =>
    r.firstErrors.length > 0 ? `\n  first errors: ${r.firstErrors.join('\n  ')}` : '';
  console.log('');
  console.log(
    `contest: ${SIZE.participants} participants × ${SIZE.problems} problems, ${SIZE.judged} judged submissions; ` +
      `1-min load average ${load.toFixed(1)} at the start (${os.cpus().length} cores)`,
  );
  console.log(
    `calibration (server CPU per call over HTTP): reads only ${perSecond(readsOnly.readLatency.length, readsOnly.wall)}/s ` +
      `of ${READ_RATE}/s offered, ${cpuPer(readsOnly.cpuMs, readsOnly.readLatency.length)} ms CPU per read (board unchanged), ` +
      `p50 ${ms(percentile(readsOnly.readLatency, 50))} ms; verdicts only ${perSecond(verdictsOnly.verdicts, verdictsOnly.wall)}/s ` +
      `of ${VERDICT_RATE}/s offered, ${cpuPer(verdictsOnly.cpuMs, verdictsOnly.verdicts)} ms CPU per verdict (claim + result)` +
      errors(readsOnly) +
      errors(verdictsOnly),
  );
  console.log(
    `live board reads:  ${readLatency.length} of ${live.offeredReads} offered in ${wall.toFixed(1)} s ` +
      `(${perSecond(readLatency.length, wall)}/s of ${READ_RATE}/s), errors ${live.readErrors}; ` +
      `p50 ${ms(percentile(readLatency, 50))} ms, p95 ${ms(readP95)} ms, p99 ${ms(percentile(readLatency, 99))} ms`,
  );
  console.log(
    `live verdicts:     ${live.verdicts} of ${live.offeredVerdicts} offered (${(live.verdicts / wall).toFixed(1)}/s of ${VERDICT_RATE}/s), ` +
      `errors ${live.verdictErrors}; verdict-to-board p50 ${ms(percentile(verdictLatency, 50))} ms, ` +
      `p95 ${ms(verdictP95)} ms, max ${ms(Math.max(...verdictLatency))} ms (${live.probes} probe reads)` +
      errors(live),
  );
  console.log(
    `live server:       CPU ${((live.cpuMs / 1000 / wall) * 100).toFixed(0)} % of one core, ` +
      `${cpuPer(live.cpuMs, readLatency.length + live.probes + live.verdicts * 2)} ms CPU per call ` +
      `(reads, probes, claims and results); rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB; ` +
      `event-loop delay p99 ${ms(live.stallP99)} ms, max ${ms(live.stallMax)} ms` +
      (profileFile ? `; CPU profile of the live phase in ${profileFile}` : ''),
  );
  console.log(
    `one read at a time, in process: incremental p50 ${ms(percentile(incremental.times, 50))} ms, ` +
      `p95 ${ms(percentile(incremental.times, 95))} ms (${incremental.cpuMs.toFixed(2)} ms CPU); ` +
      `full recomputation p50 ${ms(percentile(full.times, 50))} ms, p95 ${ms(percentile(full.times, 95))} ms ` +
      `(${full.cpuMs.toFixed(0)} ms CPU; ${(percentile(full.times, 95) / percentile(incremental.times, 95)).toFixed(0)}× slower)`,
  );
  console.log(
    `targets: read p95 < ${TARGET_READ_P95_MS} ms ${readP95 < TARGET_READ_P95_MS ? 'MET' : 'NOT MET'}, ` +
      `verdict-to-board p95 < ${TARGET_VERDICT_P95_MS} ms ${verdictP95 < TARGET_VERDICT_P95_MS ? 'MET' : 'NOT MET'}`,
  );

  await app.close();
  await database.close();
  if (!process.env.BENCH_DATA_DIR) await rm(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
