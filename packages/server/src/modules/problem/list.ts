import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PROBLEM_AUTH, type ProblemListQuery, type ProblemListRow, type TagSummary } from '@verdict/shared';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { problem, problemTag } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/auth/access.ts';
import { page, type Page } from '../../http/envelope.ts';
import { can } from '../../policy/index.ts';
import { countsFromJson, userProblemStatuses } from './counts.ts';
import { countedProblemsSql, ojCondition, ojKind, searchCondition } from './query.ts';

interface PageRow {
  pid: number | string;
  problemId: string;
  title: string;
  difficulty: number;
  type: number;
  auth: number;
  gmtModified: Date | string;
  tags: TagSummary[] | null;
  counts: Record<string, number | string> | null;
}

/**
 * reference §3.3 `GET /api/get-problem-list`, §7.7: public (auth 1), non-group problems, filtered by
 * keyword, difficulty, judge and tags (a problem must have every tag), ordered by
 * length(problem_id), problem_id. A super admin may list hidden or contest problems with `auth`
 * (spec part 1 §2). Each row carries the counts of §7.8 and the caller's status (§7.9).
 *
 * One statement (PGlite costs about half a millisecond per statement): the page's ids from
 * problem_public_list_idx (a deep page skips index entries, not rows; the difficulty, judge and
 * keyword filters are read there too), their rows, tags and counts, and the total — from the
 * problem counters, or, when a keyword, tag or remote-judge filter has to read the bank anyway, a
 * window count of the same scan.
 */
export async function listProblems(
  db: Db,
  query: ProblemListQuery,
  user: AuthUser | null,
  /**
   * A group's list instead (reference §3.10 `get-problem-list`, for its members, who the caller
   * checked): its problems open to members (auth 1), counted and statused by the group's submissions.
   */
  group?: { gid: number },
): Promise<Page<ProblemListRow>> {
  const auth =
    query.auth !== undefined && !group && can(user, 'problem.listAnyAuth') ? query.auth : PROBLEM_AUTH.public;
  // Literal (not bound) auth and is_group, so that the planner can use problem_public_list_idx.
  const conditions: (SQL | undefined)[] = [
    group
      ? sql.raw(`problem.gid = ${Number(group.gid)} and problem.auth = ${Number(auth)}`)
      : sql.raw(`problem.is_group = false and problem.auth = ${Number(auth)}`),
  ];
  if (query.keyword) conditions.push(searchCondition(query.keyword));
  if (query.difficulty !== undefined) conditions.push(eq(problem.difficulty, query.difficulty));
  conditions.push(ojCondition(query.oj));
  const tagIds = [...new Set([...query.tagId, ...(query['tagId[]'] ?? [])])];
  if (tagIds.length > 0) {
    // The problems having every tag, found once from the tags' side (problem_tag_tid_index) and
    // joined, instead of counting each problem's tags row by row over the whole bank.
    conditions.push(
      sql`${problem.id} in (select ${problemTag.pid} from ${problemTag} where ${inArray(problemTag.tid, tagIds)}
        group by ${problemTag.pid} having count(*) = ${tagIds.length})`,
    );
  }
  const where = and(...conditions)!;
  const kind = ojKind(query.oj);
  // a group's few problems are counted as they are read; the counters hold the public bank only
  const scanning = !!group || query.keyword !== undefined || tagIds.length > 0 || kind === 'remote';
  const counts = group
    ? sql`(select json_object_agg(c.status, c.n) from (select j.status, count(*) as n from judge j
          where j.pid = p.id and j.cid = 0 and j.gid = ${group.gid} group by j.status) c)`
    : sql`(select json_object_agg(c.status, c.n) from judge_problem_count c where c.pid = p.id)`;
  const total = scanning
    ? sql`page.total`
    : countedProblemsSql({ auth, difficulty: query.difficulty, localOnly: kind === 'local' });
  const offset = (query.currentPage - 1) * query.limit;
  // The page's tags and counts are read per row by primary key, which keeps the plan the same
  // whatever the planner guesses of a keyword's matches. Each row comes as one JSON value: PGlite
  // decodes a row of one field far faster than one of ten.
  const rows = await queryRows<{ row: PageRow; total: number | string }>(
    db,
    sql`with page as (
        select problem.id ${scanning ? sql`, count(*) over () as total` : sql``}
        from problem where ${where}
        order by length(problem.problem_id), problem.problem_id limit ${query.limit} offset ${offset})
      select json_build_object('pid', p.id, 'problemId', p.problem_id, 'title', p.title,
          'difficulty', p.difficulty, 'type', p.type, 'auth', p.auth, 'gmtModified', p.gmt_modified,
          'tags', (select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color,
                      'oj', t.oj) order by t.id)
                   from tag t where t.id = any(array(select pt.tid from problem_tag pt where pt.pid = p.id))),
          'counts', ${counts}
        ) as row,
        ${total} as total
      from page join problem p on p.id = page.id
      order by length(p.problem_id), p.problem_id`,
  );
  let totalCount: number;
  if (rows.length > 0) totalCount = Number(rows[0]!.total);
  else {
    // a page past the end: no row carries the total
    const [row] = await db.select({ n: count() }).from(problem).where(where);
    totalCount = row?.n ?? 0;
  }
  const pids = rows.map(({ row }) => Number(row.pid));
  const statuses = user
    ? await userProblemStatuses(db, user.uid, pids, { gid: group?.gid })
    : new Map<number, number>();
  const records = rows.map(({ row: r }) => {
    const pid = Number(r.pid);
    const { pid: _pid, ...stats } = countsFromJson(pid, r.counts ?? {});
    return {
      pid,
      problemId: r.problemId,
      title: r.title,
      difficulty: r.difficulty,
      type: r.type,
      auth: r.auth,
      gmtModified: new Date(r.gmtModified).toISOString(),
      tags: (r.tags ?? []).map((t) => ({ ...t, id: Number(t.id) })),
      ...stats,
      myStatus: statuses.get(pid) ?? -10,
    };
  });
  return page(records, totalCount, query.currentPage, query.limit);
}
