import { and, eq, ilike, sql } from 'drizzle-orm';
import type { SubmissionListQuery } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { byShape, plannedStatement, preparedStatement } from '../../db/prepared.ts';
import { problem } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { pageJsonText } from '../../http/envelope.ts';
import { accessDenied } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { can } from '../../policy/index.ts';
import { groupFor } from '../group/access.ts';
import { commonTrigrams, indexPart } from '../home/search-trigrams.ts';
import { containsPattern } from '../problem/query.ts';

/** The problems the problemID filter names: exact with completeProblemID, else a substring (reference §3.4). */
async function problemsNamed(db: Db, problemID: string, exact: boolean, publicOnly: boolean) {
  const rows = await db
    .select({ id: problem.id })
    .from(problem)
    .where(
      and(
        exact
          ? eq(problem.problemId, problemID.toUpperCase())
          : ilike(problem.problemId, containsPattern(problemID)),
        publicOnly ? sql.raw('problem.auth = 1 and problem.is_group = false') : undefined,
      ),
    )
    .limit(1000);
  return rows.map((r) => Number(r.id));
}

/** Which filters a list query has: its statements' text depends on this alone. */
interface Shape {
  /** a group's submissions (its id the first filter value), or the public list's */
  group: boolean;
  /** every problem's submissions (root, or inside a group), else only public problems' */
  allProblems: boolean;
  status: boolean;
  /** how many problems the problem filter names (0: none asked for) */
  problems: number;
  /** the caller's own (onlyMine), or users by a name's part */
  author: 'uid' | 'name' | null;
  limit: number;
}

/** The list's conditions as SQL text, `next()` naming each parameter (see filterValues). */
function whereText(shape: Shape, next: () => string): string {
  const conditions = [
    shape.group ? `judge.cid = 0 and judge.gid = ${next()}` : 'judge.cid = 0 and judge.gid is null',
  ];
  if (shape.status) conditions.push(`judge.status = ${next()}`);
  if (shape.problems > 0) {
    const pids = Array.from({ length: shape.problems }, next);
    conditions.push(pids.length === 1 ? `judge.pid = ${pids[0]}` : `judge.pid in (${pids.join(', ')})`);
  } else if (!shape.allProblems) {
    // submissions of problems that are not public (hidden, contest-only or a group's) are left out,
    // reference §7.7: the row carries it (judge.problem_hidden, migration 0021), in the list indexes
    conditions.push('not judge.problem_hidden');
  }
  if (shape.author === 'uid') conditions.push(`judge.uid = ${next()}`);
  if (shape.author === 'name') {
    // the index finds the users by the keyword's uncommon part; the ILIKE is the filter itself
    const part = next();
    const pattern = next();
    conditions.push(
      `judge.uid in (select u.uuid from user_info u where lower(u.username) like lower(${part}) and u.username ilike ${pattern})`,
    );
  }
  return conditions.join(' and ');
}

/** The values of whereText's parameters, in its order. */
interface Filters {
  gid?: number;
  status?: number;
  pids: number[];
  uid?: string;
  /** the user name filter: what the index reads, and the whole pattern */
  name?: [string, string];
}

function filterValues(f: Filters): unknown[] {
  return [
    ...(f.gid !== undefined ? [f.gid] : []),
    ...(f.status !== undefined ? [f.status] : []),
    ...f.pids,
    ...(f.uid !== undefined ? [f.uid] : []),
    ...(f.name ?? []),
  ];
}

/**
 * The total of a list without an author, from the counters of schema/submissions.ts (kept by
 * judge's triggers): the named problems' counts, or every count minus, for everyone but root,
 * those of problems that are not public. A few row reads instead of a count over the submissions.
 */
function countedTotalText(shape: Shape, next: () => string): string {
  const status = shape.status ? `c.status = ${next()}` : 'true';
  if (shape.problems > 0) {
    const pids = Array.from({ length: shape.problems }, next);
    return `(select coalesce(sum(c.n), 0) from judge_problem_count c where ${status} and c.pid in (${pids.join(', ')}))`;
  }
  const hidden = shape.allProblems
    ? '0'
    : `(select coalesce(sum(c.n), 0) from judge_hidden_status_count c where ${status})`;
  return `((select coalesce(sum(c.n), 0) from judge_status_count c where ${status}) - ${hidden})`;
}

/** A timestamp as JavaScript's Date.prototype.toJSON writes it (UTC, milliseconds, "Z"). */
const JS_DATE_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * A group's or an author's rows are few and an index finds them: their total is a window count over
 * the same scan. Otherwise it comes from the counters (countedTotalText).
 */
const byAuthor = (shape: Shape) => shape.group || shape.author !== null;

/**
 * The list's statements for one shape: the page (offset $1, then the filters' values; the total's
 * values follow when it comes from the counters) and the total alone, for a page past the end,
 * where a window count has no row to ride on. One statement a page: its ids from the list indexes,
 * then their rows and titles, written by the database as the JSON array the answer sends as it is
 * (text, so neither PGlite nor the server parses and writes it again; compact, as JSON.stringify
 * writes it; the fields and their JSON types are those of HOJ's list, submitTime as JavaScript
 * writes a date; newest first, as the page's ids were chosen). A shape whose good plan
 * does not depend on the values (no problem list, no user name) is prepared with its generic plan,
 * so it is never planned again; the others are planned for their values on each call.
 */
const statementsFor = byShape((shape: Shape) => {
  const statement = shape.problems > 1 || shape.author === 'name' ? plannedStatement : preparedStatement;
  let n = 1;
  const where = whereText(shape, () => `$${++n}`);
  const total = byAuthor(shape)
    ? '(select page.total from page limit 1)'
    : countedTotalText(shape, () => `$${++n}`);
  let m = 0;
  const totalAlone = byAuthor(shape)
    ? `select count(*) as n from judge where ${whereText(shape, () => `$${++m}`)}`
    : `select ${countedTotalText(shape, () => `$${++m}`)} as n`;
  return {
    page: statement<{ records: string; total: number | string | null }>(
      `with page as (
        select judge.submit_id ${byAuthor(shape) ? ', count(*) over () as total' : ''}
        from judge where ${where}
        order by judge.submit_time desc, judge.submit_id desc limit ${shape.limit} offset $1)
      select coalesce((
          select array_to_json(array_agg(r order by judge.submit_time desc, judge.submit_id desc))::text
          from page join judge on judge.submit_id = page.submit_id
          left join problem on problem.id = judge.pid
          cross join lateral (
            select judge.uid, judge.submit_id as "submitId", judge.username, judge.pid,
              judge.display_pid as "displayPid", problem.title,
              to_char(judge.submit_time at time zone 'UTC', ${JS_DATE_FORMAT}) as "submitTime",
              judge.status, judge.share, judge.time, judge.memory, judge.score,
              judge.oi_rank_score as "oiRankScore", judge.length, judge.language, judge.cid, judge.cpid,
              judge.gid, judge.judger, judge.is_manual as "isManual") r), '[]') as records,
        ${total} as total`,
    ),
    total: statement<{ n: number | string }>(totalAlone),
  };
});

/**
 * The user name filter's parameters: the part of the keyword the trigram index reads (its
 * uncommon part, as the rank list's search does, home/search-trigrams.ts; or the whole keyword;
 * the database lower-cases it), and the whole keyword as HOJ's `LIKE '%…%'`, case-insensitive.
 */
async function nameFilter(db: Db, username: string): Promise<[string, string]> {
  const pattern = containsPattern(username);
  const part = indexPart(username, await commonTrigrams(db));
  return [part === null ? pattern : `%${part}%`, pattern];
}

/**
 * reference §3.4 `GET /api/get-submission-list`: non-contest, non-group submissions, newest first,
 * filtered by the caller's own (onlyMine), status, problem (problemID, exact with
 * completeProblemID) and author (username, a substring). Submissions of problems that are not
 * public are left out except for root (reference §7.7).
 */
export async function listSubmissions(db: Db, user: AuthUser | null, query: SubmissionListQuery) {
  if (query.onlyMine && !user) throw accessDenied(problemMessages.loginFirst);
  // reference §3.4 `gid`: a group's submissions, for its members (their problems are the group's)
  const gid = query.gid;
  if (gid !== undefined) await groupFor(db, user, gid, 'group.member');
  // root sees every problem's submissions; inside a group every one is the group's own
  const allProblems = gid !== undefined || can(user, 'submission.listHidden');
  const filters: Filters = {
    gid: gid === undefined ? undefined : Number(gid),
    status: query.status,
    pids: [],
  };
  if (query.problemID) {
    // for everyone but root, only public problems are named
    filters.pids = await problemsNamed(db, query.problemID, query.completeProblemID ?? false, !allProblems);
    if (filters.pids.length === 0) return pageJsonText('[]', 0, query.currentPage, query.limit);
  }
  if (query.onlyMine) filters.uid = user!.uid;
  else if (query.username) filters.name = await nameFilter(db, query.username);
  const shape: Shape = {
    group: gid !== undefined,
    allProblems,
    status: query.status !== undefined,
    problems: filters.pids.length,
    author: query.onlyMine ? 'uid' : query.username ? 'name' : null,
    limit: query.limit,
  };
  const statements = statementsFor(shape);
  const values = filterValues(filters);
  // the counters' total takes the status and the problems again
  const totalValues = byAuthor(shape)
    ? values
    : [...(filters.status !== undefined ? [filters.status] : []), ...filters.pids];
  const offset = (query.currentPage - 1) * query.limit;
  const [found] = await statements.page(db, [offset, ...values, ...(byAuthor(shape) ? [] : totalValues)]);
  // a page past the end of a window-counted list: no row carried the total
  const total = Number(found?.total ?? (await statements.total(db, totalValues))[0]?.n ?? 0);
  return pageJsonText(found?.records ?? '[]', total, query.currentPage, query.limit);
}
