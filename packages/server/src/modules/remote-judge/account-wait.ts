import { JudgeStatus, REMOTE_ACCOUNT_WAIT_MS, REMOTE_MESSAGES } from '@verdict/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { finishUnjudged } from '../submission/lifecycle/transitions.ts';

/** How many waiting submissions one run ends at most; the next run takes the rest. */
const BATCH = 500;

/**
 * reference §10.1: a remote submission still Pending `waitMs` after it was queued (submitted,
 * rejudged or requeued: its gmt_modified) found no free account in time; it ends in Submitted Failed
 * with HOJ's text instead of waiting forever, through the lifecycle's final step. The rows are locked
 * with SKIP LOCKED, so a submission a remote worker is claiming at this moment is left to it.
 * Returns how many were ended.
 */
export async function endAccountWaits(db: Db, now: Date, waitMs = REMOTE_ACCOUNT_WAIT_MS): Promise<number> {
  const cutoff = new Date(now.getTime() - waitMs);
  return db.transaction(async (tx) => {
    const waiting = await queryRows<{ submit_id: string }>(
      tx as unknown as Db,
      sql`select j.submit_id from judge j join problem p on p.id = j.pid
        where j.status = ${JudgeStatus.PENDING} and p.is_remote and j.gmt_modified < ${cutoff}
        order by j.submit_id
        limit ${BATCH}
        for update of j skip locked`,
    );
    let ended = 0;
    for (const { submit_id } of waiting) {
      const done = await finishUnjudged(
        tx,
        Number(submit_id),
        JudgeStatus.SUBMITTED_FAILED,
        REMOTE_MESSAGES.accountWaitTimeout,
        now,
      );
      if (done) ended++;
    }
    return ended;
  });
}
