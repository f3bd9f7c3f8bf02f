import { UNFINISHED_STATUSES, type RemoteTarget } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { preparedRows, preparedStatement } from '../../../db/prepared.ts';
import { judge } from '../../../db/schema/index.ts';
import { TRANSITIONS } from './states.ts';

export interface Claimed {
  kind: 'submission' | 'test';
  id: string;
  attempt: number;
  /** a claimed submission's row as the claim left it, so that its task need not read it again */
  submission?: typeof judge.$inferSelect;
  /** a remote submission's site, id there and leased account (claim-remote.ts) */
  remote?: RemoteTarget;
}

const list = (statuses: readonly number[]) => statuses.join(', ');

/**
 * Rows a claim may take: $1 now, $2 the worker's languages. It starts with the claim index's own
 * predicate (the unfinished statuses, written as the index is), so that the planner walks that
 * index in priority order and stops at the first row that passes; without it, it read every
 * pending row and sorted them (22 ms with 3,500 pending, against 0.1 ms).
 */
const CLAIMABLE = `status in (${list(UNFINISHED_STATUSES)})
      and (status in (${list(TRANSITIONS.claim.from)}) or (status in (${list(TRANSITIONS.reclaim.from)}) and lease_expires_at < $1))
      and language = any($2::text[])`;
const COMPILING = TRANSITIONS.claim.to[0]!;

/**
 * Ordinary workers never take a remote problem's submission (reference §10): its language names
 * (HDU's "C++", "Java") may match a local language, but only a remote-judge worker can judge it.
 */
const LOCAL_ONLY = `not exists (select 1 from problem p where p.id = judge.pid and p.is_remote)`;

/**
 * The claim statements run for every verdict, so they are prepared (db/prepared.ts): planning them
 * against judge's many partial indexes took about 1 ms each. Their plan does not depend on the
 * values: the claim index's order.
 *
 * Submissions and test runs share one priority scale. A submission is claimed only when no
 * claimable test run is more urgent: the most urgent test run's priority bounds the claim index's
 * scan from below, so one statement answers both "which queue" and "which row" (a separate look at
 * both queues first cost every verdict a statement).
 *
 * $1 now, $2 languages, $3 the worker, $4 the lease's end, $5 now again (a column of another type).
 * It answers the whole row, which the task is built from.
 */
const claimSubmission = preparedRows(
  judge,
  (
    columns,
  ) => `update judge set status = ${COMPILING}, judger = $3::text, lease_owner = $3::text, lease_expires_at = $4,
      attempt = attempt + 1, gmt_modified = $5
    where submit_id = (select submit_id from judge where ${CLAIMABLE} and ${LOCAL_ONLY}
      and priority >= coalesce((select priority from test_run where ${CLAIMABLE}
        order by priority desc, gmt_create limit 1), -2147483648)
      order by priority desc, submit_id limit 1 for update skip locked)
    returning ${columns}`,
);

const claimTestRun = preparedStatement<{ id: string; attempt: number }>(
  `update test_run set status = ${COMPILING}, lease_owner = $3, lease_expires_at = $4, attempt = attempt + 1
    where id = (select id from test_run where ${CLAIMABLE}
      order by priority desc, gmt_create limit 1 for update skip locked)
    returning id, attempt`,
);

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
  const at = now.toISOString();
  const expires = new Date(now.getTime() + leaseMs).toISOString();
  const [submission] = await claimSubmission(db, [at, worker.languages, worker.name, expires, at]);
  if (submission)
    return { kind: 'submission', id: String(submission.submitId), attempt: submission.attempt, submission };
  // none pending, a test run more urgent, or the pending ones being claimed by other workers
  const [run] = await claimTestRun(db, [at, worker.languages, worker.name, expires]);
  return run && { kind: 'test', id: run.id, attempt: Number(run.attempt) };
}
