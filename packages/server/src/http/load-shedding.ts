import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './errors.ts';
import { messages } from './messages.ts';

/**
 * Load shedding (issue 28 "A contest bigger than one core"): a server that cannot keep up answers new
 * API calls at once with HTTP 503 and `Retry-After` instead of letting them wait in its queue until
 * the client gives up (a board read waited 53 s at p99 in `bench/contest` at full size).
 *
 * Two signs of a server behind its work, each with a bound of the configuration:
 * - the event loop stalled: its longest delay in the last window (LOAD_SHED_MAX_DELAY_MS). A busy
 *   loop on the embedded database runs each statement inside the process, so every call waits behind
 *   the ones before it;
 * - too many calls in progress at once (LOAD_SHED_MAX_IN_FLIGHT): calls waiting for the database
 *   (the embedded one runs one statement at a time, a server's pool has a size) pile up here.
 *
 * Never shed: the judge gateway (a worker's report keeps its lease and carries a verdict; dropping
 * it would make work again, not less), and the probes that watch the server.
 */
export interface LoadSheddingOptions {
  /** the longest event-loop delay, in ms, over which calls are shed; 0 turns this sign off */
  maxDelayMs: number;
  /** calls in progress at once over which new ones are shed; 0 turns this sign off */
  maxInFlight: number;
  /** how long a stall keeps counting: until a window this long, in ms, has passed after it */
  windowMs?: number;
  /** called with the route of each shed call (the metrics count them) */
  onShed?: (method: string, route: string) => void;
}

const NEVER_SHED = /^\/api\/(judge-gateway\/|health(\?|$)|ready(\?|$))/;
/** Calls that stay open by design (the message centre's push stream): not work in progress. */
const LONG_LIVED = /^\/api\/msg\/stream(\?|$)/;
const WINDOW_MS = 500;
const TICK_MS = 20;
/** Retry-After's bounds, in seconds: long enough for a backlog to drain, short enough to stay live. */
const RETRY_AFTER_S = { min: 2, max: 30 };

export class LoadMonitor {
  private readonly ticker: NodeJS.Timeout;
  /** the longest lateness of the ticker in the window open now and in the one before, in ms */
  private currentDelayMs = 0;
  private lastDelayMs = 0;
  inFlight = 0;

  constructor(
    private readonly options: LoadSheddingOptions,
    now: () => number = () => performance.now(),
  ) {
    const windowMs = options.windowMs ?? WINDOW_MS;
    let windowStart = now();
    let due = windowStart + TICK_MS;
    // A timer that measures how late it fires: the loop's delay. Timers run in the order they were
    // due, so after a stall this one reports before any call that arrived during it is served.
    this.ticker = setInterval(() => {
      const t = now();
      this.currentDelayMs = Math.max(this.currentDelayMs, t - due);
      due = t + TICK_MS;
      if (t - windowStart >= windowMs) {
        this.lastDelayMs = this.currentDelayMs;
        this.currentDelayMs = 0;
        windowStart = t;
      }
    }, TICK_MS).unref();
  }

  /** Why a new call should wait, or null when the server keeps up. */
  pressure(): { retryAfterSeconds: number } | null {
    const { maxDelayMs, maxInFlight } = this.options;
    // the window open now and the one before it: a stall counts from the moment it ends
    const delayMs = Math.max(this.lastDelayMs, this.currentDelayMs);
    const stalled = maxDelayMs > 0 && delayMs > maxDelayMs;
    const crowded = maxInFlight > 0 && this.inFlight >= maxInFlight;
    if (!stalled && !crowded) return null;
    // about twice the stall: the queue behind it drains in about as long again
    const seconds = Math.ceil((2 * Math.max(delayMs, maxDelayMs)) / 1000);
    return { retryAfterSeconds: Math.min(RETRY_AFTER_S.max, Math.max(RETRY_AFTER_S.min, seconds)) };
  }

  close(): void {
    clearInterval(this.ticker);
  }
}

/** Answers API calls 503 with Retry-After while the monitor sees pressure (before any other work). */
export const loadShedding = fp(async (app: FastifyInstance, options: LoadSheddingOptions) => {
  if (options.maxDelayMs <= 0 && options.maxInFlight <= 0) return;
  const monitor = new LoadMonitor(options);
  app.addHook('onClose', async () => monitor.close());
  const counted = Symbol('counted in flight');
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || NEVER_SHED.test(request.url)) return;
    const pressure = monitor.pressure();
    if (pressure) {
      options.onShed?.(request.method, request.routeOptions.url ?? '(unmatched)');
      reply.header('Retry-After', String(pressure.retryAfterSeconds));
      throw new ApiError(503, messages.serverBusy, 503, { retryAfterSeconds: pressure.retryAfterSeconds });
    }
    if (LONG_LIVED.test(request.url)) return;
    monitor.inFlight++;
    (request as object as Record<symbol, boolean>)[counted] = true;
  });
  // once per call, whichever comes first: its answer sent, or its client gone
  const release = async (request: object) => {
    const flags = request as Record<symbol, boolean>;
    if (!flags[counted]) return;
    flags[counted] = false;
    monitor.inFlight--;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);
});
