import { and, desc, eq, isNull } from 'drizzle-orm';
import { JudgeStatus } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { contest, judge, problem } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { assertCan } from '../../policy/index.ts';
import { contestFor, viewOf } from '../contest/access.ts';
import { findSubmission } from './detail.ts';
import { allows } from './lifecycle/states.ts';
import * as lifecycle from './lifecycle/transitions.ts';
import { assertSubmittable } from './submit.ts';
import { assertJudgeOpen, judgeSwitches } from './switches.ts';

/**
 * reference §3.4 `PUT /api/submission`, spec part 1 §5: only the author toggles sharing; contest
 * submissions are never shareable, nor (Verdict) code of a problem whose code_share is off.
 */
export async function setShare(db: Db, user: AuthUser, submitId: number, share: boolean) {
  const row = await findSubmission(db, submitId);
  assertCan(user, 'submission.share', row);
  if (share) {
    const [p] = await db
      .select({ codeShare: problem.codeShare })
      .from(problem)
      .where(eq(problem.id, row.pid));
    if (!p?.codeShare) throw fail(problemMessages.problemCodeShareOff);
  }
  await db.update(judge).set({ share }).where(eq(judge.submitId, submitId));
}

/**
 * reference §3.4 `GET /api/resubmit`, §6.4: the author puts a submission back in the queue, keeping
 * its case rows until the new result replaces them (the lifecycle's `resubmit`). Verdict allows it
 * only after a judging failure (System Error, Submitted Failed), which is when the web app offers it
 * (spec part 1 §4); HOJ let any own submission be re-queued at will. In a contest only a remote
 * problem's submission, while its author may enter the contest (reference §6.4).
 */
export async function resubmit(db: Db, user: AuthUser, submitId: number, now: Date) {
  const row = await findSubmission(db, submitId);
  const [p] = await db.select().from(problem).where(eq(problem.id, row.pid));
  if (!p) throw fail(problemMessages.problemNotFound);
  const [c] = row.cid !== 0 ? await db.select().from(contest).where(eq(contest.id, row.cid)) : [];
  const view = c ? await viewOf(db, c, user, now) : undefined;
  assertCan(user, 'submission.resubmit', { ...row, contest: view?.facts, remote: p.isRemote });
  if (!allows('resubmit', row.status)) throw fail(problemMessages.resubmitNotAllowed);
  assertJudgeOpen(await judgeSwitches(db), row.cid !== 0 ? 'contest' : 'public');
  if (row.cid === 0) assertSubmittable(user, p);
  // conditional on the status: a concurrent resubmit or rejudge already re-queued it
  const [updated] = await lifecycle.requeue(
    db,
    and(eq(judge.submitId, submitId), eq(judge.status, row.status))!,
    'resubmit',
    now,
  );
  if (!updated) throw fail(problemMessages.resubmitNotAllowed);
  return updated;
}

/** The comment appended to fetched code (reference §3.3 get-last-ac-code), in the language's syntax. */
function runComment(row: {
  submitId: number;
  language: string | null;
  username: string | null;
  submitTime: Date;
}) {
  const lines = [
    `@runId: ${row.submitId}`,
    `@language: ${row.language ?? ''}`,
    `@author: ${row.username ?? ''}`,
    `@submitTime: ${row.submitTime.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
  ];
  const language = row.language ?? '';
  if (/Py/.test(language)) return `\n\n'''\n${lines.map((l) => `    ${l}`).join('\n')}\n'''\n`;
  if (/Ruby/.test(language)) return `\n\n=begin\n${lines.map((l) => `* ${l}`).join('\n')}\n=end\n`;
  return `\n\n/**\n${lines.map((l) => ` * ${l}`).join('\n')}\n */\n`;
}

/**
 * reference §3.3 `GET /api/get-last-ac-code`: the caller's latest accepted non-contest code for a
 * problem, with a comment naming the run, or empty code when there is none. With
 * `hideNonContestSubmissionCode` (reference §7.14) only root and problem admins get code.
 */
export async function lastAcceptedCode(
  db: Db,
  user: AuthUser,
  pid: number,
  cid: number | undefined,
  now: Date,
) {
  const inContest = (cid ?? 0) !== 0;
  // reference §3.3: with `cid` the caller's accepted code in that contest, under its access rule
  if (inContest) await contestFor(db, user, cid!, now, 'contest.enter');
  const switches = await judgeSwitches(db);
  if (!inContest) assertCan(user, 'submission.ownCode', { hideCode: switches.hideNonContestSubmissionCode });
  const [row] = await db
    .select()
    .from(judge)
    .where(
      and(
        eq(judge.uid, user.uid),
        eq(judge.pid, pid),
        eq(judge.cid, cid ?? 0),
        inContest ? undefined : isNull(judge.gid),
        eq(judge.status, JudgeStatus.ACCEPTED),
      ),
    )
    .orderBy(desc(judge.submitTime), desc(judge.submitId))
    .limit(1);
  if (!row) return { submitId: null, code: '', language: null };
  return { submitId: row.submitId, code: row.code + runComment(row), language: row.language };
}
