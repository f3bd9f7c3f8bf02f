import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { TRANSITIONS } from './states.ts';

export interface Claimed {
  kind: 'submission' | 'test';
  id: string;
  attempt: number;
}

const list = (statuses: readonly number[]) => sql.raw(statuses.join(', '));

/**
 * The claim and reclaim transitions of states.ts, for submissions and test runs alike (they share
 * the lease columns and one priority scale). The judge queue is the submission table itself
 * (ARCHITECTURE "judge gateway"): a claim takes the most urgent pending row that this worker can
 * judge, or a row whose lease ran out because its worker died, and leases it. `SKIP LOCKED` lets
 * concurrent claims pass each other instead of waiting, and the attempt counter makes every earlier
 * holder's reports stale. No scope has anything to do on a claim.
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
  const claimable = sql`(status in (${list(TRANSITIONS.claim.from)}) or (status in (${list(TRANSITIONS.reclaim.from)}) and lease_expires_at < ${now.toISOString()}))
      and language = any(${languages})`;
  const compiling = TRANSITIONS.claim.to[0]!;

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
            update judge set status = ${compiling}, judger = ${worker.name},
              lease_owner = ${worker.name}, lease_expires_at = ${expires.toISOString()},
              attempt = attempt + 1, gmt_modified = ${now.toISOString()}
            where submit_id = (select submit_id from judge where ${claimable}
              order by priority desc, submit_id limit 1 for update skip locked)
            returning submit_id::text as id, attempt`,
          )
        : await queryRows<{ id: string; attempt: number }>(
            db,
            sql`
            update test_run set status = ${compiling},
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
