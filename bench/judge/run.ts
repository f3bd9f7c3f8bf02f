/**
 * Judge benchmark (issue 25 item 5): `node --import tsx bench/judge/run.ts [--quick] [--part NAME]…`
 * (not part of the tests). The server is one Verdict app in this process on an embedded PGlite
 * database in a temporary directory, listening on loopback. Parts (all by default):
 *
 * - `cpu`: the server's CPU per verdict. A contest like bench/contest's (participants × problems,
 *   judged submissions) with pending ones; a child process (verdicts.ts) plays judge workers that
 *   judge instantly with a real worker's calls for a 5-case A+B: claim, progress per stage and per
 *   case, result ("each"), and, apart, with the worker's coalesced reports ("coalesced"). Prints
 *   the server's CPU per verdict and per call. BENCH_CPU_PROFILE=file writes a CPU profile of the
 *   coalesced phase (what a real worker sends).
 * - `pch`: a bits/stdc++.h A+B compiled in the box with and without C++'s precompiled header,
 *   interleaved: the medians and their ratio (target ≤ 25 %).
 * - `latency`: A+B submitted through the API to its final verdict on an idle machine, C and C++,
 *   judged by one real `verdict-judge worker` process: the whole, and its parts from the worker's
 *   trace (VERDICT_JUDGE_TRACE): queue wake (submit to the claim's answer), compile (and the
 *   compiler's own time), each case, report; and what is left when the compiler and the program's
 *   own run are taken away (target ≤ 20 ms), beside what five plain spawn()s of the same program
 *   (compiled by the host's gcc or g++) on the same inputs take right after. BENCH_LATENCY_WARM_UP
 *   (10; --quick 6) submissions of each variant go first, not counted: a server and a worker that
 *   have been up a while.
 * - `rush`: a contest's first minutes. BENCH_RUSH (2,000; --quick 120) mixed submissions (A+B in C,
 *   C++ with bits/stdc++.h, Java, Python 3; right, wrong and too slow; 5 cases each; every source
 *   different, as people's are) submitted as fast as the API takes them to two worker processes;
 *   judged per second, queue drain time, submit-to-verdict p50 / p95, and a check that each
 *   submission has exactly one final verdict, then a rejudge of them all. Run once per
 *   configuration in the same run: BENCH_CONFIGS (default "plain,pch+cache,warm+pch+cache": none,
 *   precompiled headers and the compile cache, and those with warm boxes). A configuration naming
 *   `warm` has warm boxes (VERDICT_SANDBOX_WARM=1 for its workers); the others have the per-run
 *   helper (0).
 *
 * Every figure is printed with the 1-minute load average when it was taken.
 */
import { execFile, spawn, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import { JUDGE_TOKEN_HEADER, JudgeStatus, UNFINISHED_STATUSES } from '@verdict/shared';
import { buildApp } from '../../packages/server/src/app.ts';
import { migrateDatabase, openDatabase, type Db } from '../../packages/server/src/db/client.ts';
import {
  judge,
  judgeCase,
  problem,
  problemCase,
  systemConfig,
} from '../../packages/server/src/db/schema/index.ts';
import { seedDatabase } from '../../packages/server/src/db/seed.ts';
import { hashPassword } from '../../packages/server/src/modules/account/password.ts';
import { seedContest } from '../contest/seed.ts';
import { pageFaultLine } from '../page-faults.ts';
import { compile } from '../../packages/judge/src/grading/compile.ts';
import { defaultHeadersDir, PrecompiledHeaders } from '../../packages/judge/src/grading/compile-headers.ts';
import { Workspace } from '../../packages/judge/src/grading/workspace.ts';
import { acquireSlots } from '../../packages/judge/src/host-locks.ts';
import { findLanguage } from '../../packages/judge/src/languages/index.ts';
import { MAX_SLOTS } from '../../packages/judge/src/sandbox/helper-args.ts';
import { getSandbox } from '../../packages/judge/src/sandbox/index.ts';
import type { SubmissionTrace } from '../../packages/judge/src/worker.ts';
import type { VerdictLoad, VerdictLoadResult } from './verdicts.ts';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const parts = args.filter((_, i) => args[i - 1] === '--part');
const runs = (part: string) => parts.length === 0 || parts.includes(part);
const num = (name: string, normal: number, short: number) =>
  Number(process.env[name] ?? (quick ? short : normal));

const JUDGE_TOKEN = randomBytes(16).toString('hex');
const ROOT_PASSWORD = 'bench-root-1';
const cli = fileURLToPath(new URL('../../packages/judge/bin/verdict-judge.js', import.meta.url));

const load1 = () => os.loadavg()[0]!.toFixed(2);
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const median = (values: number[]) => percentile(values, 50);
const sleep = (n: number) => new Promise((resolve) => setTimeout(resolve, n));

interface Server {
  db: Db;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

async function startServer(): Promise<Server> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verdict-bench-judge-'));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  await migrateDatabase(database);
  await seedDatabase(database.db, { hashPassword, rootPassword: ROOT_PASSWORD });
  // no interval between one user's submissions (reference §6.1), no submit captcha: a rush is the point
  const [row] = await database.db.select().from(systemConfig).where(eq(systemConfig.name, 'switch'));
  await database.db
    .update(systemConfig)
    .set({ value: { ...(row!.value as object), defaultSubmitInterval: 0, submitCaptchaThreshold: 0 } })
    .where(eq(systemConfig.name, 'switch'));
  const app = await buildApp({
    db: database.db,
    config: {
      jwt: { secret: randomBytes(32).toString('hex'), expireSeconds: 86400, refreshAfterSeconds: 43200 },
      webDist: undefined,
      corsOrigins: [],
      dataDir,
      judgeToken: JUDGE_TOKEN,
      judgeLeaseMs: 120_000,
    },
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    db: database.db,
    url,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// ---- cpu: the server's CPU per verdict --------------------------------------------------------

async function cpuPart() {
  const seconds = num('BENCH_CPU_SECONDS', 15, 8);
  const size = {
    participants: num('BENCH_PARTICIPANTS', 10_000, 1_000),
    problems: 15,
    judged: num('BENCH_JUDGED', 200_000, 20_000),
    pending: 12_000, // enough for all three phases of a fast machine: each verdict takes one
  };
  console.log(`cpu: seeding a contest of ${size.participants} × ${size.problems}, ${size.judged} judged…`);
  const server = await startServer();
  try {
    await seedContest(server.db, size, new Date());
    // five cases per problem, as the verdicts report
    await server.db.execute(sql`
      insert into problem_case (pid, input, output)
      select p.id, g || ' ' || g, (2 * g)::text from problem p, generate_series(1, 5) g where p.problem_id like 'CB%'`);
    // and five case rows per judged submission, as a site has them: the statements a verdict runs
    // are planned once (generic plans), against statistics taken of tables the size a site's are
    await server.db.execute(sql`
      insert into judge_case (submit_id, uid, pid, case_id, status, time, memory, seq, input_data, output_data)
      select j.submit_id, j.uid, j.pid, null, case when g = 5 then j.status else 0 end, 1, 1024, g, g || '.in', g || '.out'
      from judge j, generate_series(1, 5) g where j.status not in (5, 6, 7)`);
    await server.db.execute(sql`vacuum analyze`);
    const register = await fetch(`${server.url}/api/judge-gateway/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [JUDGE_TOKEN_HEADER]: JUDGE_TOKEN },
      body: JSON.stringify({
        name: 'bench',
        host: 'bench',
        cpuCore: 1,
        maxTaskNumber: 8,
        version: 'b',
        languages: ['C++'],
      }),
    });
    if (!register.ok) throw new Error(`register: ${await register.text()}`);
    const child = fork(fileURLToPath(new URL('./verdicts.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const phase = async (reports: VerdictLoad['reports'], profile?: string) => {
      const session = profile ? new Session() : undefined;
      if (session) {
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
      }
      const load = load1();
      const before = process.cpuUsage();
      child.send({
        url: server.url,
        judgeToken: JUDGE_TOKEN,
        judgeName: 'bench',
        seconds,
        loops: 2,
        reports,
      });
      const answer = await new Promise<{ result?: VerdictLoadResult; error?: string }>((resolve) =>
        child.once('message', resolve),
      );
      const used = process.cpuUsage(before);
      if (session) {
        const { profile: data } = await session.post('Profiler.stop');
        await writeFile(profile!, JSON.stringify(data));
        session.disconnect();
      }
      if (!answer.result) throw new Error(answer.error);
      const r = answer.result;
      const cpuMs = (used.user + used.system) / 1000;
      console.log(
        `cpu (${reports} case reports): ${r.verdicts} verdicts in ${r.wall.toFixed(1)} s (${(r.verdicts / r.wall).toFixed(0)}/s), ` +
          `${(r.calls / Math.max(1, r.verdicts)).toFixed(1)} calls each, errors ${r.errors}; server CPU ` +
          `${(cpuMs / Math.max(1, r.verdicts)).toFixed(2)} ms per verdict, ${(cpuMs / Math.max(1, r.calls)).toFixed(2)} ms per call ` +
          `[load ${load}; baseline 12.48 ms per verdict (claim + result only, bench/contest calibration); target ≤ 5 ms]` +
          (r.firstErrors.length ? `\n  first errors: ${r.firstErrors.join('\n  ')}` : ''),
      );
    };
    // warm-up, not counted: first statements, JIT, the contest's caches
    child.send({
      url: server.url,
      judgeToken: JUDGE_TOKEN,
      judgeName: 'bench',
      seconds: 3,
      loops: 2,
      reports: 'each',
    });
    await new Promise((resolve) => child.once('message', resolve));
    await phase('each');
    await phase('coalesced', process.env.BENCH_CPU_PROFILE);
    child.disconnect();
  } finally {
    await server.close();
  }
}

// ---- real workers ---------------------------------------------------------------------------

interface Worker {
  child: ChildProcess;
  traces: Trace[];
  ready: Promise<void>;
  stop(): Promise<void>;
}

type Trace = SubmissionTrace;

function startWorker(server: Server, name: string, env: Record<string, string>): Worker {
  const child = spawn(
    process.execPath,
    [cli, 'worker', '--server', server.url, '--name', name, '--concurrency', '1'],
    {
      env: {
        ...process.env,
        VERDICT_JUDGE_TOKEN: JUDGE_TOKEN,
        VERDICT_JUDGE_WORK_DIR: path.join(server.dataDir, `judge-${name}`),
        VERDICT_JUDGE_TRACE: '1',
        // the run's own compile cache, shared by its workers as a host's is
        VERDICT_JUDGE_COMPILE_CACHE_DIR: path.join(server.dataDir, 'compiled'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const traces: Trace[] = [];
  let buffer = '';
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    buffer += chunk;
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      if (line.startsWith('[trace] ')) traces.push(JSON.parse(line.slice(8)) as Trace);
      else if (line.includes('languages with')) resolveReady();
      else if (process.env.BENCH_VERBOSE) console.log(line);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => resolveReady());
  return {
    child,
    traces,
    ready,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const token = res.headers.get('authorization');
  if (!token) throw new Error(`login of ${username}: ${await res.text()}`);
  return token;
}

async function submit(
  url: string,
  token: string,
  pid: string,
  language: string,
  code: string,
): Promise<number> {
  const res = await fetch(`${url}/api/submit-problem-judge`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify({ pid, language, code }),
  });
  const envelope = (await res.json()) as { status: number; msg: string; data: { submitId: number } };
  if (envelope.status !== 200) throw new Error(`submit: ${envelope.status} ${envelope.msg}`);
  return envelope.data.submitId;
}

/** `code` compiled by the host's gcc or g++ (-O2), outside any box: the plain-run baseline. */
async function compileOnHost(dir: string, language: string, code: string): Promise<string> {
  const source = path.join(dir, language === 'C' ? 'plain.c' : 'plain.cpp');
  const binary = path.join(dir, `plain-${language === 'C' ? 'c' : 'cpp'}`);
  await writeFile(source, code);
  await promisify(execFile)(language === 'C' ? 'gcc' : 'g++', ['-O2', '-o', binary, source]);
  return binary;
}

/**
 * Plain runs of a program, timed from a small Node process of their own: a spawn() from this one,
 * which holds the server and its database, costs five to seven times more (fork copies its page
 * tables). The child answers each `{ file, inputs }` with the milliseconds of its runs, one after
 * the other, each from spawn() to the end of the program, stdin written and stdout read as the
 * judge does.
 */
function plainRunner(): { run(file: string, inputs: string[]): Promise<number>; close(): void } {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const { spawn } = require('node:child_process');
      const once = (file, input) => new Promise((resolve, reject) => {
        const start = performance.now();
        const c = spawn(file, [], { stdio: ['pipe', 'pipe', 'ignore'] });
        c.once('error', reject);
        c.stdout.resume();
        c.once('close', () => resolve(performance.now() - start));
        c.stdin.end(input);
      });
      process.on('message', async ({ file, inputs }) => {
        let ms = 0;
        for (const input of inputs) ms += await once(file, input);
        process.send(ms);
      });`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  return {
    run: (file, inputs) =>
      new Promise((resolve) => {
        child.once('message', (ms) => resolve(ms as number));
        child.send({ file, inputs });
      }),
    close: () => child.kill(),
  };
}

/** A problem A+B with `cases` cases, every language allowed (the seed's languages). */
async function abProblem(db: Db, problemId: string, cases: number, timeLimit = 1000): Promise<number> {
  const [p] = await db
    .insert(problem)
    .values({
      problemId,
      title: 'A+B',
      author: 'root',
      timeLimit,
      memoryLimit: 256,
      isUploadCase: false,
      auth: 1,
    })
    .returning({ id: problem.id });
  await db.insert(problemCase).values(
    Array.from({ length: cases }, (_, i) => ({
      pid: p!.id,
      input: `${i + 1} ${i * 7}\n`,
      output: `${i + 1 + i * 7}\n`,
    })),
  );
  await db.execute(sql`
    insert into problem_language (pid, lid) select ${p!.id}, id from language where oj = 'ME'`);
  return p!.id;
}

const SOURCES: Record<string, (kind: 'ac' | 'wa' | 'tle', tag: string) => string> = {
  C: (kind, tag) =>
    `#include <stdio.h>\n/* ${tag} */\nint main(void) { long long a, b; ${kind === 'tle' ? 'for (volatile long i = 0;; i++);' : ''}\n` +
    `  while (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a ${kind === 'wa' ? '-' : '+'} b); return 0; }\n`,
  'C++': (kind, tag) =>
    `#include <bits/stdc++.h>\n// ${tag}\nusing namespace std;\nint main() { long long a, b; ${kind === 'tle' ? 'for (volatile long i = 0;; i++);' : ''}\n` +
    `  while (cin >> a >> b) cout << a ${kind === 'wa' ? '-' : '+'} b << "\\n"; }\n`,
  Java: (kind, tag) =>
    `import java.util.*;\n// ${tag}\npublic class Main { public static void main(String[] x) { ${kind === 'tle' ? 'for (long i = 0;; i++) { if (i < 0) break; }' : ''}\n` +
    `  Scanner in = new Scanner(System.in); while (in.hasNextLong()) { long a = in.nextLong(), b = in.nextLong(); System.out.println(a ${kind === 'wa' ? '-' : '+'} b); } } }\n`,
  Python3: (kind, tag) =>
    `# ${tag}\nimport sys\n${kind === 'tle' ? 'while True: pass\n' : ''}for line in sys.stdin:\n    a, b = map(int, line.split())\n    print(a ${kind === 'wa' ? '-' : '+'} b)\n`,
};
const EXPECTED = {
  ac: JudgeStatus.ACCEPTED,
  wa: JudgeStatus.WRONG_ANSWER,
  tle: JudgeStatus.TIME_LIMIT_EXCEEDED,
};

// ---- pch: a bits/stdc++.h A+B compiled with and without its precompiled header ---------------

async function pchPart() {
  const count = num('BENCH_PCH_COMPILES', 7, 4);
  const sandbox = await getSandbox();
  const owner = { pid: process.pid, name: 'bench-pch', workDir: '' };
  const { slots, locks } = await acquireSlots(1, sandbox.uidBase, owner, MAX_SLOTS);
  const workRoot = await mkdtemp(path.join(os.tmpdir(), 'verdict-bench-pch-'));
  try {
    const language = findLanguage('C++')!;
    const headers = new PrecompiledHeaders(defaultHeadersDir());
    const [report] = await headers.prepare([language], sandbox, slots[0]!, workRoot);
    console.log(
      `pch: ${language.name}'s bits/stdc++.h ${report!.status}${report!.status === 'built' ? ` in ${report!.buildMs} ms` : ''} in ${headers.dir}`,
    );
    const times: Record<'with' | 'without', number[]> = { with: [], without: [] };
    const load = load1();
    for (let i = 0; i < count; i++) {
      // interleaved, so that the machine's moods fall on both alike
      for (const mode of ['with', 'without'] as const) {
        const workspace = await Workspace.create(workRoot, 'pch');
        try {
          await writeFile(
            path.join(workspace.box, language.sourceName),
            SOURCES['C++']!('ac', `pch ${i} ${mode}`),
          );
          const outcome = await compile({
            sandbox,
            slot: slots[0]!,
            language,
            dir: workspace.box,
            outDir: workspace.out,
            ...(mode === 'with' ? { headers } : {}),
          });
          if (outcome.status !== 'ok') throw new Error(`compile ${mode}: ${JSON.stringify(outcome)}`);
          times[mode].push(outcome.timeMs);
        } finally {
          await workspace.dispose();
        }
      }
    }
    const ratio = median(times.with) / median(times.without);
    console.log(
      `pch: bits/stdc++.h A+B compile (${language.name}, wall in the box) with the PCH p50 ${ms(median(times.with))} ms, ` +
        `without ${ms(median(times.without))} ms: ${(ratio * 100).toFixed(0)} % of the time ` +
        `[${count} each, interleaved; load ${load} → ${load1()}; target ≤ 25 %; baseline (issue 25) g++ with a PCH ≈ 0.2 s]`,
    );
  } finally {
    await Promise.all(locks.map((l) => l.release()));
    await rm(workRoot, { recursive: true, force: true });
  }
}

// ---- latency: A+B submit to final verdict ------------------------------------------------------

async function latencyPart() {
  const count = num('BENCH_LATENCY_SUBMISSIONS', 10, 5);
  const warmUp = num('BENCH_LATENCY_WARM_UP', 10, 6);
  const server = await startServer();
  const worker = startWorker(server, 'latency', { VERDICT_JUDGE_LANGUAGES: 'C,C++' });
  const plainRuns = plainRunner();
  try {
    await abProblem(server.db, 'LAT', 5);
    const token = await signIn(server.url, 'root', ROOT_PASSWORD);
    await worker.ready;
    const variants: [string, string, (tag: string) => string][] = [
      ['C', 'C', (tag) => SOURCES.C!('ac', tag)],
      [
        'C++ (iostream)',
        'C++',
        (tag) =>
          `#include <iostream>\n// ${tag}\nint main() { long long a, b; while (std::cin >> a >> b) std::cout << a + b << "\\n"; }\n`,
      ],
      ['C++ (bits/stdc++.h)', 'C++', (tag) => SOURCES['C++']!('ac', tag)],
    ];
    for (const [label, language, code] of variants) {
      const plainProgram = await compileOnHost(server.dataDir, language, code(`${label} plain`));
      const rows: {
        whole: number;
        wake: number;
        compile: number;
        compiler: number;
        cases: number[];
        report: number;
        rest: number;
        /** five plain spawns of the same program on the cases' inputs */
        plain: number;
      }[] = [];
      // warm-up, not counted: the server's and the worker's first runs of each statement and function
      // (PostgreSQL plans a prepared statement afresh for its first five runs; V8 compiles hot code)
      for (let i = 0; i < warmUp; i++) {
        const submitId = await submit(
          server.url,
          token,
          'LAT',
          language,
          code(`${label} warm ${i} ${Date.now()}`),
        );
        while (!worker.traces.some((t) => t.submitId === submitId)) await sleep(5);
      }
      const load = load1();
      for (let i = 0; i < count; i++) {
        await sleep(300); // idle: the worker waits in its long poll
        const sent = performance.timeOrigin + performance.now();
        const submitId = await submit(
          server.url,
          token,
          'LAT',
          language,
          code(`${label} ${i} ${Date.now()}`),
        );
        let trace: Trace | undefined;
        while (!(trace = worker.traces.find((t) => t.submitId === submitId))) await sleep(5);
        const caseTimes = trace.cases.map(
          (c, k) => c.at - (k === 0 ? trace.compiled : trace.cases[k - 1]!.at),
        );
        const programMs = trace.cases.reduce((sum, c) => sum + c.cpuMs, 0);
        const whole = trace.reported - sent;
        // the same cases run by a plain spawn() of the same program, right after: what the OS costs
        const plain = await plainRuns.run(
          plainProgram,
          [0, 1, 2, 3, 4].map((k) => `${k + 1} ${k * 7}\n`),
        );
        rows.push({
          plain,
          whole,
          wake: trace.claimed - sent,
          compile: trace.compiled - trace.compileStart,
          compiler: trace.compilerMs,
          cases: caseTimes,
          report: trace.reported - trace.outcome,
          rest: whole - trace.compilerMs - programMs,
        });
      }
      const col = (f: (r: (typeof rows)[number]) => number) => ms(median(rows.map(f)));
      console.log(
        `latency ${label}: whole p50 ${col((r) => r.whole)} ms (min ${ms(Math.min(...rows.map((r) => r.whole)))}); ` +
          `queue wake ${col((r) => r.wake)}, compile ${col((r) => r.compile)} (compiler ${col((r) => r.compiler)}), ` +
          `cases ${[0, 1, 2, 3, 4].map((k) => col((r) => r.cases[k] ?? NaN)).join(' / ')}, report ${col((r) => r.report)}; ` +
          `everything but the compiler and the program: ${col((r) => r.rest)} ms, ` +
          `of which five plain spawn()s of the same program on the same inputs take ${col((r) => r.plain)} ` +
          `(the rest beyond them ${col((r) => r.rest - r.plain)}) ` +
          `[${count} submissions after ${warmUp} not counted, medians; load ${load}; target ≤ 20 ms; baseline (issue 25) C 363–448 ms, ` +
          `C++ iostream 654–795 ms, bits/stdc++.h 1.66–1.76 s]`,
      );
    }
  } finally {
    plainRuns.close();
    await worker.stop();
    await server.close();
  }
}

// ---- rush: a contest's first minutes ------------------------------------------------------------

/** A configuration is words joined by '+': `pch`, `cache`, `warm`, or `plain` for none of them. */
function configEnv(config: string): Record<string, string> {
  const words = new Set(config.split('+'));
  const unknown = [...words].filter((w) => !['plain', 'pch', 'cache', 'warm'].includes(w));
  if (unknown.length > 0)
    throw new Error(`BENCH_CONFIGS: unknown word(s) ${unknown.join(', ')} in ${config}`);
  return {
    VERDICT_JUDGE_PCH: words.has('pch') ? 'on' : 'off',
    VERDICT_JUDGE_COMPILE_CACHE_MB: words.has('cache') ? '512' : '0',
    VERDICT_SANDBOX_WARM: words.has('warm') ? '1' : '0',
  };
}

async function rushOnce(config: string) {
  const total = num('BENCH_RUSH', 2000, 120);
  const env: Record<string, string> = {
    VERDICT_JUDGE_LANGUAGES: 'C,C++,Java,Python3',
    ...configEnv(config),
  };
  const server = await startServer();
  const workers = [startWorker(server, 'rush-1', env), startWorker(server, 'rush-2', env)];
  try {
    await abProblem(server.db, 'RUSH', 5);
    const token = await signIn(server.url, 'root', ROOT_PASSWORD);
    await Promise.all(workers.map((w) => w.ready));
    const languages = Object.keys(SOURCES);
    const kinds: ('ac' | 'wa' | 'tle')[] = ['ac', 'ac', 'ac', 'ac', 'wa', 'wa', 'tle'];
    const expected = new Map<number, number>();
    const load = load1();
    const started = performance.now();
    // as fast as the API takes them: 8 submitters at once
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = next++; i < total; i = next++) {
          const language = languages[i % languages.length]!;
          const kind = kinds[Math.floor(i / languages.length) % kinds.length]!;
          const id = await submit(
            server.url,
            token,
            'RUSH',
            language,
            SOURCES[language]!(kind, `rush ${i} ${config}`),
          );
          expected.set(id, EXPECTED[kind]);
        }
      }),
    );
    const submitted = (performance.now() - started) / 1000;
    const ids = [...expected.keys()];
    const drain = async () => {
      for (;;) {
        const left = await server.db
          .select({ n: sql<number>`count(*)::int` })
          .from(judge)
          .where(sql`${inArray(judge.submitId, ids)} and ${inArray(judge.status, [...UNFINISHED_STATUSES])}`);
        const n = left[0]?.n ?? 0;
        if (Number(n) === 0) return;
        await sleep(100);
      }
    };
    await drain();
    const drained = (performance.now() - started) / 1000;
    const rows = await server.db.select().from(judge).where(inArray(judge.submitId, ids));
    const latency = rows.map((r) => r.gmtModified.getTime() - r.submitTime.getTime());
    const wrong = rows.filter((r) => r.status !== expected.get(r.submitId));
    const caseCounts = await server.db
      .select({ submitId: judgeCase.submitId, n: sql<number>`count(*)::int` })
      .from(judgeCase)
      .where(inArray(judgeCase.submitId, ids))
      .groupBy(judgeCase.submitId);
    const badCases = caseCounts.filter((c) => Number(c.n) !== 5).length + (rows.length - caseCounts.length);
    const twice = rows.filter((r) => r.attempt !== 1 || r.leaseOwner !== null).length;
    const compiled = workers.flatMap((w) => w.traces);
    console.log(
      `rush [${config}]: ${total} submissions accepted by the API in ${submitted.toFixed(1)} s, queue drained at ${drained.toFixed(1)} s: ` +
        `${(total / drained).toFixed(1)} judged/s; submit-to-verdict p50 ${ms(percentile(latency, 50) / 1000)} s, p95 ${ms(percentile(latency, 95) / 1000)} s; ` +
        `exactly one final verdict each: ${rows.length === total && twice === 0 && badCases === 0 ? 'yes' : `NO (${twice} judged twice or leased, ${badCases} with other than 5 cases)`}; ` +
        `unexpected verdicts ${wrong.length}${wrong.length ? ` (e.g. ${wrong[0]!.submitId} ${wrong[0]!.language}: ${wrong[0]!.status}, ${wrong[0]!.errorMessage?.slice(0, 200)})` : ''}; ` +
        `compiles from the cache ${compiled.filter((t) => t.cached).length} [load ${load} at the start, ${load1()} at the end]`,
    );
    // the whole contest rejudged: with the cache nothing compiles again
    const rejudgeStart = performance.now();
    const rejudgeLoad = load1();
    // each worker's traces so far: the rejudge's are the ones after them (the workers' lists interleave)
    const before = workers.map((w) => w.traces.length);
    for (const id of ids) {
      const res = await fetch(`${server.url}/api/admin/judge/rejudge?submitId=${id}`, {
        headers: { authorization: token },
      });
      if (!res.ok) throw new Error(`rejudge: ${await res.text()}`);
    }
    await drain();
    // a worker prints a task's trace once the result is answered: the last may still be on its way
    const traced = () => workers.reduce((n, w, i) => n + w.traces.length - before[i]!, 0);
    for (let waited = 0; traced() < total && waited < 5000; waited += 50) await sleep(50);
    const rejudged = workers.flatMap((w, i) => w.traces.slice(before[i]));
    console.log(
      `rush [${config}] rejudge of all: ${((performance.now() - rejudgeStart) / 1000).toFixed(1)} s, ` +
        `${(total / ((performance.now() - rejudgeStart) / 1000)).toFixed(1)} judged/s, compiler runs ${rejudged.filter((t) => !t.cached && t.compilerMs > 0).length} of ${rejudged.length} ` +
        `[load ${rejudgeLoad}]`,
    );
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await server.close();
  }
}

async function main() {
  console.log(
    `bench/judge: ${os.cpus().length} cores, 1-min load average ${load1()} at the start, ${pageFaultLine()}, Node ${process.version}`,
  );
  if (runs('cpu')) await cpuPart();
  if (runs('pch')) await pchPart();
  if (runs('latency')) await latencyPart();
  if (runs('rush'))
    for (const config of (process.env.BENCH_CONFIGS ?? 'plain,pch+cache,warm+pch+cache').split(','))
      await rushOnce(config);
}

await mkdir(os.tmpdir(), { recursive: true });
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
