import { and, eq, max } from 'drizzle-orm';
import { checkCode, type SubmitJudgeBody } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import {
  JUDGE_PRIORITY,
  judge,
  language,
  problem,
  problemLanguage,
  trainingProblem,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, notFound } from '../../http/errors.ts';
import { problemMessages, type Message } from '../../http/messages.ts';
import { contestFor } from '../contest/access.ts';
import { contestProblemNamed } from '../contest/problems.ts';
import { trainingFor } from '../training/access.ts';
import { findProblem, findProblemByDisplayId } from '../problem/detail.ts';
import { assertCan } from '../../policy/index.ts';
import { withGroupFacts } from '../group/access.ts';
import { answerOf, passCaptchaGate } from './captcha-gate.ts';
import * as lifecycle from './lifecycle/transitions.ts';
import { assertInterval, assertJudgeOpen, judgeSwitches, lockUser } from './switches.ts';

type ProblemRow = typeof problem.$inferSelect;

const CODE_MESSAGES: Record<NonNullable<ReturnType<typeof checkCode>>, Message> = {
  empty: problemMessages.codeEmpty,
  tooShort: problemMessages.codeTooShort,
  tooLong: problemMessages.codeTooLong,
  binary: problemMessages.codeBinary,
};

/** spec part 1 §5, reference §6.1 step 3: the code rules of submissions and test runs. */
export function assertCodeAcceptable(code: string, languageName: string) {
  const problem = checkCode(code, languageName);
  if (problem) throw fail(CODE_MESSAGES[problem]);
}

/** The language row of `name` if the problem offers it (Verdict checks the problem's own list). */
export async function problemLanguageNamed(db: Db, pid: number, name: string) {
  const [row] = await db
    .select({ id: language.id, name: language.name, contentType: language.contentType, oj: language.oj })
    .from(problemLanguage)
    .innerJoin(language, eq(language.id, problemLanguage.lid))
    .where(and(eq(problemLanguage.pid, pid), eq(language.name, name)));
  return row;
}

/**
 * Who may submit to a problem outside a contest (reference §6.1 step 5). Hidden problems only for
 * the admin roles; contest-only problems never — HOJ accepted them from anyone who knew the id
 * (reference §13.21), although their page is refused. Group problems need their group.
 */
export function assertSubmittable(user: AuthUser, p: ProblemRow) {
  assertCan(user, 'problem.submit', p);
}

async function problemToSubmit(db: Db, user: AuthUser, body: SubmitJudgeBody) {
  const displayId = body.pid.toUpperCase();
  if (body.tid) {
    // reference §6.1 step 5 "Training": the training's rules, then its problem by display id.
    await trainingFor(db, user, body.tid);
    const [row] = await db
      .select({ problem })
      .from(trainingProblem)
      .innerJoin(problem, eq(problem.id, trainingProblem.pid))
      .where(and(eq(trainingProblem.tid, body.tid), eq(trainingProblem.displayId, displayId)));
    if (!row) throw notFound(problemMessages.problemNotFound);
    return row.problem;
  }
  const row = await findProblemByDisplayId(db, displayId);
  if (!row) throw notFound(problemMessages.problemNotFound);
  // reference §6.1 `gid`: the problem must be that group's (a public problem named with a gid is not there)
  if (body.gid && row.gid !== body.gid) throw notFound(problemMessages.problemNotFound);
  return row;
}

/**
 * reference §6.1 step 5 "Contest": the contest's rules for submitting (policy rule contest.submit:
 * visible, started unless a contest admin, not ended unless allowEndSubmit, registration and the
 * account-limit rule for private and protected contests), its problem by display id, one of the
 * problem's languages; then a Pending row at contest priority with the contest problem, whose
 * contest record (`time` from the start) the lifecycle's contest hook writes. Contest submissions
 * have no interval and no captcha (reference §6.1 step 4).
 */
async function submitInContest(
  db: Db,
  user: AuthUser,
  body: SubmitJudgeBody & { cid: number },
  context: { ip: string; now: Date },
) {
  const view = await contestFor(db, user, body.cid, context.now, 'contest.submit');
  const cp = await contestProblemNamed(db, view, body.pid);
  const target = await findProblem(db, cp.pid);
  if (!target) throw notFound(problemMessages.problemNotFound);
  if (!(await problemLanguageNamed(db, target.id, body.language)))
    throw fail(problemMessages.languageNotAllowed);
  return db.transaction((tx) =>
    lifecycle.create(tx, {
      pid: target.id,
      displayPid: target.problemId,
      uid: user.uid,
      username: user.username,
      submitTime: context.now,
      share: false,
      length: body.code.length,
      code: body.code,
      language: body.language,
      cid: view.row.id,
      cpid: cp.id,
      ip: context.ip,
      priority: JUDGE_PRIORITY.contest,
    }),
  );
}

/**
 * reference §6.1 `POST /api/submit-problem-judge` outside contests and groups: switches, code
 * rules, the problem and its language, the submission interval and the captcha of fast submitters
 * (with the clock, under a per-user lock), then the lifecycle's `create`: one Pending row at ordinary
 * priority — the judge queue itself — and the scopes' records (the training records of §6.1 step 5).
 */
export async function submitProblem(
  db: Db,
  user: AuthUser,
  body: SubmitJudgeBody,
  context: { ip: string; now: Date },
) {
  const switches = await judgeSwitches(db);
  const inContest = (body.cid ?? 0) !== 0;
  assertJudgeOpen(switches, inContest ? 'contest' : body.gid ? 'group' : 'public');
  assertCodeAcceptable(body.code, body.language);
  if (inContest) return submitInContest(db, user, { ...body, cid: body.cid! }, context);

  const target = await problemToSubmit(db, user, body);
  assertSubmittable(user, (await withGroupFacts(db, user, target))!);
  if (!(await problemLanguageNamed(db, target.id, body.language)))
    throw fail(problemMessages.languageNotAllowed);
  const captchaAnswer = await answerOf(db, body, context.now);

  return db.transaction(async (tx) => {
    await lockUser(tx, 'submit', user.uid);
    const [last] = await tx
      .select({ at: max(judge.submitTime) })
      .from(judge)
      .where(and(eq(judge.uid, user.uid), eq(judge.cid, 0)));
    await assertInterval(tx, switches.defaultSubmitInterval, last?.at ?? null, context.now);
    await passCaptchaGate(tx, switches, user.uid, captchaAnswer, context.now);
    return lifecycle.create(
      tx,
      {
        pid: target.id,
        displayPid: target.problemId,
        uid: user.uid,
        username: user.username,
        submitTime: context.now,
        share: false,
        length: body.code.length,
        code: body.code,
        language: body.language,
        cid: 0,
        cpid: 0,
        // a group problem's submission is the group's (reference §6.1 `gid`): its lists, rank and counts
        gid: target.isGroup ? target.gid : null,
        ip: context.ip,
        priority: JUDGE_PRIORITY.ordinary,
      },
      { tid: body.tid },
    );
  });
}
