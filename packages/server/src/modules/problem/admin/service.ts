import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  JUDGE_PROGRAM_LANGUAGES,
  PROBLEM_LIMITS,
  type adminProblemListQuery,
  type CompileDto,
  type EditorScope,
  type JudgeProgramLanguage,
} from '@verdict/shared';
import type { Db } from '../../../db/client.ts';
import { judgeProblemCount, problem, problemCase } from '../../../db/schema/index.ts';
import { inScope } from '../../../db/scope.ts';
import type { AuthUser } from '../../../http/auth/access.ts';
import { ok, page } from '../../../http/envelope.ts';
import { fail, notFound, systemError } from '../../../http/errors.ts';
import { problemMessages } from '../../../http/messages.ts';
import type { CompileChecks } from '../../judge-gateway/compile-checks.ts';
import { problemJson } from '../json.ts';
import { ojCondition } from '../query.ts';
import { adminProblemKeyword, newestProblemPage } from './picker.ts';
import { assertCan } from '../../../policy/index.ts';
import { parseExtraFiles } from './fields.ts';

/**
 * reference §3.12 `GET /api/admin/problem/get-problem-list`: the scope's problems, newest id first,
 * by keyword (title, author or problem id), auth (0 = all) and judge.
 */
export async function adminProblemList(
  db: Db,
  query: z.output<typeof adminProblemListQuery>,
  scope: EditorScope,
) {
  return adminProblemPage(db, query, [
    inScope(problem, scope),
    adminProblemKeyword(query.keyword),
    query.auth ? eq(problem.auth, query.auth) : undefined,
    ojCondition(query.oj),
  ]);
}

/** A page of the problems matching `conditions`, newest first, as the admin lists answer them. */
export async function adminProblemPage(
  db: Db,
  query: { currentPage: number; limit: number },
  conditions: (SQL | undefined)[],
) {
  const { rows, total } = await newestProblemPage(db, conditions, [], query.currentPage, query.limit);
  return page(
    rows.map((row) => problemJson(row)),
    total,
    query.currentPage,
    query.limit,
  );
}

/** A problem the caller may administer (root, problem_admin or its author). */
export async function editableProblem(db: Db, user: AuthUser, pid: number) {
  const [row] = await db.select().from(problem).where(eq(problem.id, pid));
  assertCan(user, 'problem.edit', row);
  return row!;
}

/**
 * reference §3.12 `GET /api/admin/problem/get-problem-cases`: the usable cases, uploaded ones
 * ordered by file name (length first, so 2 < 10), typed ones in their order.
 */
export async function problemCases(db: Db, user: AuthUser, pid: number, isUpload: boolean) {
  await editableProblem(db, user, pid);
  return casesOf(db, pid, isUpload);
}

/** The usable cases of a problem whose caller was checked, in the order of problemCases. */
export function casesOf(db: Db, pid: number, isUpload: boolean) {
  return db
    .select()
    .from(problemCase)
    .where(and(eq(problemCase.pid, pid), eq(problemCase.status, 0)))
    .orderBy(
      ...(isUpload
        ? [sql`length(${problemCase.input})`, asc(problemCase.input), asc(problemCase.id)]
        : [asc(problemCase.id)]),
    );
}

/** reference §3.12 `PUT /api/admin/problem/change-problem-auth`. */
export async function changeProblemAuth(db: Db, user: AuthUser, pid: number, auth: number, now: Date) {
  const row = await editableProblem(db, user, pid);
  assertCan(user, 'problem.publish', { auth, previous: row.auth });
  await setProblemAuth(db, user, pid, auth, now);
}

/** Sets a problem's `auth` (1 public, 2 hidden, 3 contest-only) for a caller who was checked. */
export async function setProblemAuth(db: Db, user: AuthUser, pid: number, auth: number, now: Date) {
  await db
    .update(problem)
    .set({ auth, modifiedUser: user.username, gmtModified: now })
    .where(eq(problem.id, pid));
}

/**
 * reference §3.12 `DELETE /api/admin/problem` (root, problem_admin): the problem and, by cascade,
 * its cases, submissions and links. Its counter rows go too (they have no foreign key, see
 * schema/submissions.ts). Test files stay in the content-addressed store, where other problems
 * may share them.
 */
export async function deleteProblem(db: Db, pid: number) {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(problem).where(eq(problem.id, pid)).returning({ id: problem.id });
    if (deleted.length === 0) throw notFound(problemMessages.problemNotFound);
    await tx.delete(judgeProblemCount).where(eq(judgeProblemCount.pid, pid));
  });
}

/** At most this many judge extra files go with a compile check, each at most PROBLEM_LIMITS.textMax. */
export const COMPILE_EXTRA_FILES_MAX = 20;

/**
 * reference §3.12 `POST /api/admin/problem/compile-spj|compile-interactive`: compiles the checker or
 * interactor on a judge worker, the way judging compiles it. Compiled → "编译成功！"; a compile error →
 * status 500 with the compiler's output as the message (HOJ passed its judge server's answer through).
 * When no worker takes the check or answers in time the call fails with status 400, which the admin
 * form treats as "could not check" rather than as a compile error.
 */
export async function compileJudgeProgram(
  checks: CompileChecks,
  check: 'spj' | 'interactive',
  body: CompileDto,
  abort?: AbortSignal,
) {
  const language = body.language as JudgeProgramLanguage;
  if (!JUDGE_PROGRAM_LANGUAGES.includes(language)) throw fail(problemMessages.spjLanguageInvalid);
  if (body.code.trim() === '') throw fail(problemMessages.spjCodeRequired);
  const extraFiles = parseExtraFiles(body.extraFiles, 'extraFiles') ?? {};
  const contents = Object.values(extraFiles);
  if (
    contents.length > COMPILE_EXTRA_FILES_MAX ||
    contents.some((content) => content.length > PROBLEM_LIMITS.textMax)
  ) {
    throw fail(problemMessages.compileExtraFilesLimit(COMPILE_EXTRA_FILES_MAX, '1 MiB'));
  }
  const answer = await checks.run({ check, language, code: body.code, extraFiles }, abort);
  switch (answer.outcome) {
    case 'done':
      if (answer.ok) return ok(null, problemMessages.compiled);
      throw systemError(answer.message.trim() === '' ? problemMessages.compileFailed : answer.message);
    case 'unclaimed':
      throw fail(problemMessages.compileNoJudge(language));
    case 'unanswered':
    case 'aborted':
      throw fail(problemMessages.compileNoAnswer);
  }
}
