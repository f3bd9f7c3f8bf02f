import { randomUUID } from 'node:crypto';
import { and, eq, lt, max, sql } from 'drizzle-orm';
import { JudgeStatus, SUBMISSION_LIMITS, UNFINISHED_STATUSES, type TestJudgeBody } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { JUDGE_PRIORITY, language, testRun } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { fail, notFound } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { contestFor } from '../contest/access.ts';
import { contestMessages } from '../contest/messages.ts';
import { contestProblemOf } from '../contest/problems.ts';
import { findProblem } from '../problem/detail.ts';
import { createTestRun } from './lifecycle/test-runs.ts';
import { withGroupFacts } from '../group/access.ts';
import { assertCodeAcceptable, assertSubmittable, problemLanguageNamed } from './submit.ts';
import { assertInterval, assertJudgeOpen, judgeSwitches, lockUser } from './switches.ts';

/** How long a test run and its result are kept (HOJ: 600 s in Redis while pending). */
const TEST_RUN_TTL_MS = 10 * 60 * 1000;

/**
 * reference §8.12: a remote problem's language is run with a local one, chosen by its CodeMirror
 * mode or, for the Python and JavaScript families, by name.
 */
const LOCAL_BY_MODE: Record<string, string> = {
  'text/x-c++src': 'C++ With O2',
  'text/x-csrc': 'C With O2',
  'text/x-java': 'Java',
  'text/x-go': 'Golang',
  'text/x-csharp': 'C#',
  'text/x-php': 'PHP',
  'text/x-ruby': 'Ruby',
  'text/x-rustsrc': 'Rust',
};
const LOCAL_BY_NAME = ['PyPy3', 'PyPy2', 'Python3', 'Python2', 'JavaScript Node', 'JavaScript V8'];

function localLanguageOf(chosen: {
  name: string;
  contentType: string | null;
  oj: string;
}): string | undefined {
  if (chosen.oj === 'ME') return chosen.name;
  const byMode = chosen.contentType ? LOCAL_BY_MODE[chosen.contentType] : undefined;
  return byMode ?? LOCAL_BY_NAME.find((name) => chosen.name.includes(name));
}

/**
 * reference §3.4 `POST /api/submit-problem-test-judge`, §8.12: the judge switch of the scope, the
 * code rules, an input of at most 1000 characters (empty too: a sample may have no input, issue
 * 24 item 9), a problem the caller may submit to and one of its languages, and the submission interval (a separate one, with the clock). The run goes into the
 * `test_run` queue; its id is the key (`TEST_JUDGE_<uuid>`) the client polls with.
 */
export async function submitTestRun(db: Db, user: AuthUser, body: TestJudgeBody, now: Date) {
  const switches = await judgeSwitches(db);
  const inContest = body.type === 'contest' || (body.cid ?? 0) !== 0;
  assertJudgeOpen(switches, inContest ? 'contest' : body.type);
  assertCodeAcceptable(body.code, body.language);
  if (body.userInput.length > SUBMISSION_LIMITS.testInputMax) throw fail(problemMessages.testInputTooLong);
  if ((body.expectedOutput ?? '').length > SUBMISSION_LIMITS.testExpectedMax) {
    throw fail(problemMessages.testExpectedTooLong);
  }

  const target = await findProblem(db, body.pid);
  if (!target) throw notFound(problemMessages.problemNotFound);
  if (inContest) {
    // reference §6.1 step 5 "Contest": a test run inside a contest follows its submitting rules
    if (!body.cid) throw fail(contestMessages.contestRequired);
    await contestProblemOf(db, await contestFor(db, user, body.cid, now, 'contest.submit'), target.id);
  } else {
    if (body.gid && target.gid !== body.gid) throw notFound(problemMessages.problemNotFound);
    assertSubmittable(user, (await withGroupFacts(db, user, target))!);
  }
  const chosen = await problemLanguageNamed(db, target.id, body.language);
  const local = chosen && localLanguageOf(chosen);
  if (!local) throw fail(problemMessages.languageNotAllowed);
  const [exists] = await db
    .select({ id: language.id })
    .from(language)
    .where(and(eq(language.oj, 'ME'), eq(language.name, local)));
  if (!exists) throw fail(problemMessages.languageNotAllowed);

  const key = `TEST_JUDGE_${randomUUID().replaceAll('-', '')}`;
  await db.transaction(async (tx) => {
    await lockUser(tx, 'test', user.uid);
    const expired = new Date(now.getTime() - TEST_RUN_TTL_MS);
    await tx.delete(testRun).where(lt(testRun.gmtCreate, expired));
    const [last] = await tx
      .select({ at: max(testRun.gmtCreate) })
      .from(testRun)
      .where(eq(testRun.uid, user.uid));
    await assertInterval(tx, switches.defaultSubmitInterval, last?.at ?? null, now);
    await createTestRun(tx, {
      id: key,
      uid: user.uid,
      pid: target.id,
      language: local,
      code: body.code,
      input: body.userInput,
      expectedOutput: body.expectedOutput || null,
      priority: JUDGE_PRIORITY.testRun,
      gmtCreate: now,
    });
  });
  return key;
}

/**
 * reference §3.4 `GET /api/get-test-judge-result`: `{status: 5}` while the run waits or runs, then
 * the result (stdout as `userOutput`, compiler output or stderr as `stderr`) with the problem's
 * judge mode, for the client's "uncertain answer" notice on special judges. The result stays
 * readable until the run expires (HOJ deleted it at the first read).
 */
export async function testRunResult(db: Db, user: AuthUser, key: string) {
  const [row] = await db
    .select({
      run: testRun,
      judgeMode: sql<string>`(select judge_mode from problem where id = ${testRun.pid})`,
    })
    .from(testRun)
    .where(and(eq(testRun.id, key), eq(testRun.uid, user.uid)));
  if (!row) throw fail(problemMessages.testRunNotFound);
  const { run } = row;
  if (UNFINISHED_STATUSES.includes(run.status)) return { status: JudgeStatus.PENDING };
  return {
    status: run.status,
    time: run.time,
    memory: run.memory,
    userInput: run.input,
    userOutput: run.output,
    expectedOutput: run.expectedOutput,
    stderr: run.errorMessage,
    problemJudgeMode: row.judgeMode,
  };
}
