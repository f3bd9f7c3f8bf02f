import { PGlite } from '@electric-sql/pglite';

/**
 * BENCH_SQL_STATS=1: counts the statements the embedded database runs (grouped by their text) and
 * the time each took inside PGlite's lock, to see which queries a read or a verdict costs.
 */
export class SqlStats {
  private readonly stats = new Map<string, { calls: number; ms: number; rows: number }>();
  private on = false;

  install() {
    type Query = (this: unknown, text: string, ...rest: unknown[]) => Promise<{ rows: unknown[] }>;
    const proto = PGlite.prototype as unknown as {
      query: Query;
      transaction: (cb: (tx: { query: Query }) => unknown) => unknown;
    };
    const record = (text: string, ms: number, rows: number) => {
      if (!this.on) return;
      const key = text.replace(/\s+/g, ' ').slice(0, 160);
      const s = this.stats.get(key) ?? { calls: 0, ms: 0, rows: 0 };
      s.calls++;
      s.ms += ms;
      s.rows += rows;
      this.stats.set(key, s);
    };
    const wrap = (query: Query): Query =>
      async function (this: unknown, text, ...rest) {
        const at = performance.now();
        const result = await query.call(this, text, ...rest);
        record(text, performance.now() - at, result.rows.length);
        return result;
      };
    proto.query = wrap(proto.query);
    const transaction = proto.transaction;
    proto.transaction = function (this: unknown, cb) {
      record('BEGIN … COMMIT (transaction)', 0, 0);
      return transaction.call(this, (tx) => {
        tx.query = wrap(tx.query);
        return cb(tx);
      });
    };
  }

  start() {
    this.stats.clear();
    this.on = true;
  }

  report(per: Record<string, number>, top = 25): string {
    this.on = false;
    const lines = [...this.stats]
      .sort((a, b) => b[1].calls - a[1].calls)
      .slice(0, top)
      .map(
        ([text, s]) =>
          `${String(s.calls).padStart(7)} calls ${s.ms.toFixed(0).padStart(7)} ms ${(s.rows / s.calls).toFixed(1).padStart(7)} rows/call  ${text}`,
      );
    const calls = [...this.stats.values()].reduce((n, s) => n + s.calls, 0);
    const perOp = Object.entries(per)
      .map(([name, n]) => `${(calls / Math.max(1, n)).toFixed(1)} statements per ${name}`)
      .join(', ');
    return `statements: ${calls} (${perOp})\n${lines.join('\n')}`;
  }
}
