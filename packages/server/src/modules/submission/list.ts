import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { SubmissionListQuery } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { judge, problem, userInfo } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page } from '../../http/envelope.ts';
import { accessDenied } from '../../http/errors.ts';
import { problemMessages } from '../../http/messages.ts';
import { can } from '../../policy/index.ts';
import { groupFor } from '../group/access.ts';
import { containsPattern } from '../problem/query.ts';

/** A problem that is not public (hidden, contest-only or a group's): its submissions are not listed. */
const NOT_PUBLIC = sql.raw('(p.auth <> 1 or p.is_group)');

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
  return rows.map((r) => r.id);
}

/**
 * reference §3.4 `GET /api/get-submission-list`: non-contest, non-group submissions, newest first,
 * filtered by the caller's own (onlyMine), status, problem (problemID, exact with
 * completeProblemID) and author (username, a substring). Submissions of problems that are not
 * public are left out except for root (reference §7.7). The total comes from the counters of
 * schema/submissions.ts unless an author is filtered, whose rows an index finds directly.
 */
export async function listSubmissions(db: Db, user: AuthUser | null, query: SubmissionListQuery) {
  if (query.onlyMine && !user) throw accessDenied(problemMessages.loginFirst);
  // reference §3.4 `gid`: a group's submissions, for its members (their problems are the group's)
  const gid = query.gid;
  if (gid !== undefined) await groupFor(db, user, gid, 'group.member');
  // root sees every problem's submissions; inside a group every one is the group's own
  const allProblems = gid !== undefined || can(user, 'submission.listHidden');
  const conditions: (SQL | undefined)[] = [
    sql.raw(
      gid === undefined
        ? 'judge.cid = 0 and judge.gid is null'
        : `judge.cid = 0 and judge.gid = ${Number(gid)}`,
    ),
  ];
  if (query.status !== undefined) conditions.push(eq(judge.status, query.status));

  let pids: number[] | undefined;
  if (query.problemID) {
    // for everyone but root, only public problems are named
    pids = await problemsNamed(db, query.problemID, query.completeProblemID ?? false, !allProblems);
    conditions.push(pids.length > 0 ? inArray(judge.pid, pids) : sql`false`);
  } else if (!allProblems) {
    // a hashed subplan: the few problems that are not public are read once (problem_not_public_idx)
    conditions.push(sql`${judge.pid} not in (select p.id from ${problem} p where ${NOT_PUBLIC})`);
  }
  // a group's or an author's rows are few: their count is a window over the same scan
  const byAuthor = gid !== undefined || query.onlyMine || query.username !== undefined;
  if (query.onlyMine) conditions.push(eq(judge.uid, user!.uid));
  else if (query.username) {
    conditions.push(
      inArray(
        judge.uid,
        db
          .select({ uid: userInfo.uuid })
          .from(userInfo)
          .where(ilike(userInfo.username, containsPattern(query.username))),
      ),
    );
  }
  const where = and(...conditions);
  const offset = (query.currentPage - 1) * query.limit;
  // An author's rows are few and an index finds them: their count is a window over the same scan.
  // Otherwise the total comes from the counters of schema/submissions.ts.
  const total = byAuthor
    ? sql`(select page.total from page limit 1)`
    : countedTotalSql({ status: query.status, pids, root: allProblems });
  // One statement: the page's ids from the list indexes, then their rows and titles, and the total.
  // Each row comes as one JSON value: PGlite decodes a row of one field far faster than one of twenty.
  const records = await queryRows<{ row: ListRow; total: number | string }>(
    db,
    sql`with page as (
        select judge.submit_id ${byAuthor ? sql`, count(*) over () as total` : sql``}
        from judge where ${where}
        order by judge.submit_time desc, judge.submit_id desc limit ${query.limit} offset ${offset})
      select json_build_object('uid', judge.uid, 'submitId', judge.submit_id, 'username', judge.username,
          'pid', judge.pid, 'displayPid', judge.display_pid, 'title', problem.title,
          'submitTime', judge.submit_time, 'status', judge.status, 'share', judge.share, 'time', judge.time,
          'memory', judge.memory, 'score', judge.score, 'oiRankScore', judge.oi_rank_score,
          'length', judge.length, 'language', judge.language, 'cid', judge.cid, 'cpid', judge.cpid,
          'gid', judge.gid, 'judger', judge.judger, 'isManual', judge.is_manual) as row,
        ${total} as total
      from page join judge on judge.submit_id = page.submit_id
      left join problem on problem.id = judge.pid
      order by judge.submit_time desc, judge.submit_id desc`,
  );
  let totalCount: number;
  if (records.length > 0) totalCount = Number(records[0]!.total);
  else if (byAuthor) {
    // a page past the end: no row carries the total
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(judge)
      .where(where);
    totalCount = row?.n ?? 0;
  } else {
    const [row] = await queryRows<{ n: string | number }>(db, sql`select ${total} as n`);
    totalCount = Number(row?.n ?? 0);
  }
  return page(
    records.map(({ row: r }) => ({
      ...r,
      submitId: Number(r.submitId),
      pid: Number(r.pid),
      cid: Number(r.cid),
      cpid: Number(r.cpid),
      gid: r.gid === null ? null : Number(r.gid),
      submitTime: new Date(r.submitTime),
    })),
    totalCount,
    query.currentPage,
    query.limit,
  );
}

interface ListRow {
  uid: string;
  submitId: number | string;
  username: string | null;
  pid: number | string;
  displayPid: string;
  title: string | null;
  submitTime: Date | string;
  status: number;
  share: boolean;
  time: number | null;
  memory: number | null;
  score: number | null;
  oiRankScore: number | null;
  length: number | null;
  language: string | null;
  cid: number | string;
  cpid: number | string;
  gid: number | string | null;
  judger: string | null;
  isManual: boolean;
}

/**
 * The list total from the counters, as a scalar subquery: the named problems' counts, or every
 * count minus, for everyone but root, those of problems that are not public (both kept by the
 * triggers of schema/submissions.ts).
 */
function countedTotalSql(filter: { status?: number; pids?: number[]; root: boolean }): SQL {
  const status = filter.status === undefined ? sql`true` : sql`c.status = ${filter.status}`;
  if (filter.pids) {
    if (filter.pids.length === 0) return sql`0`;
    return sql`(select coalesce(sum(c.n), 0) from judge_problem_count c
      where ${status} and ${inArray(sql`c.pid`, filter.pids)})`;
  }
  const hidden = filter.root
    ? sql`0`
    : sql`(select coalesce(sum(c.n), 0) from judge_hidden_status_count c where ${status})`;
  return sql`((select coalesce(sum(c.n), 0) from judge_status_count c where ${status}) - ${hidden})`;
}
