/**
 * Where a submission list page's time goes (issue 31), on a database bench/api seeded:
 * `BENCH_DATA_DIR=dir node --import tsx bench/api/submission-list-profile.ts` (PGlite in dir/db), or
 * with DATABASE_URL (a PostgreSQL database run.ts seeded).
 *
 * For each variant run.ts offers, it calls listSubmissions in this process (no HTTP) and prints the
 * time per page, then the time of each statement the page ran and, for the slowest, PostgreSQL's own
 * planning and execution times and the buffers it read (EXPLAIN ANALYZE, BUFFERS). On PGlite the
 * database runs in this process: its CPU time per page (this process's, user and system) is what
 * a page costs a server, whatever else the machine runs.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { SubmissionListQuery } from '@verdict/shared';
import { openDatabase } from '../../packages/server/src/db/client.ts';
import { queryRows } from '../../packages/server/src/db/rows.ts';
import type { AuthUser } from '../../packages/server/src/http/auth/access.ts';
import { listSubmissions } from '../../packages/server/src/modules/submission/list.ts';

const RUNS = Number(process.env.PROFILE_RUNS ?? 30);
/** Rounds over every variant before measuring: V8 compiles PGlite's hot WebAssembly functions again, optimised, after their first calls. */
const WARMUP_ROUNDS = Number(process.env.PROFILE_WARMUP ?? 10);
const url = process.env.DATABASE_URL;
const dataDir = process.env.BENCH_DATA_DIR;
if (!url && !dataDir) throw new Error('set BENCH_DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL)');
const database = await openDatabase(url ? { url } : { dataDir: path.join(path.resolve(dataDir!), 'db') });
const { db } = database;

/** Every statement a call runs, with its time: the PGlite client's query, or the pool's. */
const seen: { text: string; params: unknown[]; ms: number }[] = [];
const client = (database.pglite ?? (db as unknown as { $client: { query: unknown } }).$client) as {
  query: (text: string, params?: unknown[], ...rest: unknown[]) => Promise<unknown>;
};
const query = client.query.bind(client);
client.query = async (text: string, params?: unknown[], ...rest: unknown[]) => {
  const started = performance.now();
  try {
    return await query(text, params, ...rest);
  } finally {
    seen.push({ text, params: params ?? [], ms: performance.now() - started });
  }
};

const [user] = await queryRows<{ uid: string }>(
  db,
  sql`select uuid as uid from user_info where username = 'bench1'`,
);
const bench1: AuthUser = { uid: user!.uid, username: 'bench1', sessionId: 0, roles: [], permissions: [] };
const [pub] = await queryRows<{ problem_id: string }>(
  db,
  sql`select problem_id from problem where auth = 1 and not is_group and problem_id like 'B%' order by id limit 1 offset 20`,
);
const problemId = pub!.problem_id;
const base = { currentPage: 1, limit: 50 } as SubmissionListQuery;
const variants: [string, AuthUser | null, SubmissionListQuery][] = [
  ['plain page 1', null, base],
  ['plain page 10', null, { ...base, currentPage: 10 }],
  ['plain page 20', null, { ...base, currentPage: 20 }],
  ['status AC (common)', null, { ...base, status: 0 }],
  ['status RE, page 3', null, { ...base, status: 3, currentPage: 3 }],
  ['problem (exact)', null, { ...base, problemID: problemId, completeProblemID: true }],
  ['problem (substring)', null, { ...base, problemID: problemId.slice(0, 4) }],
  ['user name', null, { ...base, username: 'bench5000' }],
  ['onlyMine', bench1, { ...base, onlyMine: true }],
  [
    'onlyMine, one problem',
    bench1,
    { ...base, limit: 10, onlyMine: true, problemID: problemId, completeProblemID: true },
  ],
];

/** The database's buffer hits and reads so far (a read: a block not in shared_buffers). */
async function blocks(): Promise<{ hit: number; read: number }> {
  const result = (await query(
    'select blks_hit::float8 as hit, blks_read::float8 as read from pg_stat_database where datname = current_database()',
  )) as { rows: { hit: number; read: number }[] };
  return result.rows[0]!;
}

const explain = async (text: string, params: unknown[]) => {
  const result = (await query(`explain (analyze, buffers) ${text}`, params)) as {
    rows: Record<string, string>[];
  };
  return result.rows.map((r) => Object.values(r)[0]).join('\n');
};

console.log(
  `${url ? 'PostgreSQL' : 'PGlite'}: ${RUNS} runs per variant after ${WARMUP_ROUNDS} rounds of warm-up over all\n`,
);
for (let i = 0; i < WARMUP_ROUNDS; i++)
  for (const [, user, q] of variants) await listSubmissions(db, user, q);
for (const [name, user, q] of variants) {
  seen.length = 0;
  const blocksBefore = await blocks();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) await listSubmissions(db, user, q);
  const perPage = (performance.now() - started) / RUNS;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerPage = (cpu.user + cpu.system) / 1000 / RUNS;
  const blocksAfter = await blocks();
  const read = (blocksAfter.read - blocksBefore.read) / RUNS;
  const hit = (blocksAfter.hit - blocksBefore.hit) / RUNS;
  const statements = new Map<string, { ms: number; n: number; params: unknown[] }>();
  for (const s of seen) {
    const kept = statements.get(s.text) ?? { ms: 0, n: 0, params: s.params };
    kept.ms += s.ms;
    kept.n++;
    statements.set(s.text, kept);
  }
  console.log(
    `${name}: ${perPage.toFixed(2)} ms a page, ${cpuPerPage.toFixed(2)} ms of CPU; buffers a page: ${hit.toFixed(0)} hit, ${read.toFixed(1)} read from files`,
  );
  const sorted = [...statements].sort((a, b) => b[1].ms - a[1].ms);
  for (const [text, s] of sorted)
    console.log(
      `  ${(s.ms / RUNS).toFixed(2)} ms (${s.n / RUNS}×): ${text.replace(/\s+/g, ' ').slice(0, 110)}`,
    );
  if (process.env.PROFILE_EXPLAIN !== '0' && sorted[0]) {
    const plan = await explain(sorted[0][0], sorted[0][1].params);
    console.log(plan.replace(/^/gm, '    '));
  }
}
await database.close();
