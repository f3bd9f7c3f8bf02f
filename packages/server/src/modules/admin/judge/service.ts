import { and, eq, inArray, sql } from 'drizzle-orm';
import { JudgeStatus, MANUAL_JUDGE_STATUSES, PROBLEM_TYPE } from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import {
  contest,
  contestRecord,
  JUDGE_PRIORITY,
  judge,
  judgeCase,
  problem,
  userAcproblem,
} from '../../../db/schema/index.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { fail, notFound } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import { contestRecordStatus, oiRankScore } from '../../judge-gateway/results.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * reference §6.4: a submission back in the queue at rejudge priority, its verdict cleared. The lease
 * is dropped too, so a worker still judging it finds its reports stale.
 */
const requeued = (now: Date) => ({
  status: JudgeStatus.PENDING,
  version: sql`${judge.version} + 1`,
  judger: null,
  isManual: false,
  time: null,
  memory: null,
  errorMessage: null,
  score: null,
  oiRankScore: null,
  priority: JUDGE_PRIORITY.rejudge,
  leaseOwner: null,
  leaseExpiresAt: null,
  gmtModified: now,
});

/**
 * What a rejudge clears besides the row: case results, the solved-problem rows of the submissions
 * (reference §6.4: non-contest ACs) and the contest records' verdicts. The judge rows are updated
 * first, in one statement, so that the counter triggers run before any other lock is taken.
 */
async function clearVerdicts(tx: Tx, submitIds: number[]) {
  if (submitIds.length === 0) return;
  await tx.delete(judgeCase).where(inArray(judgeCase.submitId, submitIds));
  await tx.delete(userAcproblem).where(inArray(userAcproblem.submitId, submitIds));
  await tx
    .update(contestRecord)
    .set({ status: null, score: null })
    .where(inArray(contestRecord.submitId, submitIds));
}

/** reference §3.4 `GET /api/admin/judge/rejudge`. */
export async function rejudgeOne(db: Db, submitId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(judge).set(requeued(now)).where(eq(judge.submitId, submitId)).returning();
    if (!row) throw notFound(problemMessages.submissionNotFound);
    await clearVerdicts(tx, [submitId]);
    return row;
  });
}

/** Rejudges every submission matching `where`; answers how many. */
async function rejudgeWhere(db: Db, where: ReturnType<typeof and>, now: Date) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(judge)
      .set(requeued(now))
      .where(where)
      .returning({ submitId: judge.submitId });
    const ids = rows.map((r) => r.submitId);
    for (let i = 0; i < ids.length; i += 5000) await clearVerdicts(tx, ids.slice(i, i + 5000));
    return ids.length;
  });
}

/** reference §3.4 `GET /api/admin/judge/rejudge-contest-problem`: a contest's submissions of one problem. */
export async function rejudgeContestProblem(db: Db, cid: number, pid: number, now: Date) {
  const [row] = await db.select({ id: contest.id }).from(contest).where(eq(contest.id, cid));
  if (!row) throw notFound(problemMessages.contestNotFound);
  return rejudgeWhere(db, and(eq(judge.cid, cid), eq(judge.pid, pid)), now);
}

/** Verdict: every non-contest submission of a problem (after its test data changed). */
export async function rejudgeProblem(db: Db, pid: number, now: Date) {
  const [row] = await db.select({ id: problem.id }).from(problem).where(eq(problem.id, pid));
  if (!row) throw notFound(problemMessages.problemNotFound);
  return rejudgeWhere(db, and(eq(judge.pid, pid), eq(judge.cid, 0)), now);
}

async function lockSubmission(tx: Tx, submitId: number) {
  const [row] = await tx.select().from(judge).where(eq(judge.submitId, submitId)).for('update');
  if (!row) throw notFound(problemMessages.submissionNotFound);
  return row;
}

/** The solved-problem row follows a verdict change (reference §6.4, §4.1: non-contest, non-group ACs). */
async function followAccepted(tx: Tx, row: typeof judge.$inferSelect, status: number) {
  const wasAc = row.status === JudgeStatus.ACCEPTED;
  const isAc = status === JudgeStatus.ACCEPTED;
  if (wasAc && !isAc) await tx.delete(userAcproblem).where(eq(userAcproblem.submitId, row.submitId));
  if (!wasAc && isAc && row.cid === 0 && row.gid === null) {
    await tx.insert(userAcproblem).values({ uid: row.uid, pid: row.pid, submitId: row.submitId });
  }
}

const NOT_MANUALLY_JUDGED: readonly number[] = [
  JudgeStatus.PENDING,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
  JudgeStatus.COMPILE_ERROR,
];

/**
 * reference §3.4 `GET /api/admin/judge/manual-judge`, §6.4, spec part 1 §4: root sets a final
 * verdict (not while the submission waits or runs, nor over a compile error). An OI score is
 * clamped to [0, io_score] with its rank points; the solved-problem row and the contest record
 * follow the new verdict.
 */
export async function manualJudge(
  db: Db,
  admin: AuthUser,
  input: { submitId: number; status: number; score?: number },
) {
  if (!MANUAL_JUDGE_STATUSES.includes(input.status)) throw fail(problemMessages.manualStatusInvalid);
  return db.transaction(async (tx) => {
    const row = await lockSubmission(tx, input.submitId);
    if (NOT_MANUALLY_JUDGED.includes(row.status)) throw fail(problemMessages.manualNotAllowed);
    const [p] = await tx
      .select({ type: problem.type, ioScore: problem.ioScore, difficulty: problem.difficulty })
      .from(problem)
      .where(eq(problem.id, row.pid));
    const scored = input.score !== undefined && p?.type === PROBLEM_TYPE.oi;
    const score = scored ? Math.min(Math.max(0, input.score!), p.ioScore) : row.score;
    const rank = scored ? oiRankScore(score!, p.difficulty) : row.oiRankScore;
    const [updated] = await tx
      .update(judge)
      .set({
        status: input.status,
        score,
        oiRankScore: rank,
        isManual: true,
        judger: admin.username,
        leaseOwner: null,
        leaseExpiresAt: null,
      })
      .where(eq(judge.submitId, row.submitId))
      .returning();
    await followAccepted(tx, row, input.status);
    if (row.cid !== 0) {
      await tx
        .update(contestRecord)
        .set({ status: contestRecordStatus(input.status), ...(scored ? { score } : {}) })
        .where(eq(contestRecord.submitId, row.submitId));
    }
    const { submitId, judger, status } = updated!;
    return { submitId, judger, status, score: updated!.score, oiRankScore: updated!.oiRankScore };
  });
}

/**
 * reference §3.4 `GET /api/admin/judge/cancel-judge`, §6.4: root cancels a submission (Cancelled,
 * -4) — refused while a worker holds it (Compiling or Judging under a live lease); a lease that ran
 * out means the worker is gone and the submission may be cancelled.
 */
export async function cancelJudge(db: Db, admin: AuthUser, submitId: number, now: Date) {
  return db.transaction(async (tx) => {
    const row = await lockSubmission(tx, submitId);
    const running = row.status === JudgeStatus.COMPILING || row.status === JudgeStatus.JUDGING;
    if (running && row.leaseExpiresAt && row.leaseExpiresAt > now)
      throw fail(problemMessages.cancelWhileJudging);
    await tx
      .update(judge)
      .set({
        status: JudgeStatus.CANCELLED,
        score: null,
        oiRankScore: null,
        isManual: true,
        judger: admin.username,
        leaseOwner: null,
        leaseExpiresAt: null,
        gmtModified: now,
      })
      .where(and(eq(judge.submitId, submitId)));
    await followAccepted(tx, row, JudgeStatus.CANCELLED);
    if (row.cid !== 0) {
      await tx
        .update(contestRecord)
        .set({ status: 0, score: null })
        .where(eq(contestRecord.submitId, submitId));
    }
    return { submitId, judger: admin.username, status: JudgeStatus.CANCELLED };
  });
}
