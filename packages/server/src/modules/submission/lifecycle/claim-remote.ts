import {
  accountOjOf,
  JudgeStatus,
  REMOTE_MESSAGES,
  remoteOjOf,
  type RemoteOj,
  type RemoteTarget,
} from '@verdict/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { judge } from '../../../db/schema/index.ts';
import { accountLeaseOwner } from '../../remote-judge/accounts.ts';
import type { Claimed } from './claim.ts';
import { finishUnjudged } from './transitions.ts';
import { TRANSITIONS } from './states.ts';

const list = (statuses: readonly number[]) => statuses.join(', ');
const COMPILING = TRANSITIONS.claim.to[0]!;

/** How many waiting remote submissions one claim looks at for one whose site has a free account. */
const CANDIDATES = 20;

/**
 * The claim and reclaim transitions for a remote-judge worker (reference §10.1): the most urgent
 * waiting submission of a remote problem of one of `sites` whose site has a free account; the
 * submission and the account are leased together, in one transaction (accounts.ts says how the
 * account's lease follows the submission's). A site without any account ends its submissions in
 * System Error with the reference's message. A rejudge of a POJ submission that has a run id waits
 * for the account that submitted it (POJ shows a run only to its author, §10.1).
 */
export async function claimRemote(
  db: Db,
  worker: { name: string; sites: RemoteOj[] },
  leaseMs: number,
  now: Date,
): Promise<Claimed | undefined> {
  if (worker.sites.length === 0) return undefined;
  const expires = new Date(now.getTime() + leaseMs);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const candidates = await queryRows<{
      submit_id: string;
      attempt: number;
      problem_id: string;
      vjudge_submit_id: string | null;
      vjudge_username: string | null;
    }>(
      t,
      sql`select j.submit_id, j.attempt, p.problem_id, j.vjudge_submit_id, j.vjudge_username
      from judge j join problem p on p.id = j.pid
      where (j.status in (${sql.raw(list(TRANSITIONS.claim.from))})
          or (j.status in (${sql.raw(list(TRANSITIONS.reclaim.from))}) and j.lease_expires_at < ${now}))
        and p.is_remote and upper(split_part(p.problem_id, '-', 1)) in (${sql.join(
          worker.sites.map((s) => sql`${s}`),
          sql`, `,
        )})
      order by j.priority desc, j.submit_id
      limit ${CANDIDATES}
      for update of j skip locked`,
    );
    for (const c of candidates) {
      const oj = remoteOjOf(c.problem_id);
      if (!oj) continue;
      const submitId = Number(c.submit_id);
      const site = accountOjOf(oj);
      const known = await queryRows<{ n: number }>(
        t,
        sql`select count(*)::int as n from remote_judge_account where oj = ${site}`,
      );
      if ((known[0]?.n ?? 0) === 0) {
        await finishUnjudged(tx, submitId, JudgeStatus.SYSTEM_ERROR, REMOTE_MESSAGES.noAccount(site), now);
        continue;
      }
      // the row is locked since the candidates' look: its attempt cannot have moved
      const attempt = Number(c.attempt) + 1;
      const owner = accountLeaseOwner(submitId, attempt);
      const sameAccount = oj === 'POJ' && c.vjudge_submit_id !== null && c.vjudge_username !== null;
      const account = await queryRows<{ username: string; password: string }>(
        t,
        sql`update remote_judge_account set status = false, lease_owner = ${owner},
            lease_expires_at = ${expires}, version = version + 1, gmt_modified = ${now}
          where id = (select id from remote_judge_account
            where oj = ${site} and (status or lease_expires_at < ${now})
              ${sameAccount ? sql`and username = ${c.vjudge_username}` : sql``}
            order by id limit 1 for update skip locked)
          returning username, password`,
      );
      const acc = account[0];
      if (!acc) continue;
      const [row] = await tx
        .update(judge)
        .set({
          status: COMPILING,
          judger: worker.name,
          leaseOwner: worker.name,
          leaseExpiresAt: expires,
          attempt,
          gmtModified: now,
        })
        .where(sql`${judge.submitId} = ${submitId}`)
        .returning();
      const remote: RemoteTarget = {
        oj,
        problemId: c.problem_id.slice(oj.length + 1),
        username: acc.username,
        password: acc.password,
        runId: c.vjudge_submit_id === null ? null : String(c.vjudge_submit_id),
      };
      return { kind: 'submission', id: String(submitId), attempt: row!.attempt, submission: row, remote };
    }
    return undefined;
  });
}
