/**
 * The load generator of the API benchmark, run by run.ts in its own process: an open loop that
 * starts requests at a fixed rate whatever the answers do (so a slow server cannot slow the offered
 * load down), over keep-alive connections. Latency runs from the moment a request was due to its
 * last byte. A request counts as an error unless it gets HTTP 200 with an envelope `status` of 200.
 *
 * Input: argv[2] names a JSON file (Job); output: one JSON line (Report), overall and per kind.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { cpuSeconds } from './cpu.ts';

export interface BenchRequest {
  /** the filter or variant, reported separately (e.g. "keyword") */
  kind: string;
  path: string;
  /** sent as `Authorization` (a logged-in user) */
  token?: string;
}

export interface Job {
  baseUrl: string;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  /** drawn at random, each as likely as the others (repeat one to weigh it) */
  requests: BenchRequest[];
  /** the server's process, whose CPU over the measured phase the report gives */
  serverPid?: number;
}

export interface Stats {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** One variant's figures: its requests per second completed, and offered (its share of the rate). */
export interface KindStats extends Stats {
  throughput: number;
  offered: number;
}

export interface Report extends Stats {
  /** requests completed per second, over the measured phase and its tail */
  throughput: number;
  /** the first error seen, for the report */
  firstError?: string;
  kinds: Record<string, KindStats>;
  /** the server process's share of one core over the measured phase (warm-up left out), if known */
  serverCpu?: number;
}

interface Sample {
  kind: string;
  latency: number;
  error?: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function request(job: Job, r: BenchRequest): Promise<string | undefined> {
  return new Promise((resolve) => {
    const headers = r.token ? { Authorization: r.token } : undefined;
    const req = http.get(`${job.baseUrl}${r.path}`, { agent, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        let status: unknown;
        try {
          status = (JSON.parse(body) as { status?: unknown }).status;
        } catch {
          status = 'not JSON';
        }
        resolve(
          res.statusCode === 200 && status === 200
            ? undefined
            : `${r.path}: HTTP ${res.statusCode}, status ${String(status)}: ${body.slice(0, 200)}`,
        );
      });
    });
    req.on('error', (error) => resolve(`${r.path}: ${error.message}`));
  });
}

async function phase(job: Job, seconds: number): Promise<{ samples: Sample[]; elapsed: number }> {
  const interval = 1000 / job.rate;
  const total = Math.round(seconds * job.rate);
  const samples: Sample[] = [];
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const r = job.requests[Math.floor(Math.random() * job.requests.length)]!;
    pending.push(
      request(job, r).then((error) => {
        samples.push({ kind: r.kind, latency: performance.now() - due, error });
      }),
    );
  }
  await Promise.all(pending);
  return { samples, elapsed: (performance.now() - start) / 1000 };
}

function stats(samples: Sample[]): Stats {
  const latencies = samples.map((s) => s.latency).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: samples.length,
    errors: samples.filter((s) => s.error !== undefined).length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
  };
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Job;
await phase(job, job.warmupSeconds);
// the server's first seconds compile its hot code (V8's tiers, PGlite's WebAssembly): a server
// that has been up a while no longer pays that, so its CPU is counted from the end of the warm-up
const cpuBefore = await cpuSeconds(job.serverPid);
const { samples, elapsed } = await phase(job, job.seconds);
const serverCpu = ((await cpuSeconds(job.serverPid)) - cpuBefore) / elapsed;
const kinds: Record<string, KindStats> = {};
for (const kind of new Set(job.requests.map((r) => r.kind))) {
  const mine = samples.filter((s) => s.kind === kind);
  const share = job.requests.filter((r) => r.kind === kind).length / job.requests.length;
  kinds[kind] = { ...stats(mine), throughput: mine.length / elapsed, offered: job.rate * share };
}
const report: Report = {
  ...stats(samples),
  throughput: samples.length / elapsed,
  firstError: samples.find((s) => s.error !== undefined)?.error,
  kinds,
  ...(Number.isNaN(serverCpu) ? {} : { serverCpu }),
};
console.log(JSON.stringify(report));
agent.destroy();
