/**
 * The load generator of the API benchmark, in its own process: an open loop that starts requests
 * at a fixed rate whatever the answers do (so a slow server cannot slow the offered load down),
 * over keep-alive connections. Latency runs from the moment a request was due to its last byte.
 * Input: argv[2] names a JSON file {baseUrl, rate, seconds, warmupSeconds, paths}; output: one JSON line.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

interface Job {
  baseUrl: string;
  rate: number;
  seconds: number;
  warmupSeconds: number;
  /** request paths, drawn at random */
  paths: string[];
}

const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Job;
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

function request(path: string): Promise<{ ok: boolean }> {
  return new Promise((resolve) => {
    const req = http.get(`${job.baseUrl}${path}`, { agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        let ok = res.statusCode === 200;
        try {
          ok &&= (JSON.parse(body) as { status: number }).status === 200;
        } catch {
          ok = false;
        }
        resolve({ ok });
      });
    });
    req.on('error', () => resolve({ ok: false }));
  });
}

async function phase(seconds: number, record: boolean) {
  const interval = 1000 / job.rate;
  const total = Math.round(seconds * job.rate);
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const path = job.paths[Math.floor(Math.random() * job.paths.length)]!;
    pending.push(
      request(path).then(({ ok }) => {
        if (!record) return;
        latencies.push(performance.now() - due);
        if (!ok) errors++;
      }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  return { latencies, errors, elapsed, total };
}

await phase(job.warmupSeconds, false);
const { latencies, errors, elapsed, total } = await phase(job.seconds, true);
latencies.sort((a, b) => a - b);
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
console.log(
  JSON.stringify({
    requests: total,
    errors,
    throughput: total / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: latencies.at(-1),
  }),
);
agent.destroy();
