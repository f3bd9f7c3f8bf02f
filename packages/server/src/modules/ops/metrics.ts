import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { JudgeStatus } from '@verdict/shared';
import type { Clock } from '../../clock.ts';
import { poolStats, type Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { judgeWorkers } from '../admin/dashboard/judge-workers.ts';

const STATUS_NAMES = new Map<number, string>(
  Object.entries(JudgeStatus).map(([name, code]) => [code, name.toLowerCase()]),
);

/** A route pattern as Fastify matched it (bounded, unlike URLs); requests that matched none share one. */
const UNMATCHED_ROUTE = '(unmatched)';

/**
 * This server process's Prometheus metrics (issue 28 "Watching it"), read at `/metrics`: its HTTP
 * requests by route, the judge queue by priority, the judge workers and their load, submissions
 * judged, the database pool, and Node's own process figures. The queue and the workers are read
 * from the database when scraped, so every server process reports the whole site's; requests and
 * verdicts are counted by the process that answered them (sum them over the processes).
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly verdicts: Counter<'verdict'>;
  private readonly shedCalls: Counter<'method' | 'route'>;
  private readonly workerGauges: Record<'workers' | 'up' | 'slots' | 'cpu' | 'memory', Gauge>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly leaseMs: number,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'verdict_' });
    this.requests = new Counter({
      name: 'verdict_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'verdict_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.shedCalls = new Counter({
      name: 'verdict_http_requests_shed_total',
      help: 'API calls answered 503 with Retry-After because the server was behind (load shedding)',
      labelNames: ['method', 'route'],
      registers,
    });
    this.verdicts = new Counter({
      name: 'verdict_submissions_judged_total',
      help: 'Final verdicts accepted from judge workers, by verdict (rate() over 1m gives judged per minute)',
      labelNames: ['verdict'],
      registers,
    });
    new Gauge({
      name: 'verdict_judge_queue_length',
      help: 'Submissions waiting for a judge worker (pending), by queue priority',
      labelNames: ['priority'],
      registers,
      async collect() {
        this.reset();
        const rows = await queryRows<{ priority: number; n: number }>(
          db,
          sql`select priority, count(*)::int as n from judge where status = ${JudgeStatus.PENDING}
            group by priority`,
        );
        for (const { priority, n } of rows) this.set({ priority: String(priority) }, n);
      },
    });
    this.workerGauges = {
      workers: new Gauge({
        name: 'verdict_judge_workers',
        help: 'Registered judge workers, by state (online, late, gone)',
        labelNames: ['state'],
        registers,
      }),
      up: new Gauge({
        name: 'verdict_judge_worker_up',
        help: 'Whether a registered judge worker is online (heartbeat on time and not disabled)',
        labelNames: ['worker'],
        registers,
      }),
      slots: new Gauge({
        name: 'verdict_judge_worker_slots',
        help: "A worker's judging slots: its maximum, and those held by live leases",
        labelNames: ['worker', 'kind'],
        registers,
      }),
      cpu: new Gauge({
        name: 'verdict_judge_worker_cpu_load_percent',
        help: "The CPU load a worker's host last reported",
        labelNames: ['worker'],
        registers,
      }),
      memory: new Gauge({
        name: 'verdict_judge_worker_memory_load_percent',
        help: "The memory load a worker's host last reported",
        labelNames: ['worker'],
        registers,
      }),
    };
    const pool = poolStats(db);
    if (pool) {
      new Gauge({
        name: 'verdict_db_pool_connections',
        help: 'Connections of the PostgreSQL pool: open, idle, and callers waiting for one',
        labelNames: ['state'],
        registers,
        collect() {
          const stats = pool();
          this.set({ state: 'open' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
  }

  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    const labels = { method, route: route ?? UNMATCHED_ROUTE };
    this.requests.inc({ ...labels, status: String(status) });
    this.requestSeconds.observe(labels, seconds);
  }

  shed(method: string, route: string): void {
    this.shedCalls.inc({ method, route });
  }

  judged(status: number): void {
    this.verdicts.inc({ verdict: STATUS_NAMES.get(status) ?? String(status) });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  async text(): Promise<string> {
    await this.readWorkers();
    return this.registry.metrics();
  }

  /**
   * One read of the workers fills their five gauges (prom-client collects gauges concurrently, so
   * a gauge cannot fill the others from its own collect).
   */
  private async readWorkers(): Promise<void> {
    const gauges = this.workerGauges;
    for (const gauge of Object.values(gauges)) gauge.reset();
    const workers = await judgeWorkers(this.db, this.clock.now(), this.leaseMs);
    const byState = { online: 0, late: 0, gone: 0 };
    for (const w of workers) {
      byState[w.state]++;
      gauges.up.set({ worker: w.name }, w.state === 'online' && !w.disabled ? 1 : 0);
      gauges.slots.set({ worker: w.name, kind: 'max' }, w.maxTaskNumber);
      gauges.slots.set({ worker: w.name, kind: 'in_use' }, w.slotsInUse);
      if (w.percentCpuLoad) gauges.cpu.set({ worker: w.name }, parseFloat(w.percentCpuLoad));
      if (w.percentMemoryLoad) gauges.memory.set({ worker: w.name }, parseFloat(w.percentMemoryLoad));
    }
    for (const [state, n] of Object.entries(byState)) gauges.workers.set({ state }, n);
  }
}
