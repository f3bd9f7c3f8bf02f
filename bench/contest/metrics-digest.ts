/**
 * What `/metrics` shows during a benchmark (issue 28 "Watching it"): the Prometheus text of each
 * server is scraped before and after a phase, and the digest prints the phase's share (counters and
 * histograms as differences, gauges as read at the end), as an operator's dashboard would plot it.
 */

/** One sample of the exposition format: `name{label="value",…} number`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export type Scrape = Sample[];

/** The samples of a Prometheus text exposition (comments and blank lines skipped). */
export function parseMetrics(text: string): Scrape {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
      labels[key!] = value!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** GET /metrics with the bearer token; throws on anything but 200. */
export async function scrape(url: string, token: string): Promise<Scrape> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`/metrics on ${url}: HTTP ${res.status}`);
  return parseMetrics(await res.text());
}

const key = (s: Sample) => `${s.name}${JSON.stringify(s.labels)}`;

/** after − before for every sample (a counter or histogram's share of the phase). */
function difference(before: Scrape, after: Scrape): Scrape {
  const old = new Map(before.map((s) => [key(s), s.value]));
  return after.map((s) => ({ ...s, value: s.value - (old.get(key(s)) ?? 0) }));
}

const sum = (samples: Sample[]) => samples.reduce((total, s) => total + s.value, 0);
const named = (scrape: Scrape, name: string) => scrape.filter((s) => s.name === name);

/** The p-th percentile bound of a histogram's cumulative buckets (`le`): the bucket it falls in. */
function bucketPercentile(buckets: Sample[], p: number): string {
  const sorted = buckets
    .map((b) => ({ le: b.labels.le === '+Inf' ? Infinity : Number(b.labels.le), n: b.value }))
    .sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.n ?? 0;
  if (total === 0) return '-';
  const bucket = sorted.find((b) => b.n >= (p / 100) * total)!;
  return bucket.le === Infinity ? `> ${sorted.at(-2)!.le * 1000} ms` : `≤ ${bucket.le * 1000} ms`;
}

/** The digest's lines for one server's scrapes around a phase of `seconds`. */
export function digest(before: Scrape, after: Scrape, seconds: number): string[] {
  const phase = difference(before, after);
  const lines: string[] = [];
  const requests = named(phase, 'verdict_http_requests_total');
  const routes = new Map<string, { n: number; errors: number }>();
  for (const s of requests) {
    const route = `${s.labels.method} ${s.labels.route}`;
    const entry = routes.get(route) ?? { n: 0, errors: 0 };
    entry.n += s.value;
    if (Number(s.labels.status) >= 400) entry.errors += s.value;
    routes.set(route, entry);
  }
  const buckets = named(phase, 'verdict_http_request_duration_seconds_bucket');
  for (const [route, { n, errors }] of [...routes].sort((a, b) => b[1].n - a[1].n)) {
    if (n === 0) continue;
    const [method, pattern] = route.split(' ');
    const own = buckets.filter((b) => b.labels.method === method && b.labels.route === pattern);
    lines.push(
      `verdict_http_requests_total ${route}: ${n} (${(n / seconds).toFixed(1)}/s), ${errors} with status ≥ 400; ` +
        `duration p50 ${bucketPercentile(own, 50)}, p95 ${bucketPercentile(own, 95)}, p99 ${bucketPercentile(own, 99)}`,
    );
  }
  const judged = named(phase, 'verdict_submissions_judged_total');
  lines.push(
    `verdict_submissions_judged_total: ${sum(judged)} (${((sum(judged) / seconds) * 60).toFixed(0)} a minute; ` +
      `${judged.map((s) => `${s.labels.verdict} ${s.value}`).join(', ') || 'none'})`,
  );
  lines.push(`verdict_http_requests_shed_total: ${sum(named(phase, 'verdict_http_requests_shed_total'))}`);
  const gauge = (name: string, label: string) =>
    named(after, name)
      .map((s) => `${s.labels[label] ?? ''} ${s.value}`.trim())
      .join(', ') || 'none';
  lines.push(
    `verdict_judge_queue_length by priority (at the end): ${gauge('verdict_judge_queue_length', 'priority')}`,
  );
  lines.push(`verdict_judge_workers by state: ${gauge('verdict_judge_workers', 'state')}`);
  const slots = named(after, 'verdict_judge_worker_slots');
  if (slots.length > 0)
    lines.push(
      `verdict_judge_worker_slots: ${slots.map((s) => `${s.labels.worker} ${s.labels.kind} ${s.value}`).join(', ')}`,
    );
  const pool = named(after, 'verdict_db_pool_connections');
  if (pool.length > 0)
    lines.push(`verdict_db_pool_connections: ${gauge('verdict_db_pool_connections', 'state')}`);
  const cpu = sum(named(phase, 'verdict_process_cpu_seconds_total'));
  const heap = sum(named(after, 'verdict_nodejs_heap_size_used_bytes'));
  const lag = sum(named(after, 'verdict_nodejs_eventloop_lag_p99_seconds'));
  lines.push(
    `verdict_process_cpu_seconds_total: ${cpu.toFixed(1)} s (${((cpu / seconds) * 100).toFixed(0)} % of one core); ` +
      `heap used ${(heap / 2 ** 20).toFixed(0)} MiB; event-loop lag p99 ${(lag * 1000).toFixed(1)} ms`,
  );
  return lines;
}
