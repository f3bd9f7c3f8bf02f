import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export interface Claimed {
  kind: 'submission' | 'test';
  id: string;
  attempt: number;
}

/**
 * The judge queue is the submission table itself (ARCHITECTURE "judge gateway"). A claim takes
 * the most urgent pending row that this worker can judge, or a row whose lease ran out because its
 * worker died, and leases it. `SKIP LOCKED` lets concurrent claims pass each other instead of
 * waiting, and the attempt counter makes every earlier holder's reports stale.
 */
export async function claimNext(
  db: Db,
  worker: { name: string; languages: string[] },
  leaseMs: number,
  now: Date,
): Promise<Claimed | undefined> {
  if (worker.languages.length === 0) return undefined;
  const expires = new Date(now.getTime() + leaseMs);
  const languages = sql`array[${sql.join(
    worker.languages.map((l) => sql`${l}`),
    sql`, `,
  )}]::text[]`;
  const claimable = sql`(status = ${JudgeStatus.PENDING} or (status in (${JudgeStatus.COMPILING}, ${JudgeStatus.JUDGING}) and lease_expires_at < ${now.toISOString()}))
      and language = any(${languages})`;

  // Submissions and test runs share one priority scale; look at the best of each.
  const best = await queryRows<{ kind: string; id: string; priority: number }>(
    db,
    sql`
    (select 'submission' as kind, submit_id::text as id, priority from judge where ${claimable}
      order by priority desc, submit_id limit 1)
    union all
    (select 'test' as kind, id, priority from test_run where ${claimable}
      order by priority desc, gmt_create limit 1)
    order by priority desc`,
  );

  for (const candidate of best) {
    const claimed =
      candidate.kind === 'submission'
        ? await queryRows<{ id: string; attempt: number }>(
            db,
            sql`
            update judge set status = ${JudgeStatus.COMPILING}, judger = ${worker.name},
              lease_owner = ${worker.name}, lease_expires_at = ${expires.toISOString()},
              attempt = attempt + 1, gmt_modified = ${now.toISOString()}
            where submit_id = (select submit_id from judge where ${claimable}
              order by priority desc, submit_id limit 1 for update skip locked)
            returning submit_id::text as id, attempt`,
          )
        : await queryRows<{ id: string; attempt: number }>(
            db,
            sql`
            update test_run set status = ${JudgeStatus.COMPILING},
              lease_owner = ${worker.name}, lease_expires_at = ${expires.toISOString()}, attempt = attempt + 1
            where id = (select id from test_run where ${claimable}
              order by priority desc, gmt_create limit 1 for update skip locked)
            returning id, attempt`,
          );
    const row = claimed[0];
    if (row) return { kind: candidate.kind as Claimed['kind'], id: row.id, attempt: Number(row.attempt) };
  }
  return undefined;
}

/** Wakes long-polling claims in this process when work arrives (other processes poll every second). */
export class QueueSignal {
  private readonly events = new EventEmitter().setMaxListeners(0);

  notify(): void {
    this.events.emit('work');
  }

  /** Resolves on the next notify, or after `ms`, or when `abort` fires. */
  wait(ms: number, abort?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.events.off('work', done);
        abort?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.events.once('work', done);
      abort?.addEventListener('abort', done, { once: true });
    });
  }
}
