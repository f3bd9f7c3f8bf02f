/**
 * Problem import benchmark: `node --import tsx bench/admin-import/problems.ts` (not part of the tests).
 *
 * Issue 29: importing a large FPS file must not stall the site. Builds an FPS XML (HUSTOJ's
 * export, as the FPS import tests write it) of BENCH_PROBLEMS problems with BENCH_CASES test cases
 * each, starts ONE Verdict server on a fresh PGlite database (seeded as a new site, no judge), and
 * from a load process of its own (forked) offers the problem list (`GET /api/get-problem-list`: a
 * few pages and keyword searches) a fixed BENCH_RATE requests per second (open loop, keep-alive),
 * first alone for BENCH_BASELINE seconds, then while root imports the file through
 * `POST /api/file/import-fps-problem`. It prints the list's p50/p95/p99 in both phases (a request
 * counts for the phase it was due in), their ratio, the import's wall time and the server's CPU
 * time during it, and the machine's load average. Target: list p95 under 50 ms while the import runs.
 *
 * Options (environment): BENCH_PROBLEMS (500), BENCH_CASES (10), BENCH_RATE (20), BENCH_BASELINE
 * (10), BENCH_CASE_BYTES (1000: each case's input; its output is a tenth), BENCH_PROFILE=dir (the
 * server writes a V8 CPU profile there on exit; the script prints its heaviest functions and the
 * longest stretches its event loop was busy). `--summarize dir` prints that of a kept profile.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../../packages/server/src/db/client.ts';
import { seedDatabase } from '../../packages/server/src/db/seed.ts';
import { hashPassword } from '../../packages/server/src/modules/account/password.ts';
import { multipartBody } from '../../packages/server/test/admin/zip.ts';
import { fpsFile, fpsItem } from '../../packages/server/test/problem/transfer-builders.ts';
import { freePort } from '../../packages/server/test/helpers/verdict-process.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PROBLEMS = env('BENCH_PROBLEMS', 500);
const CASES = env('BENCH_CASES', 10);
const RATE = env('BENCH_RATE', 20);
const BASELINE = env('BENCH_BASELINE', 10);
const CASE_BYTES = env('BENCH_CASE_BYTES', 1000);
const PROFILE_DIR = process.env.BENCH_PROFILE;
const TARGET_P95_MS = 50;
const ROOT_PASSWORD = 'bench-root-1';
const repo = path.resolve(import.meta.dirname, '../..');

/** What the load process is told: a phase starts (requests due from now on count for it), or stop. */
type ToLoad = { phase: string } | { stop: true };
interface Stats {
  requests: number;
  errors: number;
  firstError?: string;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}
type FromLoad = Record<string, Stats>;

const LIST_PATHS = [
  '/api/get-problem-list?currentPage=1&limit=30',
  '/api/get-problem-list?currentPage=2&limit=30',
  '/api/get-problem-list?currentPage=1&limit=50',
  '/api/get-problem-list?currentPage=3&limit=15',
  '/api/get-problem-list?currentPage=1&limit=30&keyword=Bench',
  '/api/get-problem-list?currentPage=1&limit=30&keyword=P1000',
  '/api/get-problem-list?currentPage=1&limit=30&keyword=1',
  '/api/get-problem-list?currentPage=1&limit=30&difficulty=1',
];

function stats(latencies: number[], errors: string[]): Stats {
  const l = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => l[Math.min(l.length - 1, Math.floor(q * l.length))] ?? 0;
  return {
    requests: l.length,
    errors: errors.length,
    firstError: errors[0],
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: l.at(-1) ?? 0,
  };
}

/** The load process: offers RATE list requests a second to argv[3] until told to stop. */
async function loadProcess(baseUrl: string): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const get = (url: string) =>
    new Promise<string | undefined>((resolve) => {
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
  const byPhase = new Map<string, { latencies: number[]; errors: string[] }>();
  let phase = '';
  let stopped = false;
  process.on('message', (message: ToLoad) => {
    if ('stop' in message) stopped = true;
    else phase = message.phase;
  });
  process.send!('ready');
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; !stopped; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (stopped) break;
    const bucket = byPhase.get(phase) ?? { latencies: [], errors: [] };
    byPhase.set(phase, bucket);
    const url = `${baseUrl}${LIST_PATHS[i % LIST_PATHS.length]}`;
    pending.push(
      get(url).then((error) => {
        bucket.latencies.push(performance.now() - due);
        if (error) bucket.errors.push(error);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  const report: FromLoad = {};
  for (const [name, b] of byPhase) if (name) report[name] = stats(b.latencies, b.errors);
  process.send!(report, () => process.exit(0));
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'packages/server/src/main.ts'], {
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
    server.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Verdict is running')) resolve();
    });
    server.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return server;
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

/** BENCH_PROBLEMS items of BENCH_CASES cases each: numbers, as a generator's test data would be. */
function buildFps(): Buffer {
  const line = (seed: number, bytes: number) => {
    let text = '';
    for (let n = seed; text.length < bytes; n = (n * 1103515245 + 12345) % 2147483648)
      text += `${n % 1000000} `;
    return `${text.slice(0, bytes - 1)}\n`;
  };
  const items: string[] = [];
  for (let p = 1; p <= PROBLEMS; p++) {
    const tests = Array.from({ length: CASES }, (_, c) => line(p * 1000 + c, CASE_BYTES));
    const outputs = Array.from({ length: CASES }, (_, c) => line(p * 7919 + c, Math.max(2, CASE_BYTES / 10)));
    items.push(
      fpsItem({
        title: `Bench import ${p}`,
        description: `<p>Problem ${p}: read the numbers and print their checksum.</p>`,
        samples: [['1 2\n', '3\n']],
        tests,
        outputs,
        templates: [['C++', `// template ${p}\nint main() {}\n`]],
      }),
    );
  }
  return fpsFile('1.2', items);
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const frameName = (f: ProfileNode['callFrame']) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|packages)\//, '$1/')}:${f.lineNumber + 1}`;

/**
 * The server's CPU profile (its main thread: the one busiest): the heaviest functions by self time,
 * and the longest stretches the event loop was busy without a break (no idle sample), each with the
 * Verdict functions (the deepest frame under packages/ of each sample) it was in.
 */
async function summarizeProfile(dir: string): Promise<void> {
  const profiles = await Promise.all(
    (await readdir(dir))
      .filter((f) => f.endsWith('.cpuprofile'))
      .map(
        async (f) =>
          JSON.parse(await readFile(path.join(dir, f), 'utf8')) as {
            nodes: ProfileNode[];
            samples: number[];
            timeDeltas: number[];
          },
      ),
  );
  const idleShare = (p: (typeof profiles)[number]) =>
    p.samples.filter((id) => p.nodes.find((n) => n.id === id)?.callFrame.functionName === '(idle)').length /
    p.samples.length;
  const profile = profiles.sort((a, b) => idleShare(a) - idleShare(b))[0];
  if (!profile) return;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const ownFrame = (id: number) => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)!.callFrame;
      if (f.url.includes('/packages/')) return frameName(f);
    }
    return frameName(byId.get(id)!.callFrame);
  };
  const self = new Map<string, number>();
  const stretches: { start: number; ms: number; frames: Map<string, number> }[] = [];
  let current: (typeof stretches)[number] | undefined;
  let t = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    t += ms;
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') {
      current = undefined;
      return;
    }
    self.set(frameName(frame), (self.get(frameName(frame)) ?? 0) + ms);
    if (!current) stretches.push((current = { start: t, ms: 0, frames: new Map() }));
    current.ms += ms;
    const own = ownFrame(id);
    current.frames.set(own, (current.frames.get(own) ?? 0) + ms);
  });
  const busy = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`
Server CPU profile: ${(t / 1000).toFixed(1)} s, busy ${(busy / 1000).toFixed(1)} s; heaviest (self time):`);
  for (const [key, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`${ms.toFixed(0).padStart(8)} ms ${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${key}`);
  console.log('Longest busy stretches of the event loop (start s, length ms: where, ms):');
  for (const s of stretches.sort((a, b) => b.ms - a.ms).slice(0, 8)) {
    const where = [...s.frames]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([f, ms]) => `${f} ${ms.toFixed(0)}`)
      .join('; ');
    console.log(`${(s.start / 1000).toFixed(1).padStart(7)} s ${s.ms.toFixed(0).padStart(6)} ms  ${where}`);
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'verdict-bench-problems-'));
  let server: ChildProcess | undefined;
  let load: ChildProcess | undefined;
  try {
    const built = performance.now();
    const xml = buildFps();
    console.log(
      `FPS file: ${PROBLEMS} problems × ${CASES} cases, ${(xml.length / 1024 / 1024).toFixed(1)} MiB` +
        ` (built in ${((performance.now() - built) / 1000).toFixed(1)} s)`,
    );
    const database = await openDatabase({ dataDir });
    await migrateDatabase(database);
    await seedDatabase(database.db, { hashPassword, rootPassword: ROOT_PASSWORD });
    await database.close();
    if (PROFILE_DIR) await mkdir(PROFILE_DIR, { recursive: true });
    const port = await freePort();
    server = await startServer(dataDir, port);
    const baseUrl = `http://127.0.0.1:${port}`;
    // the login refuses with 503 while the machine is too busy to hash (it says when to retry)
    let signedIn: Response;
    for (let attempt = 1; ; attempt++) {
      signedIn = await fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'root', password: ROOT_PASSWORD }),
      });
      if (signedIn.headers.get('Authorization') || attempt === 10) break;
      await new Promise((r) => setTimeout(r, 3000));
    }
    const token = signedIn.headers.get('Authorization');
    if (!token) throw new Error(`root login failed: ${await signedIn.text()}`);

    console.log(
      `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)} before the run;` +
        ` ${RATE} list req/s offered from a load process`,
    );
    load = fork(import.meta.filename, ['--load', baseUrl], { execArgv: ['--import', 'tsx'] });
    const loadReport = new Promise<FromLoad>((resolve, reject) => {
      load!.on('message', (m) => m !== 'ready' && resolve(m as FromLoad));
      load!.once('exit', (code) => code !== 0 && reject(new Error(`load process exited with ${code}`)));
    });
    await new Promise<void>((resolve) => load!.once('message', () => resolve()));
    const tell = (m: ToLoad) => load!.send(m);
    // a second of warm-up (the first queries prepare their statements), not counted
    await new Promise((r) => setTimeout(r, 1000));
    tell({ phase: 'alone' });
    await new Promise((r) => setTimeout(r, BASELINE * 1000));

    const { payload, contentType } = multipartBody('problems.xml', xml);
    const cpuBefore = await cpuSeconds(server.pid);
    const loadBefore = os.loadavg()[0]!;
    tell({ phase: 'import' });
    const importStart = performance.now();
    const answer = (await (
      await fetch(`${baseUrl}/api/file/import-fps-problem`, {
        method: 'POST',
        headers: { 'Content-Type': contentType, Authorization: token, 'Accept-Language': 'en-US' },
        body: payload,
      })
    ).json()) as { status: number; msg: string; data?: { imported: unknown[]; failed: unknown[] } };
    const importSeconds = (performance.now() - importStart) / 1000;
    const cpu = (await cpuSeconds(server.pid)) - cpuBefore;
    const loadAfter = os.loadavg()[0]!;
    tell({ stop: true });
    const phases = await loadReport;

    const line = (name: string, s: Stats | undefined) =>
      s
        ? `${name.padEnd(20)} ${String(s.requests).padStart(8)} ${[s.p50, s.p95, s.p99, s.max]
            .map((v) => v.toFixed(1).padStart(7))
            .join(' ')} ${String(s.errors).padStart(6)}`
        : `${name.padEnd(20)} (no requests)`;
    console.log(`\n${'problem list'.padEnd(20)} requests  p50 ms  p95 ms  p99 ms  max ms errors`);
    console.log(line('alone', phases.alone));
    console.log(line('during the import', phases.import));
    const firstError = phases.alone?.firstError ?? phases.import?.firstError;
    if (firstError) console.log(`first error: ${firstError}`);
    const imported = answer.data?.imported.length ?? 0;
    console.log(
      `\nimport of ${PROBLEMS} problems × ${CASES} cases: ${answer.status}, ${imported} imported,` +
        ` ${answer.data?.failed.length ?? '?'} failed, in ${importSeconds.toFixed(1)} s` +
        ` (${((importSeconds * 1000) / PROBLEMS).toFixed(1)} ms a problem); server CPU ${cpu.toFixed(1)} s` +
        ` (${((cpu / importSeconds) * 100).toFixed(0)} % of a core)`,
    );
    if (answer.status !== 200) console.log(`message: ${answer.msg.slice(0, 300)}`);
    const alone = phases.alone;
    const busy = phases.import;
    if (alone && busy)
      console.log(
        `p50 during / alone: ${(busy.p50 / Math.max(alone.p50, 0.1)).toFixed(2)};` +
          ` p95 during / alone: ${(busy.p95 / Math.max(alone.p95, 0.1)).toFixed(2)}`,
      );
    console.log(
      `load average ${loadBefore.toFixed(2)} when the import began, ${loadAfter.toFixed(2)} when it ended`,
    );
    const met = !!busy && busy.p95 < TARGET_P95_MS && busy.errors === 0 && imported === PROBLEMS;
    console.log(
      met
        ? `Target met (list p95 < ${TARGET_P95_MS} ms during the import, no errors, all imported).`
        : 'Target NOT met.',
    );
  } finally {
    if (load && load.exitCode === null) load.kill('SIGTERM');
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
  if (PROFILE_DIR) await summarizeProfile(PROFILE_DIR);
}

if (process.argv[2] === '--load') await loadProcess(process.argv[3]!);
else if (process.argv[2] === '--summarize') await summarizeProfile(process.argv[3]!);
else await main();
