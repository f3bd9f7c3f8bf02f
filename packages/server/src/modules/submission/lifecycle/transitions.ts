import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  JudgeStatus,
  PROBLEM_TYPE,
  type CaseResult,
  type JudgeProgress,
  type JudgeResult,
} from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { columnList, preparedRows, preparedStatement, rowMapper } from '../../../db/prepared.ts';
import { JUDGE_PRIORITY, judge, judgeCase, problem } from '../../../db/schema/index.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import { SCOPES, scopesOf, type CreateContext, type FinalChange, type JudgeRow, type Tx } from './scopes.ts';
import { allows, heldByWorker, TRANSITIONS } from './states.ts';

/**
 * Every state change of a submission (a `judge` row) and its side effects, one function per
 * transition of states.ts. Each runs in one database transaction, writes the judge row first and
 * then calls the hook of every scope the submission is in (scopes.ts), which own `user_acproblem`,
 * `contest_record` and `training_record`. The counters follow the judge rows by trigger.
 * A transition the table does not allow changes nothing: the gateway's calls answer false, the
 * admin's throw the error the caller shows.
 */

type NewSubmission = Omit<typeof judge.$inferInsert, 'status' | 'submitId'>;

async function eachScope(
  row: Pick<JudgeRow, 'cid' | 'gid'>,
  call: (name: keyof typeof SCOPES) => Promise<void>,
) {
  for (const name of scopesOf(row)) await call(name);
}

/** reference §6.1 step 5: a Pending row, the judge queue itself, and each scope's records. */
export async function create(tx: Tx, values: NewSubmission, context: CreateContext = {}): Promise<JudgeRow> {
  const [row] = await tx
    .insert(judge)
    .values({ ...values, status: TRANSITIONS.create.to[0] })
    .returning();
  await eachScope(row!, (name) => SCOPES[name].onCreated(tx, row!, context));
  return row!;
}

/** OI rank points of a manually judged submission (reference §6.4, §7.11): round(2 × difficulty + 0.1 × score). */
export function oiRankScore(score: number, difficulty: number): number {
  return Math.round(0.1 * score + 2 * difficulty);
}

/**
 * OI rank points of a judged submission (reference §7.11, the judge server's formula): the
 * difficulty's share goes with the share of the points earned, round(0.1 × S + 2 × difficulty ×
 * S / io_score), which for a submission with every point is round(0.1 × io_score + 2 × difficulty).
 * A problem without points (io_score 0) gives the difficulty's share to an accepted submission only.
 * **Changed back:** Verdict used the manual formula here, so a submission that scored nothing still
 * earned 2 × difficulty rank points.
 */
export function judgedOiRankScore(
  score: number,
  difficulty: number,
  ioScore: number,
  accepted: boolean,
): number {
  const share = ioScore > 0 ? score / ioScore : accepted ? 1 : 0;
  return Math.round(0.1 * score + 2 * difficulty * share);
}

async function lockSubmission(tx: Tx, submitId: number) {
  const [row] = await tx.select().from(judge).where(eq(judge.submitId, submitId)).for('update');
  return row;
}

/** Every scope's hook of a final verdict, after the judge row is written. */
async function onFinal(tx: Tx, change: FinalChange) {
  await eachScope(change.after, (name) => SCOPES[name].onFinal(tx, change));
}

/**
 * The one "apply a final verdict" step of manual judging and cancelling (a judged result writes its
 * row with its case rows, writeJudged): the judge row, then every scope's hook. `before` is the
 * locked row.
 */
async function applyFinal(
  tx: Tx,
  before: JudgeRow,
  set: Partial<typeof judge.$inferInsert> & { status: number },
  kind: FinalChange['kind'],
  scoreSet = false,
): Promise<JudgeRow> {
  const [after] = await tx.update(judge).set(set).where(eq(judge.submitId, before.submitId)).returning();
  await onFinal(tx, { kind, before, after: after!, scoreSet });
  return after!;
}

/**
 * $1 submit id: the submission, locked, with its problem's scoring facts (one statement: the lock
 * and the problem's row). Every verdict's result runs it, so it is a prepared text, not a query built
 * through Drizzle.
 */
const lockWithProblem = preparedStatement<Record<string, unknown>>(
  `select ${columnList(judge, 'j')}, p.type as problem_type, p.difficulty as problem_difficulty,
      p.io_score as problem_io_score
    from judge j left join problem p on p.id = j.pid
    where j.submit_id = $1
    for update of j`,
);
const judgeRow = rowMapper(judge);

/**
 * Locks the submission and answers it, with its problem's scoring facts, if the report comes from
 * its current holder in a state the transition starts from. A report from an earlier attempt (a
 * worker that lost its lease), or about a finished or cancelled submission, is stale and changes
 * nothing.
 */
async function lockHeld(
  tx: Tx,
  name: 'progress' | 'judge',
  report: { submitId: number; attempt: number },
  worker: string,
) {
  const [found] = await lockWithProblem(tx as unknown as Db, [report.submitId]);
  const row = found && judgeRow(found);
  if (!row || row.attempt !== report.attempt || row.leaseOwner !== worker || !allows(name, row.status)) {
    return undefined;
  }
  const type = found!.problem_type as number | null;
  const difficulty = found!.problem_difficulty as number | null;
  const ioScore = found!.problem_io_score as number | null;
  // the problem's columns are not null: all three are there or, with no problem row, none
  const facts =
    type === null || difficulty === null || ioScore === null ? undefined : { type, difficulty, ioScore };
  return { row, problem: facts };
}

/**
 * The case rows of a report as one statement parameter: JSON text that `jsonb_to_recordset` reads
 * back with CASE_COLUMNS' types (one parameter however many cases, so the statement's text never
 * changes and stays prepared).
 */
function casesParam(cases: CaseResult[]): string {
  return JSON.stringify(
    cases.map((c) => ({
      case_id: c.caseId,
      status: c.status,
      time: c.time,
      memory: c.memory,
      score: c.score,
      group_num: c.groupNum,
      seq: c.seq,
      mode: c.mode,
      input_data: c.inputData,
      output_data: c.outputData,
      user_output: c.userOutput,
    })),
  );
}

const CASE_COLUMNS = `case_id bigint, status int, time int, memory int, score int, group_num int, seq int,
      mode varchar(255), input_data text, output_data text, user_output text`;
const CASE_NAMES =
  'case_id, status, time, memory, score, group_num, seq, mode, input_data, output_data, user_output';

/**
 * The progress transition as one statement: the row moves only if the report comes from its current
 * holder (attempt and owner) in a state progress starts from, exactly lockHeld's guard, and the
 * update's row lock makes the check and the write one step. The report's cases replace the rows of
 * their seqs in the same statement, and only when the row moved (all sub-statements see the
 * snapshot from before the statement, so the delete never meets the new rows). $1 submit id,
 * $2 attempt, $3 worker, $4 the new stage, $5 the lease's end, $6 now, $7 / $8 a remote run id and
 * account (null otherwise), $9 the cases (casesParam); the remote account leased with the
 * submission (remote-judge/accounts.ts) has its lease lengthened with the submission's.
 * Every verdict's reports run it, so it is prepared.
 */
const MOVED = `moved as (
      update judge set status = $4, lease_expires_at = $5, gmt_modified = $6,
          vjudge_submit_id = coalesce($7::bigint, vjudge_submit_id),
          vjudge_username = coalesce($8::text, vjudge_username)
        where submit_id = $1 and attempt = $2 and lease_owner = $3
          and status in (${TRANSITIONS.progress.from.join(', ')})
        returning submit_id, uid, pid),
    account as (
      update remote_judge_account set lease_expires_at = $5
        where lease_owner = 'judge:' || $1::bigint::text || ':' || $2::int::text
          and exists (select 1 from moved))`;
const progressHeld = preparedStatement<{ moved: number }>(
  `with ${MOVED},
    reported as (select * from jsonb_to_recordset($9::text::jsonb) as c (${CASE_COLUMNS})),
    gone as (
      delete from judge_case where submit_id = $1 and exists (select 1 from moved)
        and seq in (select seq from reported)),
    added as (
      insert into judge_case (submit_id, uid, pid, ${CASE_NAMES})
        select m.submit_id, m.uid, m.pid, ${CASE_NAMES.split(', ')
          .map((n) => `c.${n}`)
          .join(', ')}
        from moved m, reported c
        returning 1)
    select count(*)::int as moved from moved`,
);
/**
 * The same step for a report without cases (a stage change, a keep-alive: most reports), without
 * the case sub-statements, which cost as much again. $1–$8 as progressHeld's.
 */
const stageHeld = preparedStatement<{ moved: number }>(
  `with ${MOVED} select count(*)::int as moved from moved`,
);

/** Frees the remote accounts leased for submission $1, whatever its attempt (remote-judge/accounts.ts). */
const FREE_ACCOUNTS_OF_1 = `update remote_judge_account set status = true, lease_owner = null, lease_expires_at = null
      where lease_owner like 'judge:' || $1::bigint::text || ':%'`;

/**
 * A judged result's write, as one statement: the case rows of submission $1 become the cases of $2
 * (casesParam), then the judge row takes the verdict ($3 status, $4 time, $5 memory, $6 score, $7
 * OI rank score, $8 error message, $9 now) and gives up its lease; it answers the row as it is now.
 * When the stored case rows are already exactly the reported ones (the last progress report carried
 * them all, as a coalescing worker's does), they are left as they are instead of deleted and written
 * again. A remote account leased with the submission is freed (reference §10.1). All sub-statements
 * see the rows from before the statement only. Run inside the result's transaction, after lockHeld.
 */
const writeJudged = preparedRows(
  judge,
  (columns) => `with reported as (select * from jsonb_to_recordset($2::text::jsonb) as c (${CASE_COLUMNS})),
    kept as (
      select (select count(*) from judge_case where submit_id = $1) = (select count(*) from reported)
        and not exists (
          select ${CASE_NAMES} from reported
          except all
          select ${CASE_NAMES} from judge_case where submit_id = $1) as same),
    gone as (delete from judge_case where submit_id = $1 and not (select same from kept)),
    added as (
      insert into judge_case (submit_id, uid, pid, ${CASE_NAMES})
        select j.submit_id, j.uid, j.pid, ${CASE_NAMES.split(', ')
          .map((n) => `c.${n}`)
          .join(', ')}
        from judge j, reported c
        where j.submit_id = $1 and not (select same from kept)),
    account as (${FREE_ACCOUNTS_OF_1})
    update judge set status = $3, time = $4, memory = $5, score = $6, oi_rank_score = $7,
        error_message = $8, lease_owner = null, lease_expires_at = null, gmt_modified = $9
      where submit_id = $1
      returning ${columns}`,
);

/**
 * A progress report: the stage, any finished cases, and a longer lease. False means stop judging.
 * **Changed:** one guarded statement (the stage, the lease and the case rows) instead of a
 * transaction that locked the row with a select first and then wrote the cases apart.
 */
export async function progress(db: Db, report: JudgeProgress, worker: string, leaseMs: number, now: Date) {
  if (!TRANSITIONS.progress.to.includes(report.status)) return false;
  const statement = report.cases.length > 0 ? progressHeld : stageHeld;
  const [row] = await statement(db, [
    report.submitId,
    report.attempt,
    worker,
    report.status,
    new Date(now.getTime() + leaseMs).toISOString(),
    now.toISOString(),
    report.remote?.runId ?? null,
    report.remote?.username ?? null,
    ...(report.cases.length > 0 ? [casesParam(report.cases)] : []),
  ]);
  return (row?.moved ?? 0) > 0;
}

/**
 * The worker's final result, applied once: case rows, the verdict and the scopes' records, all in
 * one transaction (reference §8.3 steps 9–10). A repeated report finds the row finished: false.
 */
export async function applyResult(db: Db, result: JudgeResult, worker: string, now: Date) {
  return db.transaction(async (tx) => {
    const held = await lockHeld(tx, 'judge', result, worker);
    if (!held || !allows('judge', held.row.status, result.status)) return false;
    const { row, problem: prob } = held;
    const isOi = prob?.type === PROBLEM_TYPE.oi;
    const score = isOi ? result.score : null;
    const oiRankScore =
      isOi && result.score !== null
        ? judgedOiRankScore(
            result.score,
            prob.difficulty,
            prob.ioScore,
            result.status === JudgeStatus.ACCEPTED,
          )
        : null;
    const [after] = await writeJudged(tx as unknown as Db, [
      row.submitId,
      casesParam(result.cases),
      result.status,
      result.time,
      result.memory,
      score,
      oiRankScore,
      result.errorMessage,
      now.toISOString(),
    ]);
    await onFinal(tx, { kind: 'judged', before: row, after: after!, scoreSet: false });
    return true;
  });
}

/**
 * The one "back to Pending" step of rejudge and resubmit (reference §6.4): every submission matching
 * `where` in a state the transition starts from, its verdict cleared, at the transition's priority.
 * The lease is dropped too, so a worker still judging it finds its reports stale. The judge rows are
 * updated first, in one statement, so that the counter triggers run before any other lock is taken.
 * A rejudge deletes the case rows; a resubmit keeps them until the new result replaces them.
 */
export async function requeue(
  db: Db,
  where: SQL,
  name: 'rejudge' | 'resubmit',
  now: Date,
): Promise<JudgeRow[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(judge)
      .set({
        status: TRANSITIONS[name].to[0],
        version: sql`${judge.version} + 1`,
        judger: null,
        isManual: false,
        time: null,
        memory: null,
        errorMessage: null,
        score: null,
        oiRankScore: null,
        // a resubmit waits where a new submission of its scope would (contest first, reference §6.2)
        priority:
          name === 'rejudge'
            ? JUDGE_PRIORITY.rejudge
            : sql`case when ${judge.cid} <> 0 then ${JUDGE_PRIORITY.contest}::int else ${JUDGE_PRIORITY.ordinary}::int end`,
        leaseOwner: null,
        leaseExpiresAt: null,
        gmtModified: now,
      })
      .where(and(where, inArray(judge.status, [...TRANSITIONS[name].from])))
      .returning();
    if (rows.length === 0) return rows;
    // a remote account held for one of them goes back to the pool (reference §10.1)
    await tx.execute(
      sql`update remote_judge_account set status = true, lease_owner = null, lease_expires_at = null
        where split_part(lease_owner, ':', 2) = any (${`{${rows.map((r) => r.submitId).join(',')}}`}::text[])`,
    );
    if (name === 'rejudge') {
      const ids = rows.map((r) => r.submitId);
      for (let i = 0; i < ids.length; i += 5000)
        await tx.delete(judgeCase).where(inArray(judgeCase.submitId, ids.slice(i, i + 5000)));
    }
    for (const [scope, hooks] of Object.entries(SCOPES)) {
      const inScope = rows.filter((r) => scopesOf(r).includes(scope as keyof typeof SCOPES));
      if (inScope.length > 0) await hooks.onRequeued(tx, inScope);
    }
    return rows;
  });
}

/**
 * reference §3.4 `manual-judge`, §6.4, spec part 1 §4: root sets a final verdict (not while the
 * submission waits or runs, nor over a compile error). An OI score is clamped to [0, io_score] with
 * its rank points; the scopes follow through the same final step as a judged result.
 */
export async function manualJudge(
  db: Db,
  judger: string,
  input: { submitId: number; status: number; score?: number },
) {
  if (!TRANSITIONS.manualJudge.to.includes(input.status)) throw fail(problemMessages.manualStatusInvalid);
  return db.transaction(async (tx) => {
    const row = await lockSubmission(tx, input.submitId);
    if (!row) throw notFound(problemMessages.submissionNotFound);
    if (!allows('manualJudge', row.status, input.status)) throw fail(problemMessages.manualNotAllowed);
    const [p] = await tx
      .select({ type: problem.type, ioScore: problem.ioScore, difficulty: problem.difficulty })
      .from(problem)
      .where(eq(problem.id, row.pid));
    const scored = input.score !== undefined && p?.type === PROBLEM_TYPE.oi;
    const score = scored ? Math.min(Math.max(0, input.score!), p.ioScore) : row.score;
    const rank = scored ? oiRankScore(score!, p.difficulty) : row.oiRankScore;
    return applyFinal(
      tx,
      row,
      {
        status: input.status,
        score,
        oiRankScore: rank,
        isManual: true,
        judger,
        leaseOwner: null,
        leaseExpiresAt: null,
      },
      'manual',
      scored,
    );
  });
}

/**
 * reference §3.4 `cancel-judge`, §6.4: root cancels a submission (Cancelled, -4), refused while a
 * worker holds it (Compiling or Judging under a live lease); a lease that ran out means the worker
 * is gone and the submission may be cancelled.
 */
export async function cancel(db: Db, judger: string, submitId: number, now: Date) {
  return db.transaction(async (tx) => {
    const row = await lockSubmission(tx, submitId);
    if (!row) throw notFound(problemMessages.submissionNotFound);
    if (heldByWorker(row, now) || !allows('cancel', row.status))
      throw fail(problemMessages.cancelWhileJudging);
    return applyFinal(
      tx,
      row,
      {
        status: JudgeStatus.CANCELLED,
        score: null,
        oiRankScore: null,
        isManual: true,
        judger,
        leaseOwner: null,
        leaseExpiresAt: null,
        gmtModified: now,
      },
      'cancelled',
    );
  });
}

/**
 * reference §10.1: a remote submission that ends without being judged (its site has no account, or
 * the claim found it cannot go on): a final status and the reason, through the same final step as a
 * judged result, its remote account (if any) freed. Runs inside the caller's transaction.
 */
export async function finishUnjudged(tx: Tx, submitId: number, status: number, message: string, now: Date) {
  const row = await lockSubmission(tx, submitId);
  if (!row || !allows('judge', row.status, status)) return undefined;
  await tx.execute(
    sql`update remote_judge_account set status = true, lease_owner = null, lease_expires_at = null
      where lease_owner like ${`judge:${submitId}:%`}`,
  );
  return applyFinal(
    tx,
    row,
    { status, errorMessage: message, leaseOwner: null, leaseExpiresAt: null, gmtModified: now },
    'judged',
  );
}
