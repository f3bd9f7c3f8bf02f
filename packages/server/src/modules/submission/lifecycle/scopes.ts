import { eq, inArray, sql } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { preparedStatement } from '../../../db/prepared.ts';
import { contestRecord, judge, trainingRecord, userAcproblem } from '../../../db/schema/index.ts';
import { noteRankChange } from '../../contest/rank/feed.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type JudgeRow = typeof judge.$inferSelect;

export type ScopeName = 'public' | 'contest' | 'training' | 'group';

/** What `create` knows besides the row: the training a submission came through (reference §6.1 step 5). */
export interface CreateContext {
  tid?: number | null;
}

/**
 * A final verdict set on a submission: by its worker (`judged`, reference §8.3), by root (`manual`,
 * §6.4; `scoreSet` when an OI score was given) or a cancel (`cancelled`, §6.4).
 */
export interface FinalChange {
  kind: 'judged' | 'manual' | 'cancelled';
  before: JudgeRow;
  after: JudgeRow;
  scoreSet: boolean;
}

/**
 * What one scope does when a submission in it changes state. The lifecycle (transitions.ts) calls
 * each hook once per transition, inside the transition's database transaction, after the judge rows
 * are written (their counter triggers have then run, so counter rows are locked before any other).
 * The counters themselves (`judge_status_count`, `judge_problem_count`, `judge_hidden_status_count`)
 * are kept by the triggers of migrations 0004, 0006 and 0009 on every judge row change: no hook
 * writes them.
 */
export interface ScopeHooks {
  /** A Pending row was inserted (reference §6.1 step 5). */
  onCreated(tx: Tx, row: JudgeRow, context: CreateContext): Promise<void>;
  /** A final verdict replaced an unfinished or earlier one. */
  onFinal(tx: Tx, change: FinalChange): Promise<void>;
  /** Submissions went back to Pending (rejudge, resubmit: reference §6.4); `rows` as they are now. */
  onRequeued(tx: Tx, rows: JudgeRow[]): Promise<void>;
}

const ID_CHUNK = 5000;

/** Runs `write` over slices of the ids, keeping each statement's parameter list bounded. */
async function inChunks(rows: JudgeRow[], write: (ids: number[]) => Promise<unknown>) {
  const ids = rows.map((r) => r.submitId);
  for (let i = 0; i < ids.length; i += ID_CHUNK) await write(ids.slice(i, i + ID_CHUNK));
}

/** Statements of every judged verdict in their scope: prepared texts (db/prepared.ts), not built through Drizzle. */
const insertAcproblem = preparedStatement<never>(
  'insert into user_acproblem (uid, pid, submit_id) values ($1, $2, $3)',
);
const judgedContestRecord = preparedStatement<never>(
  'update contest_record set status = $2, score = $3, use_time = $4, gmt_modified = now() where submit_id = $1',
);

/**
 * Public (non-contest, non-group) submissions: the only writer of `user_acproblem`, one row per
 * accepted submission (reference §4.1; §6.4 rejudge removes it, manual judge and cancel follow the
 * verdict).
 */
export const publicScope: ScopeHooks = {
  async onCreated() {},
  async onFinal(tx, { before, after }) {
    const wasAc = before.status === JudgeStatus.ACCEPTED;
    const isAc = after.status === JudgeStatus.ACCEPTED;
    if (wasAc && !isAc) await tx.delete(userAcproblem).where(eq(userAcproblem.submitId, after.submitId));
    if (!wasAc && isAc) await insertAcproblem(tx as unknown as Db, [after.uid, after.pid, after.submitId]);
  },
  async onRequeued(tx, rows) {
    await inChunks(rows, (ids) => tx.delete(userAcproblem).where(inArray(userAcproblem.submitId, ids)));
  },
};

/** reference §8.1: how a verdict counts on a contest scoreboard (1 AC, -1 penalty, 0 no penalty). */
export function contestRecordStatus(status: number): number {
  if (status === JudgeStatus.ACCEPTED) return 1;
  const penalised: number[] = [
    JudgeStatus.PRESENTATION_ERROR,
    JudgeStatus.WRONG_ANSWER,
    JudgeStatus.TIME_LIMIT_EXCEEDED,
    JudgeStatus.MEMORY_LIMIT_EXCEEDED,
    JudgeStatus.RUNTIME_ERROR,
  ];
  return penalised.includes(status) ? -1 : 0;
}

/** Contest submissions (`cid` ≠ 0): the only writer of `contest_record`, one row per submission. */
export const contestScope: ScopeHooks = {
  // reference §6.1 step 5 "Contest": status NULL, `time` = whole seconds since the start (0 before it).
  async onCreated(tx, row) {
    await tx.execute(sql`
      insert into contest_record (cid, uid, pid, cpid, username, realname, display_id, submit_id, submit_time, time)
      select c.id, u.uuid, ${row.pid}, cp.id, u.username, u.realname, cp.display_id, ${row.submitId},
        ${row.submitTime.toISOString()}::timestamptz,
        greatest(0, floor(extract(epoch from ${row.submitTime.toISOString()}::timestamptz - c.start_time)))::bigint
      from contest c, contest_problem cp, user_info u
      where c.id = ${row.cid} and cp.id = ${row.cpid} and u.uuid = ${row.uid}`);
  },
  // reference §8.3 (judged: verdict, OI score, run time), §6.4 (manual: score only when given; cancel: 0, no score).
  async onFinal(tx, { kind, after, scoreSet }) {
    if (kind === 'judged') {
      await judgedContestRecord(tx as unknown as Db, [
        after.submitId,
        contestRecordStatus(after.status),
        after.score,
        after.time,
      ]);
      await noteRankChange(tx, after.cid, [after.uid]);
      return;
    }
    const patch: Partial<typeof contestRecord.$inferInsert> = { status: contestRecordStatus(after.status) };
    if (kind === 'cancelled' || scoreSet) patch.score = after.score;
    await tx.update(contestRecord).set(patch).where(eq(contestRecord.submitId, after.submitId));
    // issue 12: the scoreboards of every server process follow the contest's change feed
    await noteRankChange(tx, after.cid, [after.uid]);
  },
  // reference §6.4: the record's verdict and score go back to "not judged yet".
  async onRequeued(tx, rows) {
    await inChunks(rows, (ids) =>
      tx.update(contestRecord).set({ status: null, score: null }).where(inArray(contestRecord.submitId, ids)),
    );
    const usersByContest = new Map<number, string[]>();
    for (const r of rows) usersByContest.set(r.cid, [...(usersByContest.get(r.cid) ?? []), r.uid]);
    // contests in id order, so two rejudges never wait on each other's version rows crosswise
    for (const cid of [...usersByContest.keys()].sort((a, b) => a - b))
      await noteRankChange(tx, cid, usersByContest.get(cid)!);
  },
};

/**
 * Non-contest submissions as seen by trainings: the only writer of `training_record`, whose rows
 * exist for Private trainings only (reference §4.5, §7.13). The training rank reads the verdicts
 * from `judge` through them, so a verdict or a rejudge writes nothing here: the rank's rows follow
 * records, verdicts and cells through the triggers of migration 0018.
 */
export const trainingScope: ScopeHooks & {
  onRegistered(tx: Tx, tid: number, uid: string): Promise<void>;
  onProblemAdded(tx: Tx, tid: number, tpid: number): Promise<void>;
  onRegistrationsDropped(tx: Tx, tid: number): Promise<void>;
} = {
  // reference §6.1 step 5: one record per Private training that holds the problem and that the user
  // registered in (and not banned from), or submitted through.
  async onCreated(tx, row, { tid }) {
    await tx.execute(sql`
      insert into training_record (tid, tpid, pid, uid, submit_id)
      select tp.tid, tp.id, tp.pid, ${row.uid}, ${row.submitId}
      from training_problem tp join training t on t.id = tp.tid
      where tp.pid = ${row.pid} and t.auth = 'Private' and (
        tp.tid = ${tid ?? 0}
        or exists (select 1 from training_register r where r.tid = t.id and r.uid = ${row.uid} and r.status)
      )`);
  },
  async onFinal() {},
  async onRequeued() {},
  /**
   * reference §7.13: registering in a Private training back-fills its records with the user's
   * earlier non-contest submissions of its problems (those it has no record of yet).
   */
  async onRegistered(tx, tid, uid) {
    await tx.execute(sql`
      insert into training_record (tid, tpid, pid, uid, submit_id)
      select tp.tid, tp.id, tp.pid, j.uid, j.submit_id
      from training_problem tp
      join training t on t.id = tp.tid and t.auth = 'Private'
      join judge j on j.pid = tp.pid and j.uid = ${uid} and j.cid = 0
      where tp.tid = ${tid} and not exists (
        select 1 from training_record r where r.tid = tp.tid and r.submit_id = j.submit_id
      )
      order by j.submit_id`);
  },
  /**
   * A problem joined a Private training (reference §3.12 add-problem-from-public; HOJ's
   * syncAlreadyRegisterUserRecord): the registered users' earlier non-contest submissions of it
   * become records, as if they had registered after it was added.
   */
  async onProblemAdded(tx, tid, tpid) {
    await tx.execute(sql`
      insert into training_record (tid, tpid, pid, uid, submit_id)
      select tp.tid, tp.id, tp.pid, j.uid, j.submit_id
      from training_problem tp
      join training t on t.id = tp.tid and t.auth = 'Private'
      join training_register reg on reg.tid = tp.tid and reg.status
      join judge j on j.pid = tp.pid and j.uid = reg.uid and j.cid = 0
      where tp.id = ${tpid} and tp.tid = ${tid} and not exists (
        select 1 from training_record r where r.tid = tp.tid and r.submit_id = j.submit_id
      )
      order by j.submit_id`);
  },
  /**
   * The registrations of a training were dropped (reference §3.12: a new password of a Private
   * training): its records go with them, so its rank starts again from the users who register anew
   * (whose records `onRegistered` brings back).
   */
  async onRegistrationsDropped(tx, tid) {
    await tx.delete(trainingRecord).where(eq(trainingRecord.tid, tid));
  },
};

/**
 * Group submissions (`gid` set): nothing of their own to keep. They never count in `user_acproblem`
 * (reference §4.1), and the group rank (§7.11, `modules/group/rank.ts`) reads their `judge` rows
 * directly, so there is no record to follow; the hooks are here so that a group record, should one
 * come, has its one place.
 */
export const groupScope: ScopeHooks = {
  async onCreated() {},
  async onFinal() {},
  async onRequeued() {},
};

/** The hooks by scope, called in this order. */
export const SCOPES: Readonly<Record<ScopeName, ScopeHooks>> = {
  public: publicScope,
  contest: contestScope,
  training: trainingScope,
  group: groupScope,
};

/** The scopes a submission belongs to: exactly one of public / contest, plus training and group. */
export function scopesOf(row: Pick<JudgeRow, 'cid' | 'gid'>): ScopeName[] {
  const scopes: ScopeName[] = [];
  if (row.cid === 0 && row.gid === null) scopes.push('public');
  if (row.cid !== 0) scopes.push('contest');
  if (row.cid === 0) scopes.push('training');
  if (row.gid !== null) scopes.push('group');
  return scopes;
}
