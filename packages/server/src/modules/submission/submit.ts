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
import { findProblemByDisplayId } from '../problem/detail.ts';
import { assertTrainingAccess } from '../problem/full-screen.ts';
import { assertCan, assertScopeAvailable } from '../../policy/index.ts';
import { answerOf, passCaptchaGate } from './captcha-gate.ts';
import * as lifecycle from './lifecycle/transitions.ts';
import { assertInterval, assertJudgeOpen, judgeSwitches, lockUser } from './switches.ts';

type ProblemRow = typeof problem.$inferSelect;

const CODE_MESSAGES: Record<NonNullable<ReturnType<typeof checkCode>>, Message> = {
  empty: problemMessages.codeEmpty,
  tooShort: problemMessages.codeTooShort,
  tooLong: problemMessages.codeTooLong,
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
    await assertTrainingAccess(db, user, body.tid);
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
  return row;
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
  if (inContest) assertScopeAvailable('contest');
  if (body.gid) assertScopeAvailable('group');
  assertCodeAcceptable(body.code, body.language);

  const target = await problemToSubmit(db, user, body);
  assertSubmittable(user, target);
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
        ip: context.ip,
        priority: JUDGE_PRIORITY.ordinary,
      },
      { tid: body.tid },
    );
  });
}
