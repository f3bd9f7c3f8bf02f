import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { CONTEST_STATUS, JudgeStatus, PROBLEM_AUTH, type ContestProblemVO } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { contestProblem, problem } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { can } from '../../policy/index.ts';
import type { Subject } from '../../policy/subjects.ts';
import { countsFromJson } from '../problem/counts.ts';
import { problemInfoRow, tagsJson, tagsOfProblem, viewableProblem } from '../problem/detail.ts';
import { problemJson } from '../problem/json.ts';
import { contestFor, type ContestView } from './access.ts';
import { contestMessages } from './messages.ts';
import { acAndTotal, contestProblemCounts, contestUserStatuses } from './problem-stats.ts';
import { includesAfterEnd } from './window.ts';

/** The contest's problems in display order, with their problem's auth (reference §4.4). */
export async function problemsOfContest(db: Db, view: ContestView) {
  const rows = await db
    .select({ cp: contestProblem, auth: problem.auth, title: problem.title })
    .from(contestProblem)
    .innerJoin(problem, eq(problem.id, contestProblem.pid))
    .where(eq(contestProblem.cid, view.row.id))
    .orderBy(sql`length(${contestProblem.displayId})`, asc(contestProblem.displayId));
  // reference §7.7: hidden problems (auth 2) are left out of contest lists (contest admins still see them)
  return rows.filter((r) => view.admin || r.auth !== PROBLEM_AUTH.hidden);
}

/**
 * reference §3.6 `GET /api/get-contest-problem`, §7.8, §7.9, §7.18; spec part 1 §2–§3: the problem
 * list with balloon colours, AC and total (null, shown as "?", while the board is sealed for the
 * caller) and the caller's status and OI score per problem (null for anonymous callers).
 */
export async function contestProblemList(
  db: Db,
  user: Subject,
  cid: number,
  containsEnd: boolean | undefined,
  now: Date,
): Promise<ContestProblemVO[]> {
  const view = await contestFor(db, user, cid, now, 'contest.problems');
  const rows = await problemsOfContest(db, view);
  const afterEnd = includesAfterEnd(view, containsEnd);
  const counts = view.sealed ? undefined : await contestProblemCounts(db, view, afterEnd);
  const statuses = user
    ? await contestUserStatuses(
        db,
        view,
        user.uid,
        rows.map((r) => r.cp.pid),
        { afterEnd },
      )
    : undefined;
  return rows.map(({ cp }) => {
    const figures = counts ? acAndTotal(counts.get(cp.pid)) : { ac: null, total: null };
    const mine = statuses?.get(cp.pid);
    return {
      id: cp.id,
      displayId: cp.displayId,
      cid: cp.cid,
      pid: cp.pid,
      displayTitle: cp.displayTitle,
      color: cp.color,
      ac: figures.ac,
      total: figures.total,
      myStatus: statuses ? (mine?.status ?? JudgeStatus.NOT_SUBMITTED) : null,
      score: mine?.score ?? null,
    };
  });
}

/** The contest problem of display id `displayId` (case-insensitive, as problem ids are), or 404. */
export function contestProblemNamed(db: Db, view: ContestView, displayId: string) {
  return contestProblemWhere(db, view, sql`upper(${contestProblem.displayId}) = ${displayId.toUpperCase()}`);
}

/** The contest problem of problem `pid` (test runs name the problem by its id), or 404. */
export function contestProblemOf(db: Db, view: ContestView, pid: number) {
  return contestProblemWhere(db, view, eq(contestProblem.pid, pid));
}

async function contestProblemWhere(db: Db, view: ContestView, which: SQL) {
  const [row] = await db
    .select({ cp: contestProblem, auth: problem.auth })
    .from(contestProblem)
    .innerJoin(problem, eq(problem.id, contestProblem.pid))
    .where(and(eq(contestProblem.cid, view.row.id), which));
  if (!row) throw notFound(contestMessages.problemNotFound);
  // reference §7.7: a hidden problem is refused in its contest too (contest admins excepted)
  if (row.auth === PROBLEM_AUTH.hidden && !view.admin) throw forbidden(contestMessages.problemHidden);
  return row.cp;
}

/**
 * reference §3.6 `GET /api/get-contest-problem-details`: ProblemInfoVO of a contest problem, its
 * title the display title, its counts the contest's (§7.8; null while sealed for the caller), the
 * caller's status (§7.9). While the contest has not ended source, author and difficulty are hidden
 * from non-admins, and so are the tags. **Changed:** HOJ sent the tags only *before* the end
 * (reference §13.22), handing out the solution's method during the contest; Verdict sends them
 * after it.
 */
export async function contestProblemDetails(
  db: Db,
  user: AuthUser,
  query: { cid: number; displayId: string; containsEnd?: boolean },
  now: Date,
) {
  const view = await contestFor(db, user, query.cid, now, 'contest.enter');
  const cp = await contestProblemNamed(db, view, query.displayId);
  const row = await problemInfoRow(db, eq(problem.id, cp.pid));
  if (!row) throw notFound(contestMessages.problemNotFound);
  const afterEnd = includesAfterEnd(view, query.containsEnd);
  const running = view.facts.status !== CONTEST_STATUS.ended && !view.admin;
  const json = problemJson(row.problem, { publicView: true });
  const [statuses, counts] = await Promise.all([
    contestUserStatuses(db, view, user.uid, [cp.pid], { afterEnd }),
    view.sealed ? undefined : contestProblemCounts(db, view, afterEnd),
  ]);
  return {
    problem: {
      ...json,
      title: cp.displayTitle,
      ...(running ? { source: null, author: null, difficulty: null } : {}),
    },
    tags: running ? [] : tagsJson(row.tags),
    languages: row.languages,
    problemCount: counts ? countsFromJson(cp.pid, Object.fromEntries(counts.get(cp.pid) ?? [])) : null,
    codeTemplate: row.codeTemplate,
    myStatus: statuses.get(cp.pid)?.status ?? JudgeStatus.NOT_SUBMITTED,
    myScore: statuses.get(cp.pid)?.score ?? null,
    contestProblem: { id: cp.id, displayId: cp.displayId, displayTitle: cp.displayTitle, color: cp.color },
    realTime: can(user, 'contest.realTime', view.facts),
  };
}

/**
 * A problem named by id for the problem page's side calls (languages, templates): outside a contest
 * the bank's rule (reference §7.7); with `cid`, a problem of that contest that the caller may open
 * there (§7.18), so that a contest-only problem's editor works in its contest.
 */
export async function viewableProblemIn(
  db: Db,
  user: Subject,
  query: { pid: number; cid?: number },
  now: Date,
): Promise<void> {
  if (query.cid === undefined) {
    await viewableProblem(db, user, query.pid);
    return;
  }
  const view = await contestFor(db, user, query.cid, now, 'contest.enter');
  await contestProblemOf(db, view, query.pid);
}

/**
 * reference §3.2 `get-problem-tags` with Verdict's `cid`: a contest problem's tags through its
 * contest, hidden from non-admins until the end as in get-contest-problem-details above.
 */
export async function contestProblemTags(
  db: Db,
  user: Subject,
  query: { pid: number; cid: number },
  now: Date,
) {
  const view = await contestFor(db, user, query.cid, now, 'contest.enter');
  await contestProblemOf(db, view, query.pid);
  const running = view.facts.status !== CONTEST_STATUS.ended && !view.admin;
  return running ? [] : tagsOfProblem(db, query.pid);
}
