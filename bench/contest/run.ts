/**
 * Contest scoreboard benchmark: `node --import tsx bench/contest/run.ts` (not part of the tests).
 *
 * One process, an embedded PGlite database: an ACM contest of 10,000 participants × 15 problems
 * with 200,000 judged submissions (seed.ts) and one Verdict app on it. Then, for 60 s, a judge
 * claims and judges the contest's Pending submissions through the judge gateway at 50 verdicts a
 * second while clients read board pages (`POST /api/get-contest-rank`, 50 rows, any page, some
 * with followed users or a keyword) at 200 requests a second, all through Fastify's `inject` (the
 * whole request pipeline without sockets: client and server share the one process). It prints:
 *
 * - the board-read latency p50 / p95 / p99 (ms, from the moment each read was due, so queueing
 *   counts), the reads and verdicts achieved and the errors;
 * - verdict-to-board p50 / p95: from the gateway's answer to a result (the verdict is stored) to
 *   the first read of the board that shows it (a probe reads the user's row of the outside board,
 *   where followed users come first, every 20 ms, until its `total` counts the verdict);
 * - the same read answered by the full recomputation (every record, per read: HOJ's way, kept as
 *   the reference implementation) p50 / p95, over BENCH_FULL_READS reads one after the other,
 *   beside the incremental board's read measured the same way;
 * - the first read's time (the board built from the records) and the process's CPU and memory.
 *
 * Targets: read p95 under 50 ms, verdict-to-board p95 under 1 s.
 *
 * Options (environment): BENCH_SECONDS (60), BENCH_READ_RATE (200), BENCH_VERDICT_RATE (50),
 * BENCH_PARTICIPANTS (10000), BENCH_PROBLEMS (15), BENCH_JUDGED (200000), BENCH_FULL_READS (20).
 * `--quick` is 10 s on 1,000 participants and 20,000 submissions. BENCH_DATA_DIR=dir keeps the
 * seeded database in dir (it is seeded anew each run).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { contestRankBody, JUDGE_TOKEN_HEADER, type ContestRankRow, type JudgeTask } from '@verdict/shared';
import { buildApp } from '../../packages/server/src/app.ts';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import { seedDatabase } from '../../packages/server/src/db/seed.ts';
import { hashPassword } from '../../packages/server/src/modules/account/password.ts';
import { outsideScoreboard } from '../../packages/server/src/modules/contest/rank/service.ts';
import { RankBoards } from '../../packages/server/src/modules/contest/rank/store.ts';
import { seedContest, type ContestSize } from './seed.ts';

const quick = process.argv.includes('--quick');
const env = (name: string, normal: number, short: number) =>
  Number(process.env[name] ?? (quick ? short : normal));
const SECONDS = env('BENCH_SECONDS', 60, 10);
const READ_RATE = env('BENCH_READ_RATE', 200, 200);
const VERDICT_RATE = env('BENCH_VERDICT_RATE', 50, 50);
const FULL_READS = env('BENCH_FULL_READS', 20, 10);
const SIZE: ContestSize = {
  participants: env('BENCH_PARTICIPANTS', 10_000, 1_000),
  problems: env('BENCH_PROBLEMS', 15, 15),
  judged: env('BENCH_JUDGED', 200_000, 20_000),
  pending: Math.ceil(env('BENCH_VERDICT_RATE', 50, 50) * SECONDS * 1.2) + 100,
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
const sleep = (n: number) => new Promise((resolve) => setTimeout(resolve, n));
const random = (n: number) => Math.floor(Math.random() * n);

async function main() {
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

  // Fastify's inject: the whole request pipeline (routing, access rule, validation, handler,
  // serialisation) without sockets, so that a load generator in the same process opens none
  async function post<T>(route: string, body: object, headers: Record<string, string> = {}): Promise<T> {
    const res = await app.inject({ method: 'POST', url: route, headers, payload: body });
    const envelope = res.json<{ status: number; msg: string; data: T }>();
    if (res.statusCode !== 200 || envelope.status !== 200)
      throw new Error(`${route}: ${envelope.status} ${envelope.msg}`);
    return envelope.data;
  }
  const gateway = <T>(call: string, body: object) =>
    post<T>(`/api/judge-gateway/${call}`, { name: JUDGE, ...body }, { [JUDGE_TOKEN_HEADER]: JUDGE_TOKEN });
  await gateway('register', {
    host: 'bench',
    cpuCore: 1,
    maxTaskNumber: 64,
    version: 'bench',
    languages: ['C++'],
  });

  const pages = Math.max(1, Math.floor(SIZE.participants / 50));
  const readBody = () => {
    const body: Record<string, unknown> = { cid, limit: 50, currentPage: 1 + random(pages) };
    const roll = Math.random();
    if (roll < 0.1)
      body.concernedList = Array.from({ length: 5 }, () => participants[random(participants.length)]!.uuid);
    else if (roll < 0.15) body.keyword = `school ${random(200)}`;
    return body;
  };
  const read = (body: object) =>
    post<{ records: ContestRankRow[]; total: number }>('/api/get-contest-rank', body, {
      authorization: tokens[random(tokens.length)]!,
    });
  /** The user's row of the live board (outside board: nobody's own row first), or null. */
  const rowOf = async (uid: string) => {
    const page = await post<{ records: (ContestRankRow & { total: number })[] }>(
      '/api/get-contest-outside-scoreboard',
      { cid, limit: 10, concernedList: [uid] },
    );
    return page.records[0]?.uid === uid ? page.records[0] : null;
  };

  started = performance.now();
  await read({ cid, limit: 50 });
  const buildMs = performance.now() - started;
  console.log(`first read (board built from ${SIZE.judged} records): ${ms(buildMs)} ms`);

  // ---- the live phase: reads at READ_RATE, verdicts at VERDICT_RATE -------------------------
  const readLatency: number[] = [];
  const verdictLatency: number[] = [];
  let readErrors = 0;
  let verdictErrors = 0;
  let verdicts = 0;
  const inFlight = new Set<Promise<void>>();
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const STATUSES = [0, 0, 0, -1, -1, 1, 3, -2];

  const oneRead = async (due: number) => {
    try {
      await read(readBody());
      readLatency.push(performance.now() - due);
    } catch {
      readErrors++;
    }
  };
  const oneVerdict = async () => {
    try {
      const task = await gateway<JudgeTask | null>('claim', {
        languages: ['C++'],
        judgePrograms: [],
        waitMs: 0,
      });
      if (!task || task.kind !== 'submission') throw new Error('no pending submission left');
      const uid = owner.get(task.submitId)!;
      await gateway('result', {
        submitId: task.submitId,
        attempt: task.attempt,
        status: STATUSES[random(STATUSES.length)],
        time: 10,
        memory: 1024,
        score: null,
        errorMessage: null,
        cases: [],
      });
      const stored = performance.now();
      verdicts++;
      const expected = (judgedOf.get(uid) ?? 0) + 1;
      judgedOf.set(uid, expected);
      for (;;) {
        const row = await rowOf(uid);
        if ((row?.total ?? 0) >= expected) break;
        if (performance.now() - stored > 30_000) throw new Error(`verdict ${task.submitId} never showed`);
        await sleep(20);
      }
      verdictLatency.push(performance.now() - stored);
    } catch (error) {
      verdictErrors++;
      if (verdictErrors < 5) console.error(error);
    }
  };

  console.log(`live: ${SECONDS} s, reads ${READ_RATE}/s, verdicts ${VERDICT_RATE}/s…`);
  const cpuBefore = process.cpuUsage();
  const load = os.loadavg()[0]!;
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  let nextRead = t0;
  let nextVerdict = t0;
  while (performance.now() < until) {
    const now = performance.now();
    while (nextRead <= now && nextRead < until) {
      track(oneRead(nextRead));
      nextRead += 1000 / READ_RATE;
    }
    while (nextVerdict <= now && nextVerdict < until) {
      track(oneVerdict());
      nextVerdict += 1000 / VERDICT_RATE;
    }
    await sleep(2);
  }
  await Promise.all(inFlight);
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpuBefore);

  // ---- the same read, one after the other: incremental board vs full recomputation -------------
  const sequential = async (boards: RankBoards | 'full', count: number) => {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const body = contestRankBody.parse(readBody());
      const at = performance.now();
      await outsideScoreboard(db, boards, null, body, new Date());
      times.push(performance.now() - at);
    }
    return times;
  };
  const warmBoards = new RankBoards(db);
  await sequential(warmBoards, 1);
  const incremental = await sequential(warmBoards, Math.max(FULL_READS, 50));
  const full = await sequential('full', FULL_READS);

  const readP95 = percentile(readLatency, 95);
  const verdictP95 = percentile(verdictLatency, 95);
  console.log('');
  console.log(
    `contest: ${SIZE.participants} participants × ${SIZE.problems} problems, ${SIZE.judged} judged submissions`,
  );
  console.log(
    `board reads:       ${readLatency.length} in ${wall.toFixed(1)} s (${(readLatency.length / wall).toFixed(0)}/s), ` +
      `errors ${readErrors}; p50 ${ms(percentile(readLatency, 50))} ms, p95 ${ms(readP95)} ms, p99 ${ms(percentile(readLatency, 99))} ms`,
  );
  console.log(
    `verdicts:          ${verdicts} (${(verdicts / wall).toFixed(1)}/s), errors ${verdictErrors}; ` +
      `verdict-to-board p50 ${ms(percentile(verdictLatency, 50))} ms, p95 ${ms(verdictP95)} ms, max ${ms(Math.max(...verdictLatency))} ms`,
  );
  console.log(
    `one read at a time: incremental p50 ${ms(percentile(incremental, 50))} ms, p95 ${ms(percentile(incremental, 95))} ms; ` +
      `full recomputation p50 ${ms(percentile(full, 50))} ms, p95 ${ms(percentile(full, 95))} ms ` +
      `(${(percentile(full, 95) / percentile(incremental, 95)).toFixed(0)}× slower)`,
  );
  console.log(
    `process: CPU ${(((cpu.user + cpu.system) / 1e6 / wall) * 100).toFixed(0)} % of one core during the live phase, ` +
      `rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB; 1-min load average ${load.toFixed(1)} at the start ` +
      `(${os.cpus().length} cores)`,
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
